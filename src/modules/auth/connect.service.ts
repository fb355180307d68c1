/** Connected apps: the external sign-in account (multiplai) linked to, or unlinked from, the signed-in user. */
import type { RequestContext } from '../../platform/http/context'
import { conflict } from '../../platform/http/errors'
import { User } from '../users'

/** Links the provider subject to the signed-in user (null when nobody is signed in). 409 when another account holds it. */
export async function linkToCurrentUser(ctx: RequestContext, sub: string): Promise<User | null> {
  const me = ctx.user
  if (!me) return null
  const other = await ctx.em.findOne(User, { oidcSubject: sub, id: { $ne: me.id } })
  if (other) throw conflict('This Multiplai account is already linked to another account.')
  me.oidcSubject = sub
  await ctx.em.flush()
  return me
}

export async function unlinkCurrentUser(ctx: RequestContext) {
  const me = ctx.requireUser()
  me.oidcSubject = null
  await ctx.em.flush()
}
