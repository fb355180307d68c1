/**
 * One-time codes and magic links (docs/product-rules.md, Sign-in): 6 digits from the operating
 * system's secure random source, stored as a keyed hash, valid 10 minutes, single use, at
 * most 5 wrong tries, rate limited per email and per IP.
 */

import { createHmac } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { randomToken, safeEqual, sixDigitCode } from '../../platform/crypto'
import { HttpError, tooManyRequests } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { hit } from '../../platform/http/rate-limit'
import { queueMail } from '../../platform/mail'
import { MESSAGES } from '../../shared/rules'
import { OneTimeCode, type OtpPurpose } from './auth.entity'
import { codeMail } from './auth.mail'

export const CODE_TTL_MINUTES = 10
export const MAX_WRONG_TRIES = 5
/** Rate-limit window for code requests (per email: OTP_MAX_PER_EMAIL, per IP: OTP_MAX_PER_IP). */
export const RATE_WINDOW_SECONDS = 15 * 60

const ttlMs = () => CODE_TTL_MINUTES * 60_000
const normalize = (email: string) => email.trim().toLowerCase()

/** Keyed with the server secret and bound to purpose and email: a leaked table reveals no code. */
export const hashCode = (purpose: OtpPurpose, email: string, code: string) =>
  createHmac('sha256', config.SESSION_SECRET).update(`${purpose}:${email}:${code}`).digest('hex')

export const wrongCode = () => new HttpError(422, MESSAGES.otp, { code: [MESSAGES.otp] })
export const invalidLink = () =>
  new HttpError(422, 'This sign-in link is invalid, used or expired. Please ask for a new one.', {
    token: ['This sign-in link is invalid, used or expired. Please ask for a new one.'],
  })

/**
 * Counts one code request for this email (and IP when known); 429 with Retry-After past the
 * limits. Called for unknown emails too, so both answer alike.
 */
export async function throttleCodeRequest(em: EntityManager, email: string, ip?: string | null) {
  if (ip) await hit(em, `otp:ip:${ip}`, config.OTP_MAX_PER_IP, RATE_WINDOW_SECONDS)
  await hit(em, `otp:email:${normalize(email)}`, config.OTP_MAX_PER_EMAIL, RATE_WINDOW_SECONDS)
}

/** Counts one verification attempt from this IP (a wide net over many emails). */
export async function throttleVerify(em: EntityManager, ip?: string | null) {
  if (ip) await hit(em, `otp-verify:ip:${ip}`, config.OTP_MAX_PER_IP * MAX_WRONG_TRIES, RATE_WINDOW_SECONDS)
}

/**
 * Issues a fresh code for email + purpose and mails it; earlier unused codes for the same
 * email and purpose stop working. A 'login' mail also carries a magic link.
 * Rate limited per email (and per IP when `opts.ip` is given): 429 past the limit.
 * `deliver: false` does the same work without the mail: an unknown address then costs the
 * same time and fails the same way (422, then 429 after 5 tries) as a known one.
 */
export async function issueCode(
  em: EntityManager,
  email: string,
  purpose: OtpPurpose,
  opts: { ip?: string | null; deliver?: boolean; existing?: boolean } = {},
): Promise<void> {
  email = normalize(email)
  await throttleCodeRequest(em, email, opts.ip)
  const now = new Date()
  const expiresAt = new Date(now.getTime() + ttlMs())
  const retire = purpose === 'login' ? ['login', 'magic-link'] : [purpose]
  await em.nativeDelete(OneTimeCode, { email, purpose: { $in: retire as OtpPurpose[] }, $or: [{ usedAt: null }, { expiresAt: { $lt: now } }] })
  const code = sixDigitCode()
  em.create(OneTimeCode, { email, purpose, codeHash: hashCode(purpose, email, code), expiresAt, attempts: 0 })
  let link: string | undefined
  if (purpose === 'login') {
    const id = Bun.randomUUIDv7()
    const secret = randomToken(32)
    em.create(OneTimeCode, { id, email, purpose: 'magic-link', codeHash: hashCode('magic-link', email, secret), expiresAt, attempts: 0 })
    link = `${config.APP_URL}/login?token=${id}.${secret}`
  }
  await em.flush()
  const mail = codeMail(purpose, code, { link, minutes: CODE_TTL_MINUTES, existing: opts.existing })
  if (opts.deliver !== false) queueMail({ to: email, ...mail })
}

/**
 * Uses the code: single use, at most MAX_WRONG_TRIES wrong tries (then 429 until a new code
 * is asked for). A wrong, used, expired or never-sent code is a 422 on `code`.
 * The attempt counter and the use are guarded updates, so parallel guesses cannot exceed the limit.
 */
export async function consumeCode(em: EntityManager, email: string, purpose: OtpPurpose, code: string): Promise<void> {
  email = normalize(email)
  const row = await em.findOne(
    OneTimeCode,
    { email, purpose, usedAt: null, expiresAt: { $gt: new Date() } },
    { orderBy: { createdAt: 'desc' }, disableIdentityMap: true },
  )
  if (!row) throw wrongCode()
  const retryAfter = (row.expiresAt.getTime() - Date.now()) / 1000
  if (row.attempts >= MAX_WRONG_TRIES) throw tooManyRequests(retryAfter)
  if (safeEqual(hashCode(purpose, email, code.trim()), row.codeHash)) {
    const used = await em.nativeUpdate(OneTimeCode, { id: row.id, usedAt: null, attempts: { $lt: MAX_WRONG_TRIES } }, { usedAt: new Date() })
    if (used === 1) return
    throw wrongCode()
  }
  const counted = await em
    .getConnection()
    .execute<{ attempts: number }[]>('update one_time_codes set attempts = attempts + 1 where id = ? and attempts < ? and used_at is null returning attempts', [
      row.id,
      MAX_WRONG_TRIES,
    ])
  if (!counted.length) throw tooManyRequests(retryAfter)
  throw wrongCode()
}

/** Uses a magic-link token (`<id>.<secret>`) once; answers the email it was sent to. */
export async function consumeMagicLink(em: EntityManager, token: string): Promise<string> {
  const [id, secret] = token.trim().split('.')
  if (!id || !secret || !isId(id)) throw invalidLink()
  const row = await em.findOne(OneTimeCode, { id, purpose: 'magic-link' }, { disableIdentityMap: true })
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw invalidLink()
  if (!safeEqual(hashCode('magic-link', row.email, secret), row.codeHash)) throw invalidLink()
  const used = await em.nativeUpdate(OneTimeCode, { id: row.id, usedAt: null }, { usedAt: new Date() })
  if (used !== 1) throw invalidLink()
  return row.email
}

/** After a sign-in, the other ways in from the same mail (code or link) stop working. */
export async function retireSignInCodes(em: EntityManager, email: string) {
  await em.nativeUpdate(OneTimeCode, { email: normalize(email), purpose: { $in: ['login', 'register', 'magic-link'] }, usedAt: null }, { usedAt: new Date() })
}
