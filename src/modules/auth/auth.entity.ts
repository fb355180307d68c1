import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from '../../platform/db/schemas'
import { User } from '../users'

/** Server-side session behind the HttpOnly cookie; `id` is the SHA-256 of the cookie value. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.string().length(64).primary(),
    createdAt: p.datetime().onCreate(() => new Date()),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    csrfToken: p.string().length(64),
    data: p.json<Record<string, unknown>>().onCreate(() => ({})),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime().index(),
    /** The session's public id (lists and sign-out of one session); the primary key stays secret-derived. */
    ref: p
      .uuid()
      .unique()
      .defaultRaw('gen_random_uuid()')
      .onCreate(() => crypto.randomUUID()),
    /** The last second check (reauthentication) made in this session: sensitive actions want it recent. */
    verifiedAt: p.datetime().nullable(),
    /** Where and with what it was last seen (the "Where you're signed in" list). */
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
    /** ISO country of `ip` when the trusted proxy said so. */
    country: p.string().length(2).nullable(),
  },
})
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session)

export const AccessTokenSchema = defineEntity({
  name: 'AccessToken',
  tableName: 'personal_access_tokens',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string().length(255),
    tokenHash: p.string().length(64).unique(),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    /** The last second check made with this token: sensitive actions want it recent. */
    verifiedAt: p.datetime().nullable(),
    /** Where and with what it was last used. */
    lastIp: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
    country: p.string().length(2).nullable(),
  },
})
export class AccessToken extends AccessTokenSchema.class {}
AccessTokenSchema.setClass(AccessToken)

export const OTP_PURPOSES = ['login', 'register', 'verify-email', 'magic-link', 'reauthenticate'] as const
export type OtpPurpose = (typeof OTP_PURPOSES)[number]

/** A one-time code or magic-link token, stored as a hash; single use, short-lived. */
export const OneTimeCodeSchema = defineEntity({
  name: 'OneTimeCode',
  tableName: 'one_time_codes',
  indexes: [{ properties: ['email', 'purpose'] }],
  properties: {
    ...baseProperties,
    email: p.string().length(255),
    purpose: p.string().length(16).$type<OtpPurpose>(),
    codeHash: p.string().length(64),
    attempts: p.integer().default(0),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
})
export class OneTimeCode extends OneTimeCodeSchema.class {}
OneTimeCodeSchema.setClass(OneTimeCode)

/** Fixed-window counters for rate limits, shared by every app server. */
export const RateLimitSchema = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    key: p.string().length(255).primary(),
    hits: p.integer().default(0),
    resetAt: p.datetime(),
  },
})
