/**
 * Security headers on every response: API, pages, assets, docs, errors. Private pages carry a
 * fresh nonce for their inline scripts (shared public pages a hash of each: public-cache.test.ts);
 * only the checkout allows Stripe's origins.
 */
import { describe, expect, test } from 'bun:test'
import { contentSecurityPolicy, isHttps } from '../../src/platform/http/security'
import { actor, Client } from '../client'
import { world } from './bookings.fixtures'

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? ''

function expectBaseline(path: string, h: Headers) {
  const csp = h.get('content-security-policy') ?? ''
  expect({ path, csp: !!csp }).toEqual({ path, csp: true })
  expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
  expect(directive(csp, 'object-src')).toBe("object-src 'none'")
  const script = directive(csp, 'script-src')
  expect(script).toStartWith("script-src 'self'")
  expect(script).not.toContain('unsafe-inline')
  expect(script).not.toContain('unsafe-eval')
  expect(h.get('x-content-type-options')).toBe('nosniff')
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  // Plain http in tests: no HSTS.
  expect(h.get('strict-transport-security')).toBeNull()
}

describe('security headers', () => {
  test('API answers, errors, pages, assets and the docs all carry them', async () => {
    const c = new Client()
    const paths = [
      '/v1/tags',
      '/v1/public/workshop-schedules',
      '/v1/nope',
      '/v1/workshops',
      '/openapi/json',
      '/docs',
      '/docs/init.js',
      '/docs/assets/swagger-ui-bundle.js',
      '/',
      '/workshops',
      '/login',
      '/no-such-page-here/x',
      '/favicon.svg',
      '/health',
      '/api/sanctum/csrf-cookie',
    ]
    for (const path of paths) {
      const r = await c.get(path)
      expect({ path, ok: r.status < 500 }).toEqual({ path, ok: true })
      expectBaseline(path, r.headers)
    }
    // A hashed island bundle and the stylesheet named by a page.
    const page = await c.get('/login')
    for (const asset of [...String(page.body).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))
      expectBaseline(asset, (await c.get(asset)).headers)
    // A redirect and a malformed body.
    expectBaseline('/b', (await c.get('/b')).headers)
    expectBaseline('POST /v1/auth/login-using-otp', (await c.post('/v1/auth/login-using-otp', '{"bad json')).headers)
  })

  test('each private page gets its own nonce, and every inline script carries it', async () => {
    // A signed-in visitor's page (an anonymous visitor's public page allows its scripts by hash: public-cache.test.ts).
    const me = await actor()
    const a = await me.client.get('/b')
    const b = await me.client.get('/b')
    const nonceOf = (h: Headers) => /'nonce-([^']+)'/.exec(h.get('content-security-policy') ?? '')?.[1]
    const n1 = nonceOf(a.headers)
    const n2 = nonceOf(b.headers)
    expect(n1).toBeString()
    expect(n1!.length).toBeGreaterThanOrEqual(22)
    expect(n1).not.toBe(n2)
    const html = String(a.body)
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(2)
    for (const attrs of scripts) {
      const external = /\ssrc="\/assets\//.test(attrs)
      const data = /type="application\/(json|ld\+json)"/.test(attrs)
      if (!external && !data) expect(attrs).toContain(`nonce="${n1}"`)
    }
  })

  test("only the checkout page allows Stripe's origins", async () => {
    const w = await world()
    const me = await actor()
    // Pages use the session cookie: sign in through a code would be long; the bearer token works for pages too.
    const book = await me.client.get(`/workshops/${w.schedule.id}/book`)
    expect(book.status).toBe(200)
    const csp = book.headers.get('content-security-policy') ?? ''
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com')
    expect(directive(csp, 'frame-src')).toContain('https://js.stripe.com')
    expect(directive(csp, 'frame-src')).toContain('https://hooks.stripe.com')
    const other = (await me.client.get('/workshops')).headers.get('content-security-policy') ?? ''
    expect(other).not.toContain('stripe.com')
    expect(contentSecurityPolicy()).not.toContain('stripe.com')
  })

  test('HSTS over https: APP_URL https, or X-Forwarded-Proto https behind a trusted proxy', async () => {
    const { config } = await import('../../src/config')
    const saved = { APP_URL: config.APP_URL, TRUST_PROXY: config.TRUST_PROXY }
    try {
      const req = (proto?: string) => new Request('http://localhost/x', { headers: proto ? { 'x-forwarded-proto': proto } : {} })
      expect(isHttps(req('https'))).toBe(false) // no trusted proxy: the header is anyone's
      ;(config as any).TRUST_PROXY = 1
      expect(isHttps(req('https'))).toBe(true)
      expect(isHttps(req('http'))).toBe(false)
      const r = await new Client().get('/v1/tags', { 'x-forwarded-proto': 'https' })
      expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      ;(config as any).TRUST_PROXY = 0
      ;(config as any).APP_URL = 'https://summit.example'
      expect(isHttps(req())).toBe(true)
      expect((await new Client().get('/login')).headers.get('strict-transport-security')).toStartWith('max-age=')
    } finally {
      Object.assign(config, saved)
    }
  })
})
