/** The route table and guards of section 2, and the islands' props escaping. */
import { describe, expect, test } from 'bun:test'
import { config } from '../../src/config'
import { landingFor } from '../../src/modules/auth'
import { guard } from '../../src/pages/guards'
import { matchRoute, routes } from '../../src/pages/routes'
import { safeRedirect } from '../../src/shared/urls'

const user = (o: Partial<{ roles: string[]; status: string; username: string | null }> = {}) => ({ roles: [], status: 'active', username: 'erin', ...o }) as any

describe('route table', () => {
  test('holds every route of section 2, spelt as in the spec', () => {
    const paths = routes.map((r) => r.path)
    for (const p of [
      '/',
      '/announcement',
      '/{username}',
      '/consultants',
      '/workshops',
      '/workshops/{id}/book',
      '/login',
      '/register',
      '/onboarding',
      '/onboarding/1',
      '/onboarding/2',
      '/b',
      '/c',
      '/b/privacy-policy',
      '/c/privacy-policy',
      '/b/terms-and-conditions',
      '/c/terms-and-conditions',
      '/b/apps',
      '/b/apps/multiplai',
      '/b/groups',
      '/b/bookings',
      '/b/payments',
      '/b/bookings/{id}',
      '/b/bookings/{id}/seats',
      '/b/bookings/{id}/payments',
      '/b/bookings/{id}/resources',
      '/b/workshops',
      '/b/workshops/{id}',
      '/b/workshops/{id}/history',
      '/b/workshops/{id}/bookings',
      '/b/workshops/{id}/bookings/{bookingId}',
      '/b/workshops/{id}/calendar',
      '/b/workshops/{id}/resources',
      '/c/apps',
      '/c/apps/multiplai',
      '/c/account',
      '/c/account/profile',
      '/c/account/payouts',
      '/c/bookings',
      '/c/feedbacks',
      '/c/bookings/{id}',
      '/c/bookings/{id}/seats',
      '/c/bookings/{id}/payments',
      '/c/bookings/{id}/resources',
      '/c/workshops',
      '/c/workshops/{id}',
      '/c/workshops/{id}/history',
      '/c/workshops/{id}/payouts',
      '/c/workshops/{id}/calendar',
      '/c/workshops/{id}/invoices',
      '/c/workshops/{id}/resources',
    ])
      expect(paths).toContain(p)
    const layouts = new Set(routes.map((r) => r.layout))
    for (const l of ['onboarding', 'marketing', 'coach', 'client', 'auth']) expect(layouts.has(l as any)).toBe(true)
  })

  test('matching: fixed paths win over /{username}; parameters are decoded', () => {
    expect(matchRoute('/login')!.route.path).toBe('/login')
    expect(matchRoute('/maya')!.route.path).toBe('/{username}')
    expect(matchRoute('/maya')!.params).toEqual({ username: 'maya' })
    expect(matchRoute('/b/workshops/w1/bookings/b%202')!.params).toEqual({ id: 'w1', bookingId: 'b 2' })
    expect(matchRoute('/b/')!.route.path).toBe('/b')
    expect(matchRoute('/a/b/c/d')).toBeNull()
  })

  test('the public workshop page and its checkout never shadow each other; /{username} stays last', () => {
    expect(matchRoute('/workshops/s1')!.route.path).toBe('/workshops/{id}')
    expect(matchRoute('/workshops/s1')!.route.access).toBe('public')
    expect(matchRoute('/workshops/s1/')!.route.path).toBe('/workshops/{id}')
    expect(matchRoute('/workshops/s1/book')!.route.path).toBe('/workshops/{id}/book')
    expect(matchRoute('/workshops/s1/book')!.route.access).toBe('auth')
    expect(matchRoute('/workshops')!.route.path).toBe('/workshops')
    expect(routes.at(-1)!.path).toBe('/{username}')
    // Files served beside the pages are matched before the table (src/pages/seo/routes.ts); the table would not take them for a page anyway.
    expect(matchRoute('/workshops/s1/og-image.jpg')).toBeNull()
    expect(matchRoute('/sitemaps/workshops-1.xml')).toBeNull()
  })
})

describe('guards', () => {
  const r = (path: string) => matchRoute(path)!.route
  test('sign-in redirect, guest-only, coach-only', () => {
    expect(guard(r('/b'), '/b', '?x=1', null)).toEqual({ redirect: `/login?redirect=${encodeURIComponent('/b?x=1')}` })
    expect(guard(r('/'), '/', '', null)).toBeNull()
    expect(guard(r('/login'), '/login', '', user())).toEqual({ redirect: '/b' })
    expect(guard(r('/login'), '/login', '', user({ roles: ['coach'] }))).toEqual({ redirect: '/c' })
    expect(guard(r('/register'), '/register', '', user({ roles: ['super-admin'] }))).toEqual({ redirect: config.ADMIN_URL })
    expect(guard(r('/c'), '/c', '', user())).toEqual({ status: 403 })
    expect(guard(r('/c'), '/c', '', user({ roles: ['super-admin'] }))).toBeNull()
  })
  test('pending users stay on onboarding; others leave it', () => {
    const pending = user({ status: 'pending', username: null })
    for (const p of ['/', '/b', '/c', '/onboarding/2', '/login']) expect(guard(r(p), p, '', pending)).toEqual({ redirect: '/onboarding/1' })
    expect(guard(r('/onboarding/1'), '/onboarding/1', '', pending)).toBeNull()
    expect(guard(r('/onboarding/2'), '/onboarding/2', '', user({ status: 'pending' }))).toBeNull()
    expect(guard(r('/onboarding/1'), '/onboarding/1', '', user())).toEqual({ redirect: '/' })
    expect(landingFor(pending)).toBe('/onboarding/1')
  })
  test('only same-site redirects are followed', () => {
    expect(safeRedirect('/c/bookings')).toBe('/c/bookings')
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', '', null]) expect(safeRedirect(bad as any)).toBeNull()
  })
})
