import { Elysia, t } from 'elysia'
import { config } from '../../config'
import { platform, type RequestContext } from '../../platform/http/context'
import { HttpError, notFound } from '../../platform/http/errors'
import type { CookieJar } from '../../platform/http/session'
import { isSafeRedirect } from '../../shared/urls'
import { responses } from './auth.docs'
import { signIn } from './auth.service'
import { linkToCurrentUser } from './connect.service'
import { beginAuthorization, completeAuthorization, OidcFailure, type PendingOidc, PROVIDER, userForIdentity } from './oidc.service'
import { startSession } from './session'

const tags = ['Auth']

function requireProvider() {
  if (!config.oidcEnabled) throw notFound('Sign-in provider')
}

/** A browser navigation: answer with a redirect, the cookies set on the way included. */
function go(set: { status?: number | string; headers: Record<string, string | number> }, location: string) {
  set.status = 302
  set.headers.location = location
  set.headers['cache-control'] = 'no-store'
  return null
}

const loginError = (code: string) => `/login?error=${encodeURIComponent(code)}`

async function keepInSession(ctx: RequestContext, cookie: CookieJar, data: Record<string, unknown>) {
  if (ctx.session) {
    ctx.session.data = { ...(ctx.session.data ?? {}), ...data }
    await ctx.em.flush()
  } else {
    ctx.session = await startSession(ctx.em, cookie, { userId: null, data })
  }
}

export const oidcRoutes = new Elysia({ name: 'auth-oidc' })
  .use(platform)
  .get(
    '/auth/providers',
    () => ({
      data: config.oidcEnabled ? [{ id: PROVIDER.id, name: PROVIDER.name, redirectUrl: `/v1/auth/connect/${PROVIDER.id}/redirect` }] : [],
    }),
    {
      detail: {
        tags,
        summary: 'External sign-in providers that are configured',
        responses: responses.providers,
        description: 'Answers `{ data: [{ id, name, redirectUrl }] }`; empty when none is configured (the login page then hides the button).',
      },
    },
  )
  .get(
    `/auth/connect/${PROVIDER.id}/redirect`,
    async ({ ctx, cookie, query, set }) => {
      requireProvider()
      try {
        const { url, pending } = await beginAuthorization()
        await keepInSession(ctx, cookie as unknown as CookieJar, { oidc: pending, ...(isSafeRedirect(query.redirect) ? { redirect: query.redirect } : {}) })
        return go(set, url)
      } catch (err) {
        if (!(err instanceof OidcFailure)) throw err
        ctx.log.warn({ code: err.code, err: err.message }, 'sign-in provider redirect failed')
        return go(set, loginError(err.code))
      }
    },
    {
      query: t.Object({ redirect: t.Optional(t.String({ description: 'A path on this site to land on afterwards' })) }),
      detail: {
        tags,
        summary: 'Sign in with Multiplai: go to the provider',
        responses: responses.redirect,
        description:
          "302 to the provider's authorization page (OpenID Connect, authorization code with PKCE; state and nonce kept in the session). 404 when no provider is configured.",
      },
    },
  )
  .get(
    `/auth/connect/${PROVIDER.id}/callback`,
    async ({ ctx, cookie, request, set }) => {
      requireProvider()
      const pending = ctx.session?.data?.oidc as PendingOidc | undefined
      if (ctx.session && pending) {
        // Single use: a replayed callback finds nothing to match.
        const { oidc: _spent, ...rest } = ctx.session.data
        ctx.session.data = rest
        await ctx.em.flush()
      }
      try {
        const identity = await completeAuthorization(new URL(request.url).search, pending)
        // Signed in already (Apps > Multiplai > Link): the provider account is linked to this user.
        const user = (await linkToCurrentUser(ctx, identity.sub)) ?? (await userForIdentity(ctx.em, identity))
        const { redirect } = await signIn(ctx, cookie as unknown as CookieJar, user)
        return go(set, redirect)
      } catch (err) {
        if (err instanceof HttpError && err.status === 403) return go(set, loginError('suspended'))
        if (!(err instanceof OidcFailure)) throw err
        ctx.log.warn({ code: err.code, err: err.message }, 'sign-in with the provider failed')
        return go(set, loginError(err.code))
      }
    },
    {
      query: t.Object({}, { additionalProperties: true }),
      detail: {
        tags,
        summary: 'Sign in with Multiplai: back from the provider',
        responses: responses.redirect,
        description:
          'Checks state, PKCE and the ID token, finds the account by provider subject or verified email (or creates it as pending), signs in with a fresh session and answers 302 to the landing address (as auth/login). Failures answer 302 to `/login?error=<code>` (`access_denied`, `suspended`, `expired`, `invalid_callback`, `unverified_email`, `provider_unavailable`, `provider_error`). 404 when no provider is configured.',
      },
    },
  )
