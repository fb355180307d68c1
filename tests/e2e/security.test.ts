/**
 * The Content-Security-Policy in a real browser: Swagger UI at /docs still works under it,
 * island pages hydrate without a violation, and a script injected into a page does not run.
 */
import { describe, expect, test } from 'bun:test'
import { makeUser, noProblems, open, openAs, useBrowser } from './browser'

useBrowser()

describe('content security policy in Chromium', () => {
  test('Swagger UI renders the API under its CSP, without console errors', async () => {
    const s = await open()
    const violations: string[] = []
    s.page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()))
    await s.page.goto('/docs')
    // Swagger UI parses the whole document (about 780 KB) before it shows anything: on a machine
    // busy with the other suites that takes well over 30 s.
    await s.page.locator('.swagger-ui .info .title').waitFor({ timeout: 120_000 })
    expect(await s.page.locator('.swagger-ui .info .title').textContent()).toContain('Summit API')
    await s.page.locator('.opblock').first().waitFor({ timeout: 60_000 })
    expect(await s.page.locator('.opblock').count()).toBeGreaterThan(2)
    expect(violations).toEqual([])
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 240_000)

  test('island pages hydrate with no violation; an injected inline script is refused', async () => {
    const user = await makeUser()
    const s = await openAs(user)
    const violations: string[] = []
    s.page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()))
    for (const path of ['/b/account/profile', '/workshops']) {
      await s.page.goto(path)
      await s.page.waitForLoadState('networkidle')
      await s.page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))
    }
    expect(violations).toEqual([])
    expect(noProblems(s)).toEqual([])
    // What an XSS would try: an inline script and an inline event handler. Neither runs.
    const ran = await s.page.evaluate(async () => {
      const w = window as any
      const script = document.createElement('script')
      script.textContent = 'window.__injected = 1'
      document.body.appendChild(script)
      const img = document.createElement('img')
      img.setAttribute('onerror', 'window.__handler = 1')
      img.src = '/no-such-image.png'
      document.body.appendChild(img)
      await new Promise((r) => setTimeout(r, 300))
      return { script: w.__injected ?? null, handler: w.__handler ?? null }
    })
    expect(ran).toEqual({ script: null, handler: null })
    expect(violations.length).toBeGreaterThan(0)
    await s.close()
  }, 60_000)
})
