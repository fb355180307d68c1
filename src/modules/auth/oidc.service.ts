/**
 * The external provider "multiplai" over OpenID Connect (openid-client 6): discovery,
 * authorization code flow with PKCE, state and nonce kept in the session.
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import * as oidc from 'openid-client'
import { config } from '../../config'
import { User } from '../users'
import { findOrCreateUser } from './auth.service'

export const PROVIDER = { id: 'multiplai', name: 'Multiplai' } as const
export const callbackUrl = () => `${config.APP_URL}/v1/auth/connect/${PROVIDER.id}/callback`

/** What the redirect step keeps in the session for the callback. */
export interface PendingOidc {
  state: string
  nonce: string
  verifier: string
  startedAt: number
}
export const PENDING_TTL_MS = 10 * 60_000

/** A failure the user can act on; its code travels to /login?error=... */
export class OidcFailure extends Error {
  constructor(
    public code: string,
    message: string,
  ) {
    super(message)
  }
}

let discovered: Promise<oidc.Configuration> | null = null

/** The provider's configuration, discovered once per process (and again after a failure). */
export function providerConfig(): Promise<oidc.Configuration> {
  discovered ??= (async () => {
    const issuer = new URL(config.OIDC_ISSUER!)
    // Plain HTTP only for a provider on this machine or outside production.
    const insecure = issuer.protocol === 'http:' && (!config.production || ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname))
    return oidc.discovery(issuer, config.OIDC_CLIENT_ID!, config.OIDC_CLIENT_SECRET, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : {})
  })().catch((err) => {
    discovered = null
    throw new OidcFailure('provider_unavailable', `The sign-in provider could not be reached: ${err instanceof Error ? err.message : err}`)
  })
  return discovered
}

/** Forgets the discovered configuration (after a configuration change; tests). */
export function resetProviderConfig() {
  discovered = null
}

/** Starts the flow: the provider's authorization address and what to keep for the callback. */
export async function beginAuthorization(): Promise<{ url: string; pending: PendingOidc }> {
  const cfg = await providerConfig()
  const pending: PendingOidc = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), startedAt: Date.now() }
  const url = oidc.buildAuthorizationUrl(cfg, {
    redirect_uri: callbackUrl(),
    scope: config.OIDC_SCOPES,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  })
  return { url: url.href, pending }
}

export interface ProviderIdentity {
  sub: string
  email?: string
  emailVerified: boolean
  givenName?: string
  familyName?: string
}

/** Checks the callback (state, PKCE, nonce, ID token) and reads who signed in. */
export async function completeAuthorization(search: string, pending: PendingOidc | undefined): Promise<ProviderIdentity> {
  if (!pending || Date.now() - pending.startedAt > PENDING_TTL_MS)
    throw new OidcFailure('expired', 'The sign-in attempt expired or was started in another browser.')
  const params = new URLSearchParams(search)
  if (params.get('error'))
    throw new OidcFailure(params.get('error') === 'access_denied' ? 'access_denied' : 'provider_error', params.get('error_description') ?? params.get('error')!)
  const cfg = await providerConfig()
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>
  try {
    tokens = await oidc.authorizationCodeGrant(cfg, new URL(`${callbackUrl()}${search}`), {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    })
  } catch (err) {
    throw new OidcFailure('invalid_callback', err instanceof Error ? err.message : String(err))
  }
  const idClaims = tokens.claims()!
  // Scoped claims (email, names) come from userinfo when the ID token leaves them out.
  const info = await oidc.fetchUserInfo(cfg, tokens.access_token, idClaims.sub).catch(() => ({}) as Record<string, unknown>)
  const claims = { ...info, ...idClaims } as Record<string, unknown>
  const str = (k: string) => (typeof claims[k] === 'string' && claims[k] ? (claims[k] as string) : undefined)
  return {
    sub: idClaims.sub,
    email: str('email')?.trim().toLowerCase(),
    emailVerified: claims.email_verified === true,
    givenName: str('given_name'),
    familyName: str('family_name'),
  }
}

/**
 * The account of this provider identity: linked by subject; else by the provider's
 * verified email (then linked); else created `pending` from the verified email.
 */
export async function userForIdentity(em: EntityManager, id: ProviderIdentity): Promise<User> {
  const linked = await em.findOne(User, { oidcSubject: id.sub })
  if (linked) return linked
  if (!id.email || !id.emailVerified) throw new OidcFailure('unverified_email', 'The provider did not confirm a verified email address.')
  const profile = { firstName: id.givenName?.slice(0, 255) ?? null, lastName: id.familyName?.slice(0, 255) ?? null }
  const user = await findOrCreateUser(em, id.email, { oidcSubject: id.sub, profile })
  if (!user.oidcSubject) user.oidcSubject = id.sub
  await em.flush()
  return user
}
