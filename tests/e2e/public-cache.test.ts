/**
 * A public page as a shared cache serves it, in Chromium: an anonymous visitor (with a dark
 * colour-mode cookie) gets the sign-in page through nginx with the deploy cache configuration
 * (scripts/proxy-cache.ts; straight from the app, revalidated by the browser, where nginx is not
 * installed), and its island hydrates and works under the page's hash-based Content-Security-Policy
 * with no violation, from the cache as on the first visit; the colour mode is the visitor's.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { type CachingProxy, nginxBinary, startCachingProxy } from '../../scripts/proxy-cache'
import { PUBLIC_CACHE_CONTROL } from '../../src/platform/http/shared-cache'
import { base, noProblems, open, useBrowser } from './browser'

useBrowser()

let proxy: CachingProxy | null = null
afterAll(async () => {
  await proxy?.stop()
})

const allHydrated = () => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1')

describe('shared public pages in the browser', () => {
  test('a cached anonymous page hydrates its island with no CSP violation; the colour-mode cookie still applies', async () => {
    if (nginxBinary()) proxy = await startCachingProxy([new URL(base()).host.replace('localhost', '127.0.0.1')], { workers: 1 })
    else console.warn('nginx is not installed: the page is cached by the browser alone')
    const origin = proxy?.url ?? base()
    const s = await open()
    await s.context.addCookies([{ name: 'color-mode', value: 'dark', url: origin }])
    const violations: string[] = []
    s.page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()))

    const first = await s.page.goto(`${origin}/login`)
    expect(first!.headers()['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    expect(first!.headers()['content-security-policy']).toContain("'sha256-")
    await s.page.waitForFunction(allHydrated)
    // The page's own requests (the passkey autofill's options among them) leave no session: a
    // visitor who only looks at /login stays one a shared cache may serve.
    await s.page.waitForLoadState('networkidle')
    expect((await s.context.cookies()).map((c) => c.name)).toEqual(['color-mode'])
    // Served again from the cache: nginx's copy (or the browser's, after a 304).
    const again = await s.page.reload()
    if (proxy) expect(again!.headers()['x-cache-status']).toBe('HIT')
    await s.page.waitForFunction(allHydrated)
    expect(await s.page.evaluate(() => document.documentElement.className)).toContain('dark')
    // The island works: the form checks the address as the visitor types it.
    await s.page.getByLabel('Email').fill('not-an-address')
    await s.page.getByRole('button', { name: 'Continue with email' }).click()
    await s.page.getByText('Please enter a valid email address').waitFor()

    // A page without islands: only the colour-mode script, allowed by its hash.
    await s.page.goto(`${origin}/`)
    await s.page.reload()
    expect(await s.page.evaluate(() => document.documentElement.className)).toContain('dark')
    expect(violations).toEqual([])
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 120_000)
})
