import { describe, expect, test } from 'bun:test'
import { config } from '../../src/config'
import { PROVIDER_ERROR_MESSAGES } from '../../src/modules/auth/auth.schema'
import { resetProviderConfig } from '../../src/modules/auth/oidc.service'
import { User } from '../../src/modules/users/user.entity'
import { actor, Client, em, uid } from '../client'
import { signInAtProvider } from '../peers/oidc'

/** Browser steps: our redirect, the provider's screens, back to our callback. */
async function viaProvider(c: Client, login: string, opts: { abort?: boolean; query?: string } = {}) {
  const start = await c.get(`/v1/auth/connect/multiplai/redirect${opts.query ?? ''}`)
  expect(start.status).toBe(302)
  const authorize = new URL(start.headers.get('location')!)
  expect(authorize.origin).toBe(config.OIDC_ISSUER!)
  const callback = new URL(await signInAtProvider(authorize.href, login, opts))
  expect(`${callback.origin}${callback.pathname}`).toBe(`${config.APP_URL}/v1/auth/connect/multiplai/callback`)
  const back = await c.get(callback.pathname + callback.search)
  return { authorize, callback, back }
}

describe('sign in with the external provider (OpenID Connect)', () => {
  test('the provider is listed when configured', async () => {
    const r = await new Client().get('/v1/auth/providers')
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual([{ id: 'multiplai', name: 'Multiplai', redirectUrl: '/v1/auth/connect/multiplai/redirect' }])
  })

  test('full flow for a new person: PKCE + state + nonce, account created pending, signed in', async () => {
    const email = `oidc-${uid()}@test.example`
    const c = new Client()
    const { authorize, back } = await viaProvider(c, email)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('state')).toBeString()
    expect(authorize.searchParams.get('nonce')).toBeString()
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${config.APP_URL}/v1/auth/connect/multiplai/callback`)
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe('/onboarding/1')
    const me = await c.get('/v1/auth/me')
    expect(me.status).toBe(200)
    expect(me.body.data.email).toBe(email)
    expect(me.body.data.status).toBe('pending')
    expect(me.body.data.profile.firstName).toBe('Olivia')
    const user = await em().findOneOrFail(User, { email })
    expect(user.oidcSubject).toBe(email)
    expect(user.emailVerifiedAt).toBeInstanceOf(Date)
  })

  test('an existing account is found by verified email and linked; the stored redirect is used', async () => {
    const { user } = await actor({ email: `oidc-${uid()}@test.example`, roles: ['coach'] })
    const c = new Client()
    const first = await viaProvider(c, user.email)
    expect(first.back.headers.get('location')).toBe('/c')
    expect((await em().findOneOrFail(User, { id: user.id })).oidcSubject).toBe(user.email)
    const again = new Client()
    const second = await viaProvider(again, user.email, { query: '?redirect=/c/workshops' })
    expect(second.back.headers.get('location')).toBe('/c/workshops')
    expect((await again.get('/v1/auth/me')).body.data.id).toBe(user.id)
  })

  test('the session id changes at the callback', async () => {
    const c = new Client()
    const start = await c.get('/v1/auth/connect/multiplai/redirect')
    const guest = c.cookies.get('summit_session')
    expect(guest).toBeString()
    const callback = new URL(await signInAtProvider(start.headers.get('location')!, `oidc-${uid()}@test.example`))
    await c.get(callback.pathname + callback.search)
    expect(c.cookies.get('summit_session')).not.toBe(guest)
  })

  test('a replayed callback, another browser, or a cancelled login ends on /login with an error', async () => {
    const c = new Client()
    const { callback } = await viaProvider(c, `oidc-${uid()}@test.example`)
    const replay = await c.get(callback.pathname + callback.search)
    expect(replay.status).toBe(302)
    expect(replay.headers.get('location')).toBe('/login?error=expired')

    const other = new Client()
    const stolen = await other.get(callback.pathname + callback.search)
    expect(stolen.headers.get('location')).toBe('/login?error=expired')
    expect((await other.get('/v1/auth/me')).status).toBe(401)

    const cancel = new Client()
    const { back } = await viaProvider(cancel, `oidc-${uid()}@test.example`, { abort: true })
    expect(back.headers.get('location')).toBe('/login?error=access_denied')
    expect((await cancel.get('/v1/auth/me')).status).toBe(401)
  })

  test('a tampered state is refused', async () => {
    const c = new Client()
    const start = await c.get('/v1/auth/connect/multiplai/redirect')
    const callback = new URL(await signInAtProvider(start.headers.get('location')!, `oidc-${uid()}@test.example`))
    callback.searchParams.set('state', 'forged')
    const r = await c.get(callback.pathname + callback.search)
    expect(r.headers.get('location')).toBe('/login?error=invalid_callback')
    expect((await c.get('/v1/auth/me')).status).toBe(401)
  })

  test('an unverified provider email creates nothing', async () => {
    const email = `oidc-${uid()}@test.example`
    const c = new Client()
    const { back } = await viaProvider(c, `unverified-${email}`)
    expect(back.headers.get('location')).toBe('/login?error=unverified_email')
    expect(await em().count(User, { email })).toBe(0)
  })

  test('every error code the callback can send has a message for the login page', async () => {
    const source = await Bun.file(new URL('../../src/modules/auth/oidc.service.ts', import.meta.url)).text()
    const codes = [...source.matchAll(/new OidcFailure\('([a-z_]+)'/g)].map((m) => m[1])
    expect(codes.length).toBeGreaterThan(3)
    for (const code of [...codes, 'access_denied', 'suspended', 'provider_error']) expect(PROVIDER_ERROR_MESSAGES[code], code).toBeString()
  })

  test('a suspended account is sent back to /login', async () => {
    const { user } = await actor({ email: `oidc-${uid()}@test.example`, status: 'suspended' })
    const c = new Client()
    const { back } = await viaProvider(c, user.email)
    expect(back.headers.get('location')).toBe('/login?error=suspended')
    expect((await c.get('/v1/auth/me')).status).toBe(401)
  })

  test('an unreachable provider ends on /login, not in an error page', async () => {
    const saved = config.OIDC_ISSUER
    const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    const deadPort = probe.port
    probe.stop(true)
    ;(config as any).OIDC_ISSUER = `http://127.0.0.1:${deadPort}`
    resetProviderConfig()
    try {
      const r = await new Client().get('/v1/auth/connect/multiplai/redirect')
      expect(r.status).toBe(302)
      expect(r.headers.get('location')).toBe('/login?error=provider_unavailable')
    } finally {
      ;(config as any).OIDC_ISSUER = saved
      resetProviderConfig()
    }
    expect((await new Client().get('/v1/auth/connect/multiplai/redirect')).headers.get('location')).toStartWith(saved!)
  })

  test('404 when no provider is configured', async () => {
    const saved = config.oidcEnabled
    ;(config as any).oidcEnabled = false
    try {
      expect((await new Client().get('/v1/auth/connect/multiplai/redirect')).status).toBe(404)
      expect((await new Client().get('/v1/auth/connect/multiplai/callback?code=x&state=y')).status).toBe(404)
      expect((await new Client().get('/v1/auth/providers')).body.data).toEqual([])
    } finally {
      ;(config as any).oidcEnabled = saved
    }
  })
})
