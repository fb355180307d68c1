/**
 * The second check's bodies and words (no server imports: the confirm dialog of every island
 * uses them through islands/lib/api.ts).
 */
import * as v from 'valibot'
import { MESSAGES, otpRule } from '../../shared/rules'

export const REAUTH_WINDOW_MINUTES = 10
export const REAUTH_MESSAGE = "Please confirm it's you."
export const REAUTH_CODE = 'reauthentication_required'

/** An assertion as @simplewebauthn/browser's startAuthentication answers it (checked in depth by the server library). */
export const AssertionSchema = v.looseObject({
  id: v.pipe(v.string('The passkey answer is not valid.'), v.maxLength(1024, 'The passkey answer is not valid.')),
  rawId: v.pipe(v.string('The passkey answer is not valid.'), v.maxLength(1024, 'The passkey answer is not valid.')),
  type: v.literal('public-key', 'The passkey answer is not valid.'),
  response: v.looseObject({
    clientDataJSON: v.pipe(v.string('The passkey answer is not valid.'), v.maxLength(8192, 'The passkey answer is not valid.')),
    authenticatorData: v.pipe(v.string('The passkey answer is not valid.'), v.maxLength(8192, 'The passkey answer is not valid.')),
    // Room for post-quantum signatures (ML-DSA-87: 4,627 bytes, about 6,200 characters in base64url).
    signature: v.pipe(v.string('The passkey answer is not valid.'), v.maxLength(8192, 'The passkey answer is not valid.')),
    userHandle: v.optional(v.pipe(v.string('The passkey answer is not valid.'), v.maxLength(1024, 'The passkey answer is not valid.'))),
  }),
  clientExtensionResults: v.optional(v.looseObject({})),
  authenticatorAttachment: v.optional(v.string()),
})

/**
 * `{}` mails a 6-digit code to the account's address; `{ code }` checks it; `{ passkey }` checks
 * a passkey's answer to the challenge of `POST /v1/auth/passkeys/authentication/options` with
 * `{ purpose: 'reauthenticate' }`.
 */
export const ReauthenticateSchema = v.strictObject(
  {
    code: v.optional(v.pipe(otpRule, v.description('The 6-digit code from the confirmation mail'))),
    passkey: v.optional(AssertionSchema),
  },
  () => 'The request body must be a JSON object.',
)
export type ReauthenticateInput = v.InferOutput<typeof ReauthenticateSchema>

export const REAUTH_MESSAGES = { code: MESSAGES.otp } as const
