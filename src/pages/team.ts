/**
 * The current team of a coach-area page: the same team the API acts in without X-Team (the
 * user's defaultTenantSlug, checked by the access module's `tenant()`: an ACTIVE membership, or
 * a super-admin), the user's other teams (the shell's switcher) and what the user's roles allow
 * there, asked through the access context's one role check (`can`). Resolved once per request
 * (the layout and the page share it) and started early, beside the page's own data.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { AccessContext } from '../modules/access'
import type { PermissionName } from '../modules/roles'
import type { User } from '../modules/users'
import { BaseContext, createContext } from '../platform/http/context'
import { log } from '../platform/log'

/** What the coach area shows or hides by role (the server still checks every action). */
const ASKED = ['members.view', 'members.manage', 'vouchers.manage', 'invoices.view', 'audit.view'] as const satisfies readonly PermissionName[]
export type TeamPermission = (typeof ASKED)[number]

export interface PageTeam {
  /** The request context of the page: the team resolved, the roles of that membership in force. */
  rc: AccessContext | null
  tenant: { id: string; slug: string; name: string; plan: string; currency: string } | null
  teams: { slug: string; name: string; roles: string[] }[]
  may: Record<TeamPermission, boolean>
}

const NONE: Record<TeamPermission, boolean> = {
  'members.view': false,
  'members.manage': false,
  'vouchers.manage': false,
  'invoices.view': false,
  'audit.view': false,
}
const cache = new WeakMap<object, Promise<PageTeam>>()

async function resolve(em: EntityManager, user: User): Promise<PageTeam> {
  // Its own EntityManager: resolving the team scopes tenant-owned ORM queries to it.
  const rc = await createContext(new BaseContext(em.fork(), log, 'page', null, ''))
  rc.user = user
  // One statement: the team (the access module's own checks) and the user's teams beside it.
  const { tenant: t, teams, refused } = await rc.tenantAndTeams()
  // No team chosen, or one the user no longer belongs to: the pages show nothing of any team.
  if (!t || refused) return { rc: null, tenant: null, teams, may: { ...NONE } }
  const may = { ...NONE }
  for (const p of ASKED) may[p] = await rc.can(p)
  return { rc, tenant: { id: t.id, slug: t.slug, name: t.name, plan: t.plan, currency: t.currency }, teams, may }
}

/** The page's current team (memoized per request by its EntityManager). */
export function pageTeam(ctx: { em?: EntityManager; user: User | null }): Promise<PageTeam> {
  if (!ctx.user || !ctx.em) return Promise.resolve({ rc: null, tenant: null, teams: [], may: { ...NONE } })
  let p = cache.get(ctx.em)
  if (!p) {
    p = resolve(ctx.em, ctx.user)
    cache.set(ctx.em, p)
  }
  return p
}

/** The current team's id, or null (the coach views then match nothing). */
export const teamId = async (ctx: { em?: EntityManager; user: User | null }) => (await pageTeam(ctx)).tenant?.id ?? null
