/** Sign-in: codes, links, sessions, personal access tokens and the external provider. */
import { Elysia } from 'elysia'
import { authRoutes } from './auth.routes'
import { tokenRoutes } from './tokens.routes'
import { oidcRoutes } from './oidc.routes'
import { connectRoutes } from './connect.routes'

export { issueCode, consumeCode } from './otp.service'
export { signIn, landingFor, createAccessToken } from './auth.service'

export const authModule = new Elysia({ name: 'auth-module' }).use(authRoutes).use(tokenRoutes).use(oidcRoutes).use(connectRoutes)
