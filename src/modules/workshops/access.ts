import type { RequestContext } from '../../platform/http/context'
import { forbidden } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'

/** Coaches change their own rows; super-admins every row. Rows of other tenants never get here (404). */
export function assertOwner(ctx: RequestContext, coachId: string, what = 'workshop') {
  const user = ctx.requireUser()
  if (ctx.isSuperAdmin || user.id === coachId) return
  throw forbidden(`Only the coach who runs this ${what} can change it.`)
}

export const isUuid = (s: string | undefined | null): boolean => isId(s)
