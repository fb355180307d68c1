import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from '../../platform/db/schemas'
import { User } from '../users'

/** At most this many passkeys per person (docs: README "Passkeys"). */
export { MAX_PASSKEYS } from './passkey.schema'

/**
 * A WebAuthn credential (passkey) of a user: its id and public key as the authenticator made
 * them (base64url), the signature counter it last reported, and a name the person gave it.
 */
export const PasskeySchema = defineEntity({
  name: 'Passkey',
  tableName: 'passkeys',
  indexes: [{ properties: ['user'] }],
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(64),
    credentialId: p.string().length(1024).unique(),
    publicKey: p.text(),
    /** The authenticator's signature counter; an assertion must bring a higher one (0 stays 0 for synced passkeys). */
    counter: p.bigint('number').default(0),
    transports: p.json<string[]>().default('[]'),
    /** singleDevice or multiDevice (synced). */
    deviceType: p.string().length(16),
    backedUp: p.boolean().default(false),
    lastUsedAt: p.datetime().nullable(),
  },
})
export class Passkey extends PasskeySchema.class {}
PasskeySchema.setClass(Passkey)

export const CHALLENGE_PURPOSES = ['register', 'sign-in', 'reauthenticate'] as const
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number]

/**
 * A WebAuthn challenge handed out by an options route: single use (taken by a conditional
 * UPDATE), valid CHALLENGE_TTL_SECONDS, for one purpose and, except for signing in, one user.
 */
export const WebauthnChallengeSchema = defineEntity({
  name: 'WebauthnChallenge',
  tableName: 'webauthn_challenges',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => Bun.randomUUIDv7()),
    createdAt: p.datetime().onCreate(() => new Date()),
    challenge: p.string().length(128).unique(),
    purpose: p.string().length(16).$type<ChallengePurpose>(),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    expiresAt: p.datetime().index(),
    usedAt: p.datetime().nullable(),
  },
})
export class WebauthnChallenge extends WebauthnChallengeSchema.class {}
WebauthnChallengeSchema.setClass(WebauthnChallenge)

/**
 * A browser (or API client) a user has signed in from: the hash of its device cookie, else of
 * its user agent and network. A sign-in from one not listed mails the user.
 */
export const KnownDeviceSchema = defineEntity({
  name: 'KnownDevice',
  tableName: 'known_devices',
  uniques: [{ name: 'known_devices_user_device_unique', properties: ['user', 'deviceHash'] }],
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    deviceHash: p.string().length(64),
    userAgent: p.string().length(512).nullable(),
    lastSeenAt: p.datetime(),
  },
})
export class KnownDevice extends KnownDeviceSchema.class {}
KnownDeviceSchema.setClass(KnownDevice)
