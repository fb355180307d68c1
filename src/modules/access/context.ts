import { setAuditActor } from '../../platform/audit'
import { queryPrepared } from '../../platform/db/prepared'
import { TENANT } from '../../platform/db/schemas'
import { BaseContext } from '../../platform/http/context'
import { forbidden, HttpError, notFound, unauthenticated } from '../../platform/http/errors'
import { type AccessToken, isRecentlyVerified, reauthenticationRequired, type Session } from '../auth'
import { type PermissionName, Role, SUPER_ADMIN } from '../roles'
import { Membership, Tenant } from '../tenants'
import type { User } from '../users'

/** A team the user is an ACTIVE member of, with the user's roles there. */
export interface TeamOfUser {
  slug: string
  name: string
  roles: string[]
}

type TenantRow = { t: Record<string, unknown>; m: Record<string, unknown> | null; perms: string[] }

/**
 * One statement: the team, this user's membership of it, and the permissions of the roles in
 * force there (what `can()` would read next), mapped onto managed entities.
 * Parameters: the user's global roles (JSON), the user's id, the team's slug.
 */
const TENANT_SQL = `select row_to_json(t.*) as t, row_to_json(m.*) as m,
              (select coalesce(array_agg(distinct p), '{}') from roles r cross join unnest(r.permissions) p
                where r.name = 'client' or r.name in (select jsonb_array_elements_text(?::jsonb)) or r.name = any(m.roles)) as perms
         from tenants t left join memberships m on m.tenant_id = t.id and m.user_id = ?
        where t.slug = ? and t.deleted_at is null limit 1`

/** What a request knows about who asks and where: built once per request. */
export class AccessContext extends BaseContext {
  user: User | null = null
  session: Session | null = null
  /** The personal access token of a bearer request. */
  token: AccessToken | null = null
  viaToken = false
  private tenantCache?: { tenant: Tenant; membership: Membership | null }
  private permissionCache?: Set<string>

  get isSuperAdmin() {
    return !!this.user?.roles.includes(SUPER_ADMIN)
  }

  requireUser(): User {
    if (!this.user) throw unauthenticated()
    return this.user
  }

  /** The session or token of this request made a second check (reauthentication) in the last 10 minutes. */
  get recentlyVerified(): boolean {
    return isRecentlyVerified(this.viaToken ? this.token : this.session)
  }

  /** Sensitive actions: 401 without a user, 403 `reauthentication_required` without a recent second check. */
  requireRecentVerification() {
    this.requireUser()
    if (!this.recentlyVerified) throw reauthenticationRequired()
  }

  /** The tenant of `X-Team`, else the user's defaultTenantSlug; the user must be an ACTIVE member. */
  async tenant(): Promise<Tenant> {
    if (this.tenantCache) return this.tenantCache.tenant
    // Who before which: a stranger is told to sign in, not to pick a team.
    if (!this.user) throw unauthenticated()
    const slug = this.teamHeader ?? this.user?.defaultTenantSlug
    if (!slug) throw new HttpError(400, 'No team selected: send the X-Team header with a tenant slug.')
    const [row] = await queryPrepared<TenantRow>(this.em, TENANT_SQL, [JSON.stringify(this.user.roles), this.user.id, slug.toLowerCase()])
    return this.takeTenant(row)
  }

  /**
   * The current team exactly as `tenant()` decides it (the same checks, the same caches) and, in
   * the same statement, the teams the user is an ACTIVE member of by name (the coach area's team
   * switcher). A refusal (no team chosen, not a member) comes back as `refused`, with the teams.
   */
  async tenantAndTeams(): Promise<{ tenant: Tenant | null; teams: TeamOfUser[]; refused: HttpError | null }> {
    const user = this.requireUser()
    const slug = this.teamHeader ?? user.defaultTenantSlug ?? null
    const [row] = await queryPrepared<TenantRow & { teams: TeamOfUser[] | string | null }>(
      this.em,
      `select (select coalesce(json_agg(json_build_object('slug', x.slug, 'name', x.name, 'roles', x.roles) order by x.name, x.slug), '[]'::json)
                 from (select t.slug, t.name, m.roles from memberships m join tenants t on t.id = m.tenant_id
                        where m.user_id = ? and m.status = 'ACTIVE' and t.deleted_at is null order by t.name, t.slug limit 100) x) as teams,
              c.t, c.m, c.perms
         from (select 1) one left join lateral (${TENANT_SQL}) c on true`,
      [user.id, JSON.stringify(user.roles), user.id, (slug ?? '').toLowerCase()],
    )
    const raw = row?.teams
    const teams = ((typeof raw === 'string' ? JSON.parse(raw) : raw) ?? []) as TeamOfUser[]
    if (this.tenantCache) return { tenant: this.tenantCache.tenant, teams, refused: null }
    if (!slug) return { tenant: null, teams, refused: new HttpError(400, 'No team selected: send the X-Team header with a tenant slug.') }
    try {
      return { tenant: this.takeTenant(row?.t ? row : undefined), teams, refused: null }
    } catch (err) {
      if (err instanceof HttpError) return { tenant: null, teams, refused: err }
      throw err
    }
  }

  /** The tenant statement's row onto managed entities: 404 unless an ACTIVE member (or a super-admin); the caches and the tenant filter set. */
  private takeTenant(row: TenantRow | undefined): Tenant {
    if (!row) throw notFound('Team')
    const tenant = this.em.map(Tenant, row.t)
    const membership = row.m ? this.em.map(Membership, row.m) : null
    if (!this.isSuperAdmin && membership?.status !== 'ACTIVE') throw notFound('Team')
    this.tenantCache = { tenant, membership }
    // The audit log names the team the request acts in, and whether an operator acted in a team not their own.
    setAuditActor({ tenantId: tenant.id, role: this.isSuperAdmin && membership?.status !== 'ACTIVE' ? 'super-admin' : null })
    this.permissionCache ??= new Set(row.perms)
    this.em.setFilterParams(TENANT, { tenantId: tenant.id })
    return tenant
  }

  get membership() {
    return this.tenantCache?.membership ?? null
  }

  /** Role names in force: the user's global roles plus those of the current membership. */
  roleNames(): string[] {
    const names = new Set(['client', ...(this.user?.roles ?? []), ...(this.membership?.roles ?? [])])
    return [...names]
  }

  async can(permission: PermissionName): Promise<boolean> {
    if (!this.user) return false
    if (this.isSuperAdmin) return true
    if (!this.permissionCache) {
      const roles = await this.em.find(Role, { name: { $in: this.roleNames() } })
      this.permissionCache = new Set(roles.flatMap((r) => r.permissions))
    }
    return this.permissionCache.has(permission)
  }

  /** The one place roles are checked: 401 without a user, 403 without the permission. */
  async authorize(permission: PermissionName) {
    this.requireUser()
    if (!(await this.can(permission))) throw forbidden()
  }
}
