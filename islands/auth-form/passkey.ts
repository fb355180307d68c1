/**
 * Signing in with a passkey on /login: the button's modal request, and the browser's autofill of
 * passkeys in the email field (conditional mediation) started as the page loads. A chunk of its
 * own, loaded after the email step is on screen.
 */
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication } from '@simplewebauthn/browser'
import { ApiError, post } from '../lib/api'

export const passkeysSupported = () => browserSupportsWebAuthn()

/**
 * Runs one passkey sign-in; answers where to go, or throws a message for the page. `autofill`
 * waits for the person to pick a passkey from the email field's suggestions.
 */
export async function passkeySignIn(redirect: string | null, autofill = false): Promise<string> {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return new Promise(() => {})
  const options = await post<{ data: any }>('/v1/auth/passkeys/authentication/options', { purpose: 'sign-in' }, { silent: true, sessionless: true })
  let response: unknown
  try {
    response = await startAuthentication({ optionsJSON: options.data, useBrowserAutofill: autofill })
  } catch (err) {
    const name = (err as Error)?.name
    if (name === 'AbortError' || (err as { code?: string })?.code === 'ERROR_CEREMONY_ABORTED') return new Promise(() => {})
    throw new Error(
      name === 'NotAllowedError' ? 'No passkey was used. Try again, or continue with email.' : 'This browser could not use a passkey. Continue with email.',
    )
  }
  try {
    const res = await post<{ data: { redirect?: string } }>(
      '/v1/auth/passkeys/authentication/verify',
      { response, ...(redirect ? { redirect } : {}) },
      { silent: true },
    )
    return res.data.redirect || '/'
  } catch (err) {
    throw new Error(err instanceof ApiError ? (err.errors?.response?.[0] ?? err.message) : 'The passkey could not be checked. Please try again.')
  }
}
