import { setAuditActor } from '../../platform/audit'
import { safeEqual, sha256 } from '../../platform/crypto'
import type { BaseContext, IdentityRequest } from '../../platform/http/context'
import { csrfMismatch, unauthenticated } from '../../platform/http/errors'
import { SESSION_COOKIE, XSRF_HEADER } from '../../platform/http/session'
import { AccessToken, loadSession, touchToken } from '../auth'
import { AccessContext } from './context'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Who asks: a bearer token (`Authorization: Bearer`, hashed lookup) or the cookie session
 * (sliding expiry). A cookie session must echo its XSRF token on every unsafe method (419).
 */
export async function identify(base: BaseContext, request: IdentityRequest): Promise<AccessContext> {
  const ctx = new AccessContext(base.em, base.log, base.requestId, base.teamHeader, base.ip)
  ctx.userAgent = base.userAgent
  ctx.country = base.country
  const { em } = ctx
  const authz = request.headers.authorization
  if (authz?.startsWith('Bearer ')) {
    const token = await em.findOne(AccessToken, { tokenHash: sha256(authz.slice(7).trim()) }, { populate: ['user'] })
    if (!token || (token.expiresAt && token.expiresAt < new Date()) || token.user.deletedAt) throw unauthenticated()
    ctx.user = token.user
    ctx.viaToken = true
    ctx.token = token
    await touchToken(em, token, ctx)
  } else {
    const secret = request.cookie[SESSION_COOKIE]?.value
    ctx.session = await loadSession(em, typeof secret === 'string' ? secret : undefined, ctx)
    ctx.user = ctx.session?.user ?? null
    // Sanctum's rule: a cookie session must echo its XSRF token on every unsafe method.
    if (ctx.session && UNSAFE.has(request.method)) {
      const sent = request.headers[XSRF_HEADER]
      if (!sent || !safeEqual(decodeURIComponent(sent), ctx.session.csrfToken)) throw csrfMismatch()
    }
  }
  setAuditActor({
    userId: ctx.user?.id ?? null,
    role: ctx.isSuperAdmin ? 'super-admin' : null,
    via: ctx.viaToken ? 'token' : ctx.user ? 'session' : 'system',
    ip: ctx.ip || null,
    requestId: ctx.requestId,
  })
  return ctx
}
