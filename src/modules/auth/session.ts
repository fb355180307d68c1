import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { randomToken, sha256 } from '../../platform/crypto'
import { queryPrepared } from '../../platform/db/prepared'
import { type CookieJar, SESSION_COOKIE, XSRF_COOKIE } from '../../platform/http/session'
import { type AccessToken, Session } from './auth.entity'

const ttlMs = () => config.SESSION_TTL_DAYS * 86_400_000

function writeCookies(cookie: CookieJar, secret: string | null, session: Session | null) {
  const common = { path: '/', sameSite: 'lax' as const, secure: config.production }
  if (secret && session) {
    cookie[SESSION_COOKIE].set({ value: secret, httpOnly: true, expires: session.expiresAt, ...common })
    cookie[XSRF_COOKIE].set({ value: session.csrfToken, httpOnly: false, expires: session.expiresAt, ...common })
  } else {
    cookie[SESSION_COOKIE].set({ value: '', httpOnly: true, maxAge: 0, ...common })
    cookie[XSRF_COOKIE].set({ value: '', httpOnly: false, maxAge: 0, ...common })
  }
}

/**
 * The session of a cookie and its user, in one statement mapped straight onto managed entities
 * (same data and change tracking as `findOne(..., { populate: ['user'] })`, a fraction of its
 * CPU: this runs before the first byte of every signed-in page).
 */
/** Where a request comes from, as sessions and tokens keep it. */
export interface SeenFrom {
  ip: string
  userAgent: string | null
  country: string | null
}

export async function loadSession(em: EntityManager, secret: string | undefined, seen?: SeenFrom) {
  if (!secret || typeof secret !== 'string' || secret.length > 200) return null
  const [row] = await queryPrepared<{ s: Record<string, unknown>; u: Record<string, unknown> | null }>(
    em,
    `select row_to_json(s.*) as s, row_to_json(u.*) as u from sessions s left join users u on u.id = s.user_id where s.id = ? and s.expires_at > ?`,
    [sha256(secret), new Date()],
  )
  if (!row) return null
  if (row.u?.deleted_at) return null
  // The user first, so the session's `user` is that loaded entity.
  if (row.u) em.map(em.getMetadata(Session).properties.user.targetMeta!.class, row.u)
  const session = em.map(Session, row.s)
  // Sliding expiry, written at most every few minutes to keep reads cheap.
  // The place and device of "last seen" follow the session when it moves to another network.
  const moved = !!seen?.ip && seen.ip !== session.ip
  if (Date.now() - session.lastSeenAt.getTime() > 5 * 60_000 || moved) {
    session.lastSeenAt = new Date()
    session.expiresAt = new Date(Date.now() + ttlMs())
    if (seen) Object.assign(session, { ip: seen.ip || null, userAgent: seen.userAgent, country: seen.country })
    await em.flush()
  }
  return session
}

/** A fresh session (new id, new CSRF token); the previous one, if any, is destroyed. */
export async function startSession(
  em: EntityManager,
  cookie: CookieJar,
  opts: { userId: string | null; previous?: Session | null; data?: Record<string, unknown>; seen?: SeenFrom },
) {
  const secret = randomToken()
  const now = new Date()
  const session = em.create(Session, {
    id: sha256(secret),
    user: opts.userId,
    csrfToken: randomToken(24),
    data: { ...(opts.previous?.data ?? {}), ...(opts.data ?? {}) },
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ttlMs()),
    ip: opts.seen?.ip || null,
    userAgent: opts.seen?.userAgent ?? null,
    country: opts.seen?.country ?? null,
  })
  if (opts.previous) em.remove(opts.previous)
  await em.flush()
  writeCookies(cookie, secret, session)
  return session
}

export async function destroySession(em: EntityManager, cookie: CookieJar, session: Session | null) {
  if (session) {
    await em.nativeDelete(Session, { id: session.id })
  }
  writeCookies(cookie, null, null)
}

/** Sets the XSRF-TOKEN cookie of an existing session again (the Sanctum csrf-cookie route). */
export function refreshXsrfCookie(cookie: CookieJar, session: Session) {
  cookie[XSRF_COOKIE].set({ value: session.csrfToken, path: '/', sameSite: 'lax', httpOnly: false, expires: session.expiresAt })
}

/** A bearer token's last use: when, from where, with what (written at most once a minute, or when the address changes). */
export async function touchToken(em: EntityManager, token: AccessToken, seen: SeenFrom) {
  if (token.lastUsedAt && Date.now() - token.lastUsedAt.getTime() <= 60_000 && (token.lastIp ?? '') === (seen.ip ?? '')) return
  token.lastUsedAt = new Date()
  token.lastIp = seen.ip || null
  token.userAgent = seen.userAgent
  token.country = seen.country
  await em.flush()
}
