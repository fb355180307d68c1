/**
 * Open redirects: one check (src/shared/urls.ts) for every `redirect=` target. Browsers drop
 * tabs and newlines inside URLs and read `\` as `/`, so `/%09/evil.example` leaves the site.
 */
import { describe, expect, test } from 'bun:test'
import * as v from 'valibot'
import { landingFor } from '../../src/modules/auth'
import { VerifyTokenSchema } from '../../src/modules/auth/auth.schema'
import { safeRedirect } from '../../src/shared/urls'
import { actor, Client, uid } from '../client'
import { signInAtProvider } from '../peers/oidc'

const EVIL = [
  '/\t/evil.example',
  '/%09/evil.example',
  '/\n/evil.example',
  '/%0a/evil.example',
  '/\r/evil.example',
  '/%0d%0a/evil.example',
  '/\u0000/evil.example',
  '/%00/x',
  '/\ufffd/evil.example',
  '//evil.example',
  '/\\evil.example',
  '/%5cevil.example',
  '/%2f/evil.example',
  '/a//evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  'evil.example',
  '',
  '/\u007f/evil.example',
  `/${'a'.repeat(2001)}`,
]
const GOOD = ['/', '/b/bookings', '/c/workshops?tab=2&q=a%20b', '/workshops?q=http://x.example', '/invitations/abc#top']

describe('one redirect check', () => {
  test('same-origin paths pass; control characters, backslashes, `//` and other origins are refused', () => {
    for (const bad of EVIL) expect({ bad, got: safeRedirect(bad) }).toEqual({ bad, got: null })
    for (const good of GOOD) expect(safeRedirect(good)).toBe(good)
    // The one landing rule keeps a stored redirect only when the same check passes it.
    const client = { roles: [], status: 'active' as const }
    for (const bad of EVIL) expect(landingFor(client, bad)).toBe('/b')
    for (const good of GOOD) expect(landingFor(client, good)).toBe(good)
    for (const bad of EVIL.filter(Boolean)) expect(v.safeParse(VerifyTokenSchema, { token: 't', redirect: bad }).success).toBe(false)
  })

  test('the sign-in endpoints answer 422 for a redirect that leaves the site', async () => {
    for (const redirect of ['/\t/evil.example', '//evil.example', '/\\evil.example']) {
      const r = await new Client().post('/v1/auth/verify-token', { token: 'whatever', redirect })
      expect(r.status).toBe(422)
      expect(r.body.errors.redirect).toEqual(['The redirect must be a path on this site.'])
    }
  })

  test('/login?redirect=/%09/evil.example hands no redirect to the sign-in form', async () => {
    const r = await new Client().get('/login?redirect=/%09/evil.example')
    expect(r.status).toBe(200)
    expect(r.body).toContain('"redirect":null')
    const ok = await new Client().get('/login?redirect=/b/bookings')
    expect(ok.body).toContain('"redirect":"/b/bookings"')
  })

  test('the external provider never sends a user off-site after the callback', async () => {
    const { user } = await actor({ email: `oidc-${uid()}@test.example`, roles: ['coach'] })
    // A control character in an API query is refused outright.
    expect((await new Client().get('/v1/auth/connect/multiplai/redirect?redirect=/%09/evil.example')).status).toBe(422)
    for (const query of ['?redirect=//evil.example', '?redirect=/%5Cevil.example', '?redirect=/%2F/evil.example']) {
      const c = new Client()
      const start = await c.get(`/v1/auth/connect/multiplai/redirect${query}`)
      expect(start.status).toBe(302)
      const callback = new URL(await signInAtProvider(start.headers.get('location')!, user.email, {}))
      const back = await c.get(callback.pathname + callback.search)
      expect(back.status).toBe(302)
      expect(back.headers.get('location')).toBe('/c')
    }
  })
})
