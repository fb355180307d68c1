import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia } from 'elysia'
import { AccessToken, type Session } from '../../modules/auth/auth.entity'
import { type PermissionName, SUPER_ADMIN } from '../../modules/roles/permissions'
import { Role } from '../../modules/roles/role.entity'
import { Membership, Tenant } from '../../modules/tenants/tenant.entity'
import type { User } from '../../modules/users/user.entity'
import { safeEqual, sha256 } from '../crypto'
import { getOrm } from '../db/current'
import { TENANT } from '../db/schemas'
import { log as rootLog } from '../log'
import { clientIp } from './client-ip'
import { csrfMismatch, forbidden, HttpError, notFound, unauthenticated } from './errors'
import { type CookieJar, loadSession, SESSION_COOKIE, XSRF_HEADER } from './session'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** What a request knows about who asks and where: built once per request. */
export class RequestContext {
  user: User | null = null
  session: Session | null = null
  viaToken = false
  private tenantCache?: { tenant: Tenant; membership: Membership | null }
  private permissionCache?: Set<string>

  constructor(
    public em: EntityManager,
    public log: typeof rootLog,
    public requestId: string,
    public teamHeader: string | null,
    public ip: string,
  ) {}

  get isSuperAdmin() {
    return !!this.user?.roles.includes(SUPER_ADMIN)
  }

  requireUser(): User {
    if (!this.user) throw unauthenticated()
    return this.user
  }

  /** The tenant of `X-Team`, else the user's defaultTenantSlug; the user must be an ACTIVE member. */
  async tenant(): Promise<Tenant> {
    if (this.tenantCache) return this.tenantCache.tenant
    // Who before which: a stranger is told to sign in, not to pick a team.
    if (!this.user) throw unauthenticated()
    const slug = this.teamHeader ?? this.user?.defaultTenantSlug
    if (!slug) throw new HttpError(400, 'No team selected: send the X-Team header with a tenant slug.')
    const tenant = await this.em.findOne(Tenant, { slug: slug.toLowerCase() })
    if (!tenant) throw notFound('Team')
    const membership = await this.em.findOne(Membership, { tenant, user: this.user })
    if (!this.isSuperAdmin && membership?.status !== 'ACTIVE') throw notFound('Team')
    this.tenantCache = { tenant, membership }
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

/**
 * The platform plugin: request id and logger, a request-scoped EntityManager, the session or
 * bearer token behind the request, CSRF (cookie sessions only), and the `auth`, `can` and
 * `tenant` route options. Runs before body validation, so 401/403/419 come before 422.
 */
export const platform = new Elysia({ name: 'platform' })
  .derive({ as: 'global' }, async ({ request, cookie, headers }) => {
    const requestId = headers['x-request-id']?.slice(0, 64) || Bun.randomUUIDv7()
    const em = getOrm().em.fork({ clear: true }) as EntityManager
    const url = new URL(request.url)
    const ctx = new RequestContext(em, rootLog.child({ reqId: requestId }), requestId, headers['x-team']?.trim() || null, clientIp(request))
    ctx.log.debug({ method: request.method, path: url.pathname }, 'request')

    const authz = headers.authorization
    if (authz?.startsWith('Bearer ')) {
      const token = await em.findOne(AccessToken, { tokenHash: sha256(authz.slice(7).trim()) }, { populate: ['user'] })
      if (!token || (token.expiresAt && token.expiresAt < new Date()) || token.user.deletedAt) throw unauthenticated()
      ctx.user = token.user as User
      ctx.viaToken = true
      if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000) {
        token.lastUsedAt = new Date()
        await em.flush()
      }
    } else {
      const jar = cookie as unknown as CookieJar
      const secret = jar[SESSION_COOKIE]?.value as string | undefined
      ctx.session = await loadSession(em, secret)
      ctx.user = (ctx.session?.user as User | null) ?? null
      // Sanctum's rule: a cookie session must echo its XSRF token on every unsafe method.
      if (ctx.session && UNSAFE.has(request.method)) {
        const sent = headers[XSRF_HEADER]
        if (!sent || !safeEqual(decodeURIComponent(sent), ctx.session.csrfToken)) throw csrfMismatch()
      }
    }
    return { ctx }
  })
  .macro({
    /** `auth: true`: a signed-in user is required (401). */
    auth: {
      transform({ ctx }: any) {
        ;(ctx as RequestContext).requireUser()
      },
    },
    /** `can: 'permission'`: the one role check (401, then 403). */
    can: (permission: PermissionName) => ({
      async transform({ ctx }: any) {
        await (ctx as RequestContext).authorize(permission)
      },
    }),
    /** `tenant: true`: resolves the team (X-Team or defaultTenantSlug) and scopes tenant-owned queries to it. */
    tenant: {
      async transform({ ctx }: any) {
        await (ctx as RequestContext).tenant()
      },
    },
  })

export type Platform = typeof platform
