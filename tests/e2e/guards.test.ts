/**
 * Route behaviour of section 2, checked on the server's first answer (before any HTML):
 * sign-in redirect with `redirect=`, guest-only pages, pending users kept on onboarding,
 * non-pending users sent away from it, the coach-only area (403 page), fixed redirects,
 * the 404 page, bare status for crawlers, page titles and site meta.
 */
import { describe, expect, test } from 'bun:test'
import { config } from '../../src/config'
import { PUBLIC_CACHE_CONTROL } from '../../src/platform/http/shared-cache'
import { app } from '../client'
import { makeUser, sessionCookies, useAssets } from './browser'

useAssets()

async function get(path: string, cookies = '', ua?: string) {
  const headers: Record<string, string> = { cookie: cookies }
  if (ua) headers['user-agent'] = ua
  const res = await fetch(app().url + path, { redirect: 'manual', headers })
  return { status: res.status, location: res.headers.get('location'), body: await res.text(), headers: res.headers }
}

describe('guards', () => {
  test('signed-out visitors are sent to /login with the requested route kept', async () => {
    for (const path of ['/b', '/c', '/onboarding/1', '/onboarding/2', '/b/bookings', '/c/workshops/abc']) {
      const r = await get(path)
      expect(r.status).toBe(302)
      expect(r.location).toBe(`/login?redirect=${encodeURIComponent(path)}`)
    }
    const q = await get('/b?tab=1')
    expect(q.location).toBe(`/login?redirect=${encodeURIComponent('/b?tab=1')}`)
  }, 150_000)

  test('marketing and legal pages skip authentication', async () => {
    for (const path of [
      '/',
      '/announcement',
      '/b/privacy-policy',
      '/b/terms-and-conditions',
      '/c/privacy-policy',
      '/c/terms-and-conditions',
      '/login',
      '/register',
    ]) {
      const r = await get(path)
      expect(r.status, path).toBe(200)
    }
  }, 150_000)

  test('guest-only pages send signed-in users to their landing', async () => {
    const client = await makeUser()
    const coach = await makeUser({ roles: ['coach'] })
    const admin = await makeUser({ roles: ['super-admin'] })
    for (const [u, to] of [
      [client, '/b'],
      [coach, '/c'],
      [admin, config.ADMIN_URL],
    ] as const) {
      const cookies = await sessionCookies(u)
      for (const path of ['/login', '/register']) {
        const r = await get(path, cookies)
        expect(r.status).toBe(302)
        expect(r.location).toBe(to)
      }
    }
  }, 150_000)

  test('pending users are kept on /onboarding/1, then /onboarding/2 once named', async () => {
    const pending = await makeUser({ status: 'pending', username: null, profile: {} })
    const cookies = await sessionCookies(pending)
    for (const path of ['/', '/b', '/c', '/onboarding', '/onboarding/2', '/announcement', '/login']) {
      const r = await get(path, cookies)
      expect(r.status, path).toBe(302)
      expect(r.location).toBe('/onboarding/1')
    }
    expect((await get('/onboarding/1', cookies)).status).toBe(200)
    const named = await makeUser({ status: 'pending' })
    expect((await get('/onboarding/2', await sessionCookies(named))).status).toBe(200)
  }, 150_000)

  test('active users are sent from /onboarding* to /', async () => {
    const cookies = await sessionCookies(await makeUser())
    for (const path of ['/onboarding', '/onboarding/1', '/onboarding/2']) {
      const r = await get(path, cookies)
      expect(r.status).toBe(302)
      expect(r.location).toBe('/')
    }
  }, 150_000)

  test('/c is for coaches (and super-admins): others get the 403 page', async () => {
    const client = await sessionCookies(await makeUser())
    const r = await get('/c', client)
    expect(r.status).toBe(403)
    expect(r.body).toContain('Something went wrong.')
    expect(r.body).toContain('Return to Home')
    expect((await get('/b', client)).status).toBe(200)
    expect((await get('/c', await sessionCookies(await makeUser({ roles: ['coach'] })))).status).toBe(200)
    expect((await get('/c', await sessionCookies(await makeUser({ roles: ['super-admin'] })))).status).toBe(200)
  }, 150_000)

  test('fixed redirects: /onboarding -> /onboarding/1, /c/account -> /c/account/profile', async () => {
    const pending = await sessionCookies(await makeUser({ status: 'pending', username: null, profile: {} }))
    expect((await get('/onboarding', pending)).location).toBe('/onboarding/1')
    const coach = await sessionCookies(await makeUser({ roles: ['coach'] }))
    const r = await get('/c/account', coach)
    expect(r.status).toBe(302)
    expect(r.location).toBe('/c/account/profile')
  }, 150_000)

  test('unknown routes and routes without content yet answer the 404 page', async () => {
    const r = await get('/nothing/here')
    expect(r.status).toBe(404)
    expect(r.body).toContain('Page Not Found: /nothing/here')
    expect(r.body).toContain('Return to Home')
    expect(r.body).not.toContain('<script')
    const coach = await sessionCookies(await makeUser({ roles: ['coach'] }))
    const later = await get('/c/workshops/not-a-workshop', coach)
    expect(later.status).toBe(404)
    expect(later.body).toContain('Page Not Found: /c/workshops/not-a-workshop')
    // The API keeps its JSON 404.
    const api = await fetch(`${app().url}/v1/nothing`)
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toContain('application/json')
  }, 150_000)

  test('crawlers get a bare status response instead of the error page', async () => {
    const r = await get('/nothing/here', '', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
    expect(r.status).toBe(404)
    expect(r.headers.get('content-type')).toContain('text/plain')
    expect(r.body).toBe('404 Page Not Found')
    // Real pages still render for them.
    expect((await get('/', '', 'Googlebot/2.1')).status).toBe(200)
  }, 150_000)

  test('titles and site meta', async () => {
    const home = await get('/')
    expect(home.body).toContain('<title>Home | Summit (test)</title>')
    expect(home.body).toContain(`content="The world&#x27;s #1 marketplace for coaches and consultants"`)
    expect(home.body).toContain('<meta name="application-name" content="Summit"/>')
    expect(home.body).toMatch(/<meta property="og:image" content="http[^"]+\/og-image\.png"\/>/)
    const png = await fetch(`${app().url}/og-image.png`)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    const bytes = new Uint8Array(await png.arrayBuffer())
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')
    expect((await get('/c/privacy-policy')).body).toContain('<title>Privacy Policy for Coaches | Summit (test)</title>')
    expect((await get('/c/terms-and-conditions')).body).toContain('<title>Terms &amp; Conditions for Coaches | Summit (test)</title>')
    const coach = await sessionCookies(await makeUser({ roles: ['coach'] }))
    expect((await get('/c', coach)).body).toContain('<title>Coach Dashboard | Summit (test)</title>')
  }, 150_000)

  test('island assets are hashed and cached for a year; pages are not', async () => {
    const login = await get('/login')
    const src = /<script type="module" async src="(\/assets\/auth-form-[\w-]+\.js)"/.exec(login.body)?.[1]
    expect(src).toBeTruthy()
    const js = await fetch(app().url + src!, { headers: { 'accept-encoding': 'gzip' } })
    expect(js.status).toBe(200)
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(js.headers.get('content-type')).toContain('javascript')
    const css = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/.exec(login.body)?.[1]
    expect((await fetch(app().url + css!)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // An anonymous visitor's sign-in page is the one everybody gets: a shared cache may keep it a few seconds (public-cache.ts).
    expect(login.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
    expect((await fetch(`${app().url}/assets/nope.js`)).status).toBe(404)
  }, 150_000)
})
