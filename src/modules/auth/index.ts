/** Sign-in: codes, links, passkeys, sessions, personal access tokens, the external provider, and the second check. */
import { Elysia } from 'elysia'
import { authRoutes } from './auth.routes'
import { connectRoutes } from './connect.routes'
import { oidcRoutes } from './oidc.routes'
import { passkeyRoutes } from './passkey.routes'
import { reauthRoutes } from './reauth.routes'
import { tokenRoutes } from './tokens.routes'

export { createAccessToken, landingFor, signIn } from './auth.service'
export { describeDevice, placeOf } from './device'
export { consumeCode, issueCode } from './otp.service'
export { passkeysOf } from './passkey.service'
export { destroySession, loadSession, refreshXsrfCookie, type SeenFrom, startSession, touchToken } from './session'
export { revokeOthers } from './signed-in.service'
export { isRecentlyVerified, markVerified, REAUTH_WINDOW_MINUTES, reauthenticationRequired } from './verification'

export const authModule = new Elysia({ name: 'auth-module' })
  .use(authRoutes)
  .use(tokenRoutes)
  .use(passkeyRoutes)
  .use(reauthRoutes)
  .use(oidcRoutes)
  .use(connectRoutes)
export { AccessToken, OneTimeCode, RateLimitSchema, Session } from './auth.entity'
export { PROVIDER } from './oidc.service'
export { KnownDevice, Passkey, WebauthnChallenge } from './passkey.entity'
