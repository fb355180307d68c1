/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registration, sign-in and the second check.
 * The relying party is the site itself: its ID is APP_URL's host name, the only accepted
 * origin APP_URL's origin. Every challenge is stored, single use (taken by a conditional
 * UPDATE before the answer is checked, so a replayed answer finds it gone) and short-lived;
 * every assertion must bring a higher signature counter than the last one (a guarded UPDATE).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { transaction } from '../../platform/db/after-commit'
import { conflict, fieldError, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import type { User } from '../users'
import { type ChallengePurpose, Passkey, WebauthnChallenge } from './passkey.entity'
import { MAX_PASSKEYS, PASSKEY_MESSAGES } from './passkey.schema'

export const CHALLENGE_TTL_SECONDS = 300

const rp = () => {
  const url = new URL(config.APP_URL)
  return { id: url.hostname, origin: url.origin, name: config.SITE_NAME }
}

export const serializePasskey = (k: Passkey) => ({
  id: k.id,
  name: k.name,
  deviceType: k.deviceType,
  backedUp: k.backedUp,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt ?? null,
})

/** The user's passkeys, newest first (at most MAX_PASSKEYS exist). */
export const passkeysOf = (em: EntityManager, userId: string) => em.find(Passkey, { user: userId }, { orderBy: { createdAt: 'desc' }, limit: MAX_PASSKEYS })

async function storeChallenge(em: EntityManager, challenge: string, purpose: ChallengePurpose, userId: string | null) {
  em.create(WebauthnChallenge, {
    challenge,
    purpose,
    user: userId,
    expiresAt: new Date(clock.now().getTime() + CHALLENGE_TTL_SECONDS * 1000),
  })
  await em.flush()
}

/** The challenge the browser signed (from its client data), or null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    return typeof data?.challenge === 'string' && data.challenge.length <= 128 ? data.challenge : null
  } catch {
    return null
  }
}

/**
 * Takes the challenge of an answer, once: it must have been handed out for this purpose (and
 * user), be unused and unexpired. A second use of the same answer finds it taken: 422.
 */
async function takeChallenge(em: EntityManager, field: string, clientDataJSON: string, purpose: ChallengePurpose, userId: string | null) {
  const challenge = challengeOf(clientDataJSON)
  if (!challenge) throw fieldError(field, PASSKEY_MESSAGES.challenge)
  const taken = await em.getConnection().execute(
    `update webauthn_challenges set used_at = ? where challenge = ? and purpose = ? and used_at is null and expires_at > ?
        and user_id is not distinct from ? returning id`,
    [clock.now(), challenge, purpose, clock.now(), userId],
  )
  if (!taken.length) throw fieldError(field, PASSKEY_MESSAGES.challenge)
  return challenge
}

/** Options for the browser to make a passkey for `user` (its existing ones excluded). */
export async function registrationOptions(em: EntityManager, user: User) {
  const existing = await passkeysOf(em, user.id)
  if (existing.length >= MAX_PASSKEYS) throw conflict(PASSKEY_MESSAGES.tooMany)
  const { id, name } = rp()
  const displayName = [user.profile?.firstName, user.profile?.lastName].filter(Boolean).join(' ') || user.email
  const options = await generateRegistrationOptions({
    rpName: name,
    rpID: id,
    userName: user.email,
    userDisplayName: displayName,
    userID: new Uint8Array(Buffer.from(user.id.replace(/-/g, ''), 'hex')),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  await storeChallenge(em, options.challenge, 'register', user.id)
  return options
}

/** Checks the browser's new passkey and keeps it (at most MAX_PASSKEYS: counted under the user's row lock). */
export async function registerPasskey(em: EntityManager, user: User, response: RegistrationResponseJSON, name: string) {
  const challenge = await takeChallenge(em, 'response', response.response.clientDataJSON, 'register', user.id)
  const { id: rpID, origin } = rp()
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    })
  } catch {
    throw fieldError('response', PASSKEY_MESSAGES.failed)
  }
  if (!verified.verified) throw fieldError('response', PASSKEY_MESSAGES.failed)
  const info = verified.registrationInfo
  return transaction(em, async (tem) => {
    await tem.execute('select id from users where id = ? for update', [user.id])
    const [{ n }] = await tem.execute('select count(*)::int as n from passkeys where user_id = ?', [user.id])
    if (Number(n) >= MAX_PASSKEYS) throw conflict(PASSKEY_MESSAGES.tooMany)
    if (await tem.count(Passkey, { credentialId: info.credential.id })) throw conflict('This passkey is already registered.')
    const key = tem.create(Passkey, {
      user: user.id,
      name,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? response.response.transports ?? []).slice(0, 10),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    })
    await tem.flush()
    return key
  })
}

/** Options for an assertion: any account's passkey (sign-in, with autofill) or the signed-in user's (the second check). */
export async function authenticationOptions(em: EntityManager, purpose: 'sign-in' | 'reauthenticate', user: User | null) {
  let allow: { id: string; transports?: string[] }[] | undefined
  if (purpose === 'reauthenticate') {
    const keys = user ? await passkeysOf(em, user.id) : []
    if (!keys.length) throw fieldError('passkey', PASSKEY_MESSAGES.none)
    allow = keys.map((k) => ({ id: k.credentialId, transports: k.transports }))
  }
  const options = await generateAuthenticationOptions({
    rpID: rp().id,
    allowCredentials: allow,
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
  })
  await storeChallenge(em, options.challenge, purpose, purpose === 'reauthenticate' ? (user?.id ?? null) : null)
  return options
}

/**
 * Checks an assertion: the challenge taken once, the passkey known (and the user's, for the
 * second check), the signature, origin and RP ID, and a counter above the stored one (moved
 * on by a guarded UPDATE, so two uses of one counter value cannot both pass). Answers the
 * passkey with its user.
 */
export async function verifyAssertion(
  em: EntityManager,
  field: string,
  response: AuthenticationResponseJSON,
  purpose: 'sign-in' | 'reauthenticate',
  user: User | null,
) {
  const key = await em.findOne(Passkey, { credentialId: response.id }, { populate: ['user'], disableIdentityMap: true })
  const challenge = await takeChallenge(em, field, response.response.clientDataJSON, purpose, purpose === 'reauthenticate' ? (user?.id ?? null) : null)
  if (!key || (user && key.user.id !== user.id)) throw fieldError(field, PASSKEY_MESSAGES.unknown)
  const { id: rpID, origin } = rp()
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: Number(key.counter),
        transports: key.transports,
      },
      requireUserVerification: false,
    })
  } catch {
    throw fieldError(field, PASSKEY_MESSAGES.failed)
  }
  if (!result.verified) throw fieldError(field, PASSKEY_MESSAGES.failed)
  const next = result.authenticationInfo.newCounter
  // Synced passkeys report 0 every time; any other must move forward.
  const moved = await em
    .getConnection()
    .execute(`update passkeys set counter = ?, last_used_at = ?, updated_at = ? where id = ? and (counter < ? or (counter = 0 and ? = 0)) returning id`, [
      next,
      clock.now(),
      clock.now(),
      key.id,
      next,
      next,
    ])
  if (!moved.length) throw fieldError(field, PASSKEY_MESSAGES.failed)
  return key
}

/** The user's passkey by id, else 404. */
export async function ownPasskey(em: EntityManager, userId: string, id: string) {
  const key = isId(id) ? await em.findOne(Passkey, { id, user: userId }) : null
  if (!key) throw notFound('Passkey')
  return key
}
