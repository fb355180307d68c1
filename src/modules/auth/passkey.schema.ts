/**
 * Passkey bodies and messages (no server imports: the settings card and the login page use the
 * same rules). The WebAuthn answers themselves are checked in depth by @simplewebauthn/server.
 */
import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'
import { deviceName, redirect } from './auth.schema'
import { AssertionSchema } from './reauth.schema'

export const MAX_PASSKEYS = 10
export const PASSKEY_MESSAGES = {
  name: 'The passkey name must be 1 to 64 characters.',
  tooMany: `You can have at most ${MAX_PASSKEYS} passkeys. Remove one to add another.`,
  challenge: 'This passkey request expired or was already used. Please try again.',
  unknown: 'This passkey is not registered here. Sign in with a code from your mail, then add it in Settings.',
  failed: 'The passkey could not be verified. Please try again.',
  none: 'You have no passkey yet: confirm with a code from your mail.',
  answer: 'The passkey answer is not valid.',
} as const

export const PasskeyNameRule = v.pipe(
  v.string(PASSKEY_MESSAGES.name),
  v.trim(),
  v.nonEmpty(PASSKEY_MESSAGES.name),
  v.maxLength(64, PASSKEY_MESSAGES.name),
  v.description('What the person calls this passkey (default: the device it was made on, "Chrome on macOS")'),
)

/** What @simplewebauthn/browser's startRegistration answers. */
export const AttestationSchema = v.looseObject({
  id: v.pipe(v.string(PASSKEY_MESSAGES.answer), v.maxLength(1024, PASSKEY_MESSAGES.answer)),
  rawId: v.pipe(v.string(PASSKEY_MESSAGES.answer), v.maxLength(1024, PASSKEY_MESSAGES.answer)),
  type: v.literal('public-key', PASSKEY_MESSAGES.answer),
  response: v.looseObject({
    clientDataJSON: v.pipe(v.string(PASSKEY_MESSAGES.answer), v.maxLength(8192, PASSKEY_MESSAGES.answer)),
    attestationObject: v.pipe(v.string(PASSKEY_MESSAGES.answer), v.maxLength(65536, PASSKEY_MESSAGES.answer)),
    transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(10))),
  }),
  clientExtensionResults: v.optional(v.looseObject({})),
  authenticatorAttachment: v.optional(v.string()),
})

const object = () => 'The request body must be a JSON object.'

export const PasskeyRegisterSchema = v.strictObject(
  {
    name: v.optional(PasskeyNameRule),
    response: v.pipe(AttestationSchema, v.description("The browser's answer (startRegistration of @simplewebauthn/browser)")),
  },
  object,
)

export const PasskeyRenameSchema = v.strictObject({ name: PasskeyNameRule }, (issue) =>
  issue.path?.at(-1)?.key === 'name' ? PASSKEY_MESSAGES.name : 'The request body must be a JSON object.',
)

export const PASSKEY_PURPOSES = ['sign-in', 'reauthenticate'] as const
export const PasskeyOptionsSchema = v.strictObject(
  {
    purpose: v.optional(
      v.pipe(
        v.picklist(PASSKEY_PURPOSES, 'The purpose must be sign-in or reauthenticate.'),
        v.description('sign-in (default): any passkey of any account; reauthenticate: a passkey of the signed-in user, for the second check'),
      ),
    ),
  },
  object,
)

export const PasskeySignInSchema = v.strictObject(
  {
    response: v.pipe(AssertionSchema, v.description("The browser's answer (startAuthentication of @simplewebauthn/browser)")),
    device_name: v.optional(deviceName),
    redirect: v.optional(redirect),
  },
  object,
)

export { AssertionSchema }

export const PasskeyView = v.object({
  id: v.string(),
  name: v.string(),
  deviceType: v.pipe(v.string(), v.description('singleDevice, or multiDevice for a passkey synced between devices')),
  backedUp: v.boolean(),
  createdAt: DateTime,
  lastUsedAt: NullableDateTime,
})

/** WebAuthn options as the browser library takes them (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
export const WebauthnOptionsView = v.pipe(
  v.looseObject({ challenge: v.string() }),
  v.description('Hand to startRegistration / startAuthentication of @simplewebauthn/browser'),
)

/** One place the account is signed in: a browser session or an API token. */
export const SignedInView = v.object({
  id: v.string(),
  kind: v.picklist(['session', 'token']),
  name: v.pipe(v.nullable(v.string()), v.description("The token's name; null for a browser session")),
  device: v.pipe(v.string(), v.description('From the user agent: "Chrome on macOS"')),
  place: v.pipe(v.string(), v.description("The country when a trusted proxy said it, else the address's network")),
  signedInAt: DateTime,
  lastSeenAt: DateTime,
  current: v.pipe(v.boolean(), v.description('The session or token of this request')),
})

export const ReauthStatusView = v.object({
  verified: v.boolean(),
  verifiedUntil: NullableDateTime,
  passkeys: v.pipe(v.number(), v.description('How many passkeys the account has (0: confirm with a mailed code)')),
})
