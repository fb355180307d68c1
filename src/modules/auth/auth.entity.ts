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
  },
})
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session)

export const AccessTokenSchema = defineEntity({
  name: 'AccessToken',
  tableName: 'personal_access_tokens',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(255),
    tokenHash: p.string().length(64).unique(),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
  },
})
export class AccessToken extends AccessTokenSchema.class {}
AccessTokenSchema.setClass(AccessToken)

export const OTP_PURPOSES = ['login', 'register', 'verify-email', 'magic-link'] as const
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
