/**
 * Sign-in payloads (docs/product-rules.md section 7 "Auth"; the spec leaves them "not shown", these
 * are ours). No server imports: the login and register forms use the same schemas.
 */
import * as v from 'valibot'
import { emailRule, MESSAGES, otpRule } from '../../shared/rules'
import { isSafeRedirect } from '../../shared/urls'

/**
 * valibot reports a missing key with the object's message: name the field's own message
 * instead (a missing email reads 'Please enter a valid email address').
 */
const requiredMessages = (messages: Record<string, string>) => (issue: v.BaseIssue<unknown>) => {
  const key = issue.path?.at(-1)?.key
  if (issue.expected?.startsWith('"') && typeof key === 'string') return messages[key] ?? `The ${key} field is required.`
  return 'The request body must be a JSON object.'
}

export const deviceName = v.pipe(
  v.string('The device name must be text.'),
  v.trim(),
  v.nonEmpty('The device name must not be empty.'),
  v.maxLength(255, 'The device name must be at most 255 characters.'),
  v.description('Ask for a personal access token named after this device instead of a cookie session (answered once as `token`).'),
)

export const redirect = v.pipe(
  v.string('The redirect must be a path on this site.'),
  v.maxLength(2000, 'The redirect must be at most 2000 characters.'),
  v.check((s: string) => isSafeRedirect(s), 'The redirect must be a path on this site.'),
  v.description('Where to land afterwards (a path on this site, e.g. the `redirect` query of /login); else the stored redirect, else the default landing.'),
)

const code = v.pipe(otpRule, v.description('The 6-digit code from the mail. Leave out to ask for a code.'))

/** `{ email }` asks for a code; `{ email, code }` signs in. */
export const OtpSignInSchema = v.pipe(
  v.strictObject(
    {
      email: v.pipe(emailRule, v.description('Trimmed and lowercased')),
      code: v.optional(code),
      device_name: v.optional(deviceName),
      redirect: v.optional(redirect),
    },
    requiredMessages({ email: MESSAGES.email }),
  ),
  v.description('Step 1 `{ email }` mails a 6-digit code (valid 10 minutes). Step 2 `{ email, code }` signs in.'),
)

/** `{ email }` mails a code to this address; `{ email, code }` verifies it. */
export const VerifyEmailSchema = v.strictObject(
  {
    email: emailRule,
    code: v.optional(code),
  },
  requiredMessages({ email: MESSAGES.email }),
)

export const VerifyTokenSchema = v.strictObject(
  {
    token: v.pipe(
      v.string('The sign-in link is missing its token.'),
      v.trim(),
      v.nonEmpty('The sign-in link is missing its token.'),
      v.maxLength(200, 'This sign-in link is invalid, used or expired. Please ask for a new one.'),
      v.description('The `token` query value of the emailed /login?token=... link'),
    ),
    device_name: v.optional(deviceName),
    redirect: v.optional(redirect),
  },
  requiredMessages({ token: 'The sign-in link is missing its token.' }),
)

export const TokenCreateSchema = v.strictObject(
  {
    name: v.pipe(
      v.string('The token name is required.'),
      v.trim(),
      v.nonEmpty('The token name is required.'),
      v.maxLength(255, 'The token name must be at most 255 characters.'),
    ),
    expiresInDays: v.optional(
      v.pipe(
        v.number('The expiry must be a number of days.'),
        v.integer('The expiry must be a whole number of days.'),
        v.minValue(1, 'The expiry must be at least 1 day.'),
        v.maxValue(3650, 'The expiry must be at most 3650 days.'),
        v.description('Days until the token stops working; never when left out'),
      ),
    ),
  },
  requiredMessages({ name: 'The token name is required.' }),
)

export type OtpSignInInput = v.InferOutput<typeof OtpSignInSchema>
export type VerifyEmailInput = v.InferOutput<typeof VerifyEmailSchema>
export type VerifyTokenInput = v.InferOutput<typeof VerifyTokenSchema>

/**
 * What the login page says for `/login?error=<code>` after the external provider's callback
 * (oidc.routes.ts sends these codes).
 */
export const PROVIDER_ERROR_MESSAGES: Record<string, string> = {
  access_denied: 'Sign-in with the provider was cancelled.',
  suspended: 'Your account is suspended. Please contact support.',
  expired: 'That sign-in attempt expired or was started in another browser. Please try again.',
  invalid_callback: "The provider's answer could not be checked. Please try again.",
  unverified_email: 'The provider did not confirm your email address. Verify it there, or sign in with an email code.',
  provider_unavailable: 'The sign-in provider cannot be reached right now. Please try again later or sign in with an email code.',
  provider_error: 'The sign-in provider reported an error. Please try again or sign in with an email code.',
}
