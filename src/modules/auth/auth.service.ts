/** Signing in and out: landing addresses, sessions, personal access tokens, user lookup. */

import { UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { randomToken, sha256 } from '../../platform/crypto'
import type { RequestContext } from '../../platform/http/context'
import { HttpError } from '../../platform/http/errors'
import type { CookieJar } from '../../platform/http/session'
import { isSafeRedirect } from '../../shared/urls'
import { serializeUser, User } from '../users'
import { AccessToken } from './auth.entity'
import { noteSignIn } from './device'
import { retireSignInCodes } from './otp.service'
import { type SeenFrom, startSession } from './session'

/**
 * Where a user lands after signing in (spec section 2), the one place that says so (the API,
 * the page guards and the headers use it): pending users go to onboarding; else the stored
 * redirect when it is a path on this site (src/shared/urls.ts); else super-admins go to the
 * admin site, coaches to /c, others to /b.
 */
export function landingFor(user: Pick<User, 'roles' | 'status'>, stored?: unknown): string {
  if (user.status === 'pending') return '/onboarding/1'
  if (isSafeRedirect(stored)) return stored
  if (user.roles.includes('super-admin')) return config.ADMIN_URL
  if (user.roles.includes('coach')) return '/c'
  return '/b'
}

export async function createAccessToken(em: EntityManager, user: User, name: string, expiresAt: Date | null = null, seen?: SeenFrom) {
  const plainText = `summit_${randomToken(32)}`
  const token = em.create(AccessToken, {
    user,
    name,
    tokenHash: sha256(plainText),
    expiresAt,
    lastIp: seen?.ip || null,
    userAgent: seen?.userAgent ?? null,
    country: seen?.country ?? null,
  })
  await em.flush()
  return { token, plainText }
}

export const serializeAccessToken = (t: AccessToken) => ({
  id: t.id,
  name: t.name,
  lastUsedAt: t.lastUsedAt ?? null,
  expiresAt: t.expiresAt ?? null,
  createdAt: t.createdAt,
})

export interface SignInOptions {
  /** Ask for a bearer token (Sanctum's device_name) instead of a cookie session. */
  deviceName?: string
  /** Where to go afterwards (a local path); else the one stored in the session. */
  redirect?: string
}

/**
 * Signs the user in: a fresh session (new id, new CSRF token, the old one destroyed) for
 * cookie clients, or a personal access token when `deviceName` is given. The email is
 * verified by the act of signing in with a code, a link or the provider's verified claim.
 */
export async function signIn(ctx: RequestContext, cookie: CookieJar, user: User, opts: SignInOptions = {}) {
  if (user.status === 'suspended') throw new HttpError(403, 'Your account is suspended. Please contact support.')
  const em = ctx.em
  user.emailVerifiedAt ??= new Date()
  await retireSignInCodes(em, user.email)
  const previous = ctx.session
  const redirect = landingFor(user, opts.redirect ?? previous?.data?.redirect)
  let token: string | undefined
  const seen = { ip: ctx.ip, userAgent: ctx.userAgent, country: ctx.country }
  if (opts.deviceName) {
    token = (await createAccessToken(em, user, opts.deviceName, null, seen)).plainText
  } else {
    if (previous) {
      // What the guest session carried for the way in is spent now.
      const { redirect: _r, oidc: _o, ...rest } = previous.data ?? {}
      previous.data = rest
    }
    // A new account goes through onboarding first: keep where it was going (an invitation, a checkout) for afterwards.
    const after = opts.redirect ?? previous?.data?.redirect
    const keep = user.status === 'pending' && isSafeRedirect(after) ? { afterOnboarding: after } : undefined
    ctx.session = await startSession(em, cookie, { userId: user.id, previous, data: keep, seen })
  }
  ctx.user = user
  await em.flush()
  await noteSignIn(em, cookie, user, seen)
  ctx.log.info({ userId: user.id, via: opts.deviceName ? 'token' : 'session' }, 'signed in')
  return { user: serializeUser(user), redirect, ...(token ? { token } : {}) }
}

/** The user of a verified email, created as `pending` (onboarding follows) when new. */
export async function findOrCreateUser(em: EntityManager, email: string, extra: Partial<Pick<User, 'oidcSubject' | 'profile'>> = {}) {
  const existing = await em.findOne(User, { email })
  if (existing) return existing
  try {
    const user = em.create(User, { email, status: 'pending', emailVerifiedAt: new Date(), roles: [], profile: {}, ...extra })
    await em.flush()
    return user
  } catch (err) {
    // Two sign-ups for one address at once: the other one created it.
    if (!(err instanceof UniqueConstraintViolationException)) throw err
    em.clear()
    const user = await em.findOne(User, { email })
    if (!user) throw err
    return user
  }
}
