/**
 * Server-render every component (React 19 renderToReadableStream, identifierPrefix like an
 * island), hydrate it in Chromium with React's development build, and expect no hydration
 * mismatch, console error or page error; then a click proves the tree is live.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { renderToReadableStream } from 'react-dom/server'
import { headScript } from '../../design-system/head-script'
import { HydrationFixture } from '../../design-system/testing/hydration-fixture'

const ROOT = join(import.meta.dir, '..', '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

describe.skipIf(!existsSync(CHROMIUM))('design system hydration', () => {
  let server: ReturnType<typeof Bun.serve>
  let script = ''

  beforeAll(async () => {
    const built = await Bun.build({
      entrypoints: [join(ROOT, 'design-system/testing/hydration-client.tsx')],
      target: 'browser',
      define: { 'process.env.NODE_ENV': '"development"' },
    })
    if (!built.success) throw new Error(built.logs.map(String).join('\n'))
    script = await built.outputs[0]!.text()
    const stream = await renderToReadableStream(<HydrationFixture />, { identifierPrefix: 'ds-' })
    await stream.allReady
    const body = await new Response(stream).text()
    const css = existsSync(join(ROOT, 'dist/styles.css')) ? '<link rel="stylesheet" href="/styles.css">' : ''
    const page = `<!doctype html><html lang="en" data-color-mode="auto"><head><meta charset="utf-8"><title>Hydration</title><script>${headScript}</script>${css}</head><body><div id="root">${body}</div><script type="module" src="/client.js"></script></body></html>`
    server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch(req) {
        const path = new URL(req.url).pathname
        if (path === '/') return new Response(page, { headers: { 'content-type': 'text/html' } })
        if (path === '/client.js') return new Response(script, { headers: { 'content-type': 'text/javascript' } })
        if (path === '/styles.css') return new Response(Bun.file(join(ROOT, 'dist/styles.css')))
        return new Response(null, { status: path === '/favicon.ico' ? 204 : 404 })
      },
    })
  }, 60_000)

  afterAll(() => server?.stop(true))

  test('hydrates without mismatches or errors, then reacts to clicks', async () => {
    const { chromium } = await import('playwright-core')
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
      page.on('console', (m) => {
        // Missing demo images (files/*.png) are expected 404s; anything else is a failure.
        if (m.type() === 'error' && !m.text().includes('404')) errors.push(`console: ${m.text()}`)
      })
      await page.goto(`http://127.0.0.1:${server.port}/`)
      await page.waitForFunction(() => (window as any).__hydrated === true, null, { timeout: 15_000 })
      errors.push(...(await page.evaluate(() => (window as any).__errors as string[])))
      expect(errors).toEqual([])
      await page.click('#increment')
      await page.waitForFunction(() => document.querySelector('#increment')?.textContent === 'Clicked 1', null, { timeout: 5_000 })
      // auto + light system: the inline script resolved the mode before paint
      expect(await page.evaluate(() => document.documentElement.className)).toBe('light')

      // Table: drag the first row's handle below the third row; hover highlight then suppressed
      const firstName = () => page.locator('tbody tr').first().locator('td').nth(3).textContent()
      expect(await page.locator('tbody tr').count()).toBe(12) // manual pagination: all given rows
      expect(await firstName()).toBe('Row 00')
      const handle = page.locator('tbody tr').first().getByRole('button', { name: 'Drag to reorder' })
      await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }))
      const box = (await handle.boundingBox())!
      const rowHeight = (await page.locator('tbody tr').first().boundingBox())!.height
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + (rowHeight * 2.2 * i) / 10)
      await page.mouse.up()
      await page.waitForFunction(() => document.querySelector('tbody tr td:nth-child(4)')?.textContent === 'Row 01')
      expect(await page.locator('tbody tr').nth(2).locator('td').nth(3).textContent()).toBe('Row 00')
      expect(await page.getAttribute('table', 'data-hover-suppressed')).toBe('')

      // Sorting: click sorts, shift-click adds a second sort column
      const sortOf = (name: string) => page.getAttribute(`th:has-text("${name}")`, 'aria-sort')
      await page.click('th:has-text("Name")')
      expect(await sortOf('Name')).toBe('ascending')
      await page.click('th:has-text("Group")', { modifiers: ['Shift'] })
      expect(await sortOf('Name')).toBe('ascending')
      expect(await sortOf('Group')).toBe('ascending')
      await page.click('th:has-text("Group")')
      expect(await sortOf('Name')).toBe('none')

      // Country combobox: shows the default, filters by dial code
      const country = page.getByRole('combobox', { name: 'Country' })
      expect(await country.inputValue()).toContain('United Kingdom')
      await country.fill('+351')
      await page.waitForSelector('[data-part=item]:has-text("Portugal")')
      expect(await page.locator('[data-scope=combobox][data-part=item]').count()).toBe(1)
      await page.keyboard.press('Escape')

      // A list opened inside a dialog sits above it (clickable)
      await page.click('#open-settings')
      await page.getByRole('combobox', { name: 'Inside' }).click()
      await page.getByRole('option', { name: 'Inner two' }).click({ timeout: 3000 })
      expect(await page.getByRole('combobox', { name: 'Inside' }).textContent()).toContain('Inner two')
      await page.keyboard.press('Escape')
      await page.waitForSelector('text=Inner two', { state: 'detached' })

      // A non-dismissible dialog ignores Escape and outside clicks
      await page.click('#open-locked')
      await page.waitForSelector('text=Locked')
      await page.keyboard.press('Escape')
      await page.mouse.click(5, 5)
      await page.waitForTimeout(300)
      expect(await page.isVisible('#close-locked')).toBe(true)
      await page.click('#close-locked')
      await page.waitForSelector('#close-locked', { state: 'detached' })

      // Toasts appear in the toaster region; F8 moves focus to it
      await page.click('#toast')
      await page.waitForSelector('text=Successfully updated.')
      await page.keyboard.press('F8')
      await page.waitForFunction(() => !!document.activeElement?.closest('[data-scope=toast]'))

      // Tooltip opens after 600 ms, not before
      await page.hover('#tip')
      await page.waitForTimeout(350)
      expect(await page.isVisible('text=Tooltip text')).toBe(false)
      await page.waitForSelector('text=Tooltip text', { timeout: 2000 })
      await page.mouse.move(0, 0)

      // Colour mode chooser: sets the class and the cookie the server reads
      await page.click('label:has-text("Dark")')
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'))
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode'))).toBe('dark')
      expect(await page.evaluate(() => document.cookie)).toContain('color-mode=dark')

      // Sidebar open flag stored in localStorage
      await page.click('button[aria-label="Collapse sidebar"]')
      expect(await page.evaluate(() => localStorage.getItem('sidebar-open'))).toBe('false')
      expect(await page.getAttribute('aside', 'data-state')).toBe('closed')

      // After a reload the head script marks the sidebar closed before React hydrates
      await page.reload()
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-sidebar'))).toBe('closed')
      await page.waitForFunction(() => (window as any).__hydrated === true)
      expect(await page.getAttribute('aside', 'data-state')).toBe('closed')
      expect(await page.evaluate(() => (window as any).__errors)).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)
})
