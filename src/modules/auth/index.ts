/** Sign-in: codes, links, sessions, personal access tokens and the external provider. */
import { Elysia } from 'elysia'
import { authRoutes } from './auth.routes'
import { connectRoutes } from './connect.routes'
import { oidcRoutes } from './oidc.routes'
import { tokenRoutes } from './tokens.routes'

export { createAccessToken, landingFor, signIn } from './auth.service'
export { consumeCode, issueCode } from './otp.service'
export { destroySession, loadSession, refreshXsrfCookie, startSession } from './session'

export const authModule = new Elysia({ name: 'auth-module' }).use(authRoutes).use(tokenRoutes).use(oidcRoutes).use(connectRoutes)
export { AccessToken, OneTimeCode, RateLimitSchema, Session } from './auth.entity'
export { PROVIDER } from './oidc.service'
