import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia } from 'elysia'
import { getOrm } from '../db/current'
import { currentRequestId, log as rootLog } from '../log'
import { clientCountry, clientIp } from './client-ip'
import { fieldError } from './errors'
import type { CookieJar } from './session'

/** What the platform itself knows of a request: built first, for every request. */
export class BaseContext {
  constructor(
    public em: EntityManager,
    public log: typeof rootLog,
    public requestId: string,
    /** The `X-Team` header (a tenant slug), trimmed; null when absent. */
    public teamHeader: string | null,
    public ip: string,
  ) {}
  /** The `User-Agent` header (cut to 512 characters), for the list of sessions and devices. */
  userAgent: string | null = null
  /** The client's country when a trusted proxy says it (client-ip.ts). */
  country: string | null = null
}

/**
 * What the platform asks of the request identity (who asks, in which team, what they may do).
 * The platform calls only these; the module that owns users, tenants and roles implements them.
 */
export interface Identity {
  readonly isSuperAdmin: boolean
  /** The signed-in user, else 401. */
  requireUser(): unknown
  /** The team of the request (membership checked, tenant filter set), else 400/401/404. */
  tenant(): Promise<unknown>
  /** 401 without a user, 403 without the permission. */
  authorize(permission: Permission): Promise<void>
  /** 403 `reauthentication_required` unless this session or token made a second check in the last minutes. */
  requireRecentVerification(): void
}

/**
 * Filled in by the composition root's access module through declaration merging, so handlers
 * see the full context type without the platform importing it:
 *
 *   declare module '../../platform/http/context' {
 *     interface Register { context: AccessContext; permission: PermissionName }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface Register {}

/** The context handlers receive as `ctx`: the registered one, else the platform's bare view. */
export type RequestContext = Register extends { context: infer C extends BaseContext & Identity } ? C : BaseContext & Identity
/** A permission name the registered access module knows. */
export type Permission = Register extends { permission: infer P extends string } ? P : string

/** What an identity provider reads of the request. */
export interface IdentityRequest {
  method: string
  headers: Record<string, string | undefined>
  cookie: CookieJar
}

/** Builds the full context from the base one: reads the bearer token or session (401/419 thrown here). */
export type IdentityProvider = (base: BaseContext, request: IdentityRequest) => Promise<RequestContext>

let provider: IdentityProvider | null = null

/** The composition root plugs the request identity in (once, before the first request). */
export function provideIdentity(p: IdentityProvider) {
  provider = p
}

/** A context for work outside a request (a page acting like the API, a script). */
export function createContext(base: BaseContext, request: IdentityRequest = { method: 'GET', headers: {}, cookie: {} }) {
  if (!provider) throw new Error('No identity provider: the composition root must call provideIdentity() first')
  return provider(base, request)
}

/**
 * Who may call a route, checked in one order before the body is validated: authenticate
 * (401), resolve the team, authorize the permission (403), then the route's own check (the
 * row exists and this user may act on it: 404/403). Handlers then only parse and act.
 */
export interface AccessRule {
  /** A signed-in user is required (implied by `tenant` and `can`). */
  auth?: boolean
  /** Resolve the team (X-Team or the user's default) and scope tenant-owned queries to it. */
  tenant?: boolean
  /** The role check. */
  can?: Permission
  /** The route's own check, last: load the row with the raw path params, throw 404/403. */
  check?: (ctx: RequestContext, params: Record<string, string | undefined>) => unknown
  /** A sensitive action: a recent second check of this session or token (403 `reauthentication_required`), after every other rule. */
  fresh?: boolean
}

/** The one authorization path (the `access` route option, the `auth`/`tenant`/`can` shorthands and crud()). */
export async function authorizeRequest(ctx: RequestContext, rule: AccessRule, params: Record<string, string | undefined> = {}) {
  if (rule.auth || rule.tenant || rule.can || rule.fresh) ctx.requireUser()
  if (rule.tenant) await ctx.tenant()
  if (rule.can) await ctx.authorize(rule.can)
  if (rule.check) await rule.check(ctx, params)
  if (rule.fresh) ctx.requireRecentVerification()
}

/**
 * A value a route's access check loaded (usually the row), handed to the handler of the same
 * request so the row is read once: `keep` in the check, `take` in the handler.
 */
export function checkedValue<T>() {
  const values = new WeakMap<BaseContext, T>()
  return {
    keep(ctx: BaseContext, value: T) {
      values.set(ctx, value)
      return value
    },
    take(ctx: BaseContext): T {
      if (!values.has(ctx)) throw new Error('The access check of this route did not run')
      return values.get(ctx) as T
    },
  }
}

/**
 * The platform plugin: request id and logger, a request-scoped EntityManager, then the
 * registered identity (session or bearer token, CSRF), and the `access` route option (with
 * its shorthands `auth`, `can`, `tenant`). All run before body validation (in `transform`),
 * so 401/403/404/419 come before 422.
 */
/**
 * Path parameters are text like any other input: one that did not decode (malformed percent
 * encoding) or holds a control character (a NUL byte, which PostgreSQL refuses) or an unpaired
 * surrogate is a 422 naming it, before any lookup. The pages' catch-all (`*`) checks its own.
 */
function checkPathParams(params: Record<string, string | null | undefined> | undefined) {
  if (!params) return
  for (const [name, value] of Object.entries(params)) {
    if (name === '*') continue
    if (value === null) throw fieldError(name, `The ${name} in the path is not valid: its percent-encoding is malformed.`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (typeof value === 'string' && (/[\u0000-\u001f\u007f]/.test(value) || !value.isWellFormed()))
      throw fieldError(name, `The ${name} in the path is not valid: it must not contain control characters or unpaired surrogates.`)
  }
}

export const platform = new Elysia({ name: 'platform' })
  .derive({ as: 'global' }, async ({ request, cookie, headers, params }) => {
    checkPathParams(params as Record<string, string | null> | undefined)
    // The id the fetch handler gave the request (src/app.ts); log lines get it through the logger's mixin.
    const requestId = currentRequestId() ?? Bun.randomUUIDv7()
    const em = getOrm().em.fork({ clear: true }) as EntityManager
    const base = new BaseContext(em, rootLog, requestId, headers['x-team']?.trim() || null, clientIp(request))
    base.userAgent = headers['user-agent']?.slice(0, 512) || null
    base.country = clientCountry(request)
    base.log.debug({ method: request.method, path: new URL(request.url).pathname }, 'request')
    const ctx = await createContext(base, { method: request.method, headers, cookie: cookie as unknown as CookieJar })
    return { ctx }
  })
  .macro({
    /** `auth: true`: a signed-in user is required (401). */
    auth: {
      transform: ({ ctx }) => authorizeRequest(ctx, { auth: true }),
    },
    /** `can: 'permission'`: the one role check (401, then 403). */
    can: (permission: Permission) => ({
      transform: ({ ctx }) => authorizeRequest(ctx, { can: permission }),
    }),
    /** `tenant: true`: resolves the team (X-Team or defaultTenantSlug) and scopes tenant-owned queries to it. */
    tenant: {
      transform: ({ ctx }) => authorizeRequest(ctx, { tenant: true }),
    },
    /** `access: { auth, tenant, can, check }`: all of it in that order (see AccessRule). */
    access: (rule: AccessRule) => ({
      transform: ({ ctx, params }) => authorizeRequest(ctx, rule, params as Record<string, string | undefined>),
    }),
  })

export type Platform = typeof platform
