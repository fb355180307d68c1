/**
 * The design system's form controls and dialogs in Chromium: server-rendered, hydrated without
 * mismatches, then driven: NativeSelect and Input carry FormField's invalid state, a disabled
 * LinkButton is no link, ConfirmDialog (alertdialog, focus on Cancel for danger, busy while its
 * promise runs, closes on success, stays open on failure, focus back to the opener), FormDialog
 * (focus on the first field, Enter submits, busy blocks Escape), and a toast created while a
 * modal dialog is open stays outside the set the dialog hides from assistive technology.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { renderToReadableStream } from 'react-dom/server'
import { ControlsFixture } from '../../design-system/testing/controls-fixture'

const ROOT = join(import.meta.dir, '..', '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

describe.skipIf(!existsSync(CHROMIUM))('design-system controls and dialogs in a browser', () => {
  let server: ReturnType<typeof Bun.serve>
  let browser: Browser
  let page: Page
  const errors: string[] = []

  beforeAll(async () => {
    const built = await Bun.build({
      entrypoints: [join(ROOT, 'design-system/testing/controls-client.tsx')],
      target: 'browser',
      define: { 'process.env.NODE_ENV': '"development"' },
    })
    if (!built.success) throw new Error(built.logs.map(String).join('\n'))
    const script = await built.outputs[0]!.text()
    const stream = await renderToReadableStream(<ControlsFixture />, { identifierPrefix: 'ds-' })
    await stream.allReady
    const body = await new Response(stream).text()
    const css = existsSync(join(ROOT, 'dist/styles.css')) ? '<link rel="stylesheet" href="/styles.css">' : ''
    const html = `<!doctype html><html lang="en" class="light" data-color-mode="light"><head><meta charset="utf-8"><title>Controls</title>${css}</head><body><div id="root">${body}</div><script type="module" src="/client.js"></script></body></html>`
    server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch(req) {
        const path = new URL(req.url).pathname
        if (path === '/') return new Response(html, { headers: { 'content-type': 'text/html' } })
        if (path === '/client.js') return new Response(script, { headers: { 'content-type': 'text/javascript' } })
        if (path === '/styles.css') return new Response(Bun.file(join(ROOT, 'dist/styles.css')))
        return new Response(null, { status: path === '/favicon.ico' ? 204 : 404 })
      },
    })
    const { chromium } = await import('playwright-core')
    browser = await chromium.launch({
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
    page = await browser.newPage()
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`)
    })
    await page.goto(`http://127.0.0.1:${server.port}/`)
    await page.waitForFunction(() => (window as any).__hydrated === true, null, { timeout: 20_000 })
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    server?.stop(true)
  })

  const log = () => page.evaluate(() => (window as any).__log as { confirmed: number; submitted: string[] })
  const settle = (ok: boolean) => page.evaluate((v) => (window as any).__log.settle(v), ok)

  test('hydrates without mismatches or errors', async () => {
    expect([...errors, ...(await page.evaluate(() => (window as any).__errors as string[]))]).toEqual([])
  })

  test('native select, input and textarea: the recipe classes and the invalid state from FormField', async () => {
    const level = page.locator('#level')
    expect(await level.getAttribute('class')).toContain('native-select')
    expect(await level.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByRole('combobox', { name: 'Level' }).count()).toBe(1)
    // The arrow is drawn (appearance none removes the browser's own).
    const look = await level.evaluate((el) => ({ appearance: getComputedStyle(el).appearance, image: getComputedStyle(el).backgroundImage }))
    expect(look.appearance).toBe('none')
    expect(look.image).toContain('linear-gradient')
    await level.selectOption('ADVANCED')
    await page.waitForFunction(() => !document.querySelector('#level')?.hasAttribute('aria-invalid'))
    expect(await level.inputValue()).toBe('ADVANCED')
    expect(await page.locator('#city').getAttribute('aria-invalid')).toBeNull()
    expect(await page.locator('#notes').getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#notes').getAttribute('class')).toContain('textarea')
  })

  test('switch: a labelled checkbox in the switch anatomy; a click on the label and Space toggle it, disabled does not', async () => {
    const root = page.getByTestId('accepting')
    const box = page.getByRole('checkbox', { name: 'Accept applications' })
    const state = async () => ({
      root: await root.getAttribute('data-state'),
      control: await root.locator('[data-part=control]').getAttribute('data-state'),
      thumb: await root.locator('[data-part=thumb]').getAttribute('data-state'),
      checked: await box.isChecked(),
      shown: await page.locator('#accepting-state').textContent(),
    })
    expect(await root.getAttribute('class')).toContain('switchRecipe__root')
    expect(await root.getAttribute('data-scope')).toBe('switch')
    expect(await box.getAttribute('name')).toBe('accepting')
    expect(await state()).toEqual({ root: 'checked', control: 'checked', thumb: 'checked', checked: true, shown: 'on' })
    // The drawn control follows the state (the recipe's checked colour and thumb position).
    // Where the thumb comes to rest: after its transition (getAnimations() starts a pending one).
    const thumbX = () =>
      root.locator('[data-part=thumb]').evaluate(async (el) => {
        await Promise.all(el.getAnimations().map((a) => a.finished.catch(() => {})))
        return getComputedStyle(el).transform
      })
    const onX = await thumbX()
    await root.locator('[data-part=label]').click()
    await page.waitForFunction(() => document.querySelector('#accepting-state')?.textContent === 'off')
    expect(await state()).toEqual({ root: 'unchecked', control: 'unchecked', thumb: 'unchecked', checked: false, shown: 'off' })
    expect(await thumbX()).not.toBe(onX)
    await box.focus()
    await page.keyboard.press('Space')
    await page.waitForFunction(() => document.querySelector('#accepting-state')?.textContent === 'on')
    expect(await state()).toEqual({ root: 'checked', control: 'checked', thumb: 'checked', checked: true, shown: 'on' })
    const locked = page.getByTestId('locked')
    expect(await locked.getAttribute('data-disabled')).toBe('')
    expect(await page.getByRole('checkbox', { name: 'Resume required' }).isDisabled()).toBe(true)
    await locked.click({ force: true })
    expect(await page.getByRole('checkbox', { name: 'Resume required' }).isChecked()).toBe(false)
    expect(await page.evaluate(() => ((window as any).__log?.submitted ?? []) as string[])).not.toContain('disabled switch changed')
  })

  test('link buttons: a link with the button look; disabled is no link', async () => {
    expect(await page.getByRole('link', { name: 'Pay' }).getAttribute('href')).toBe('/pay')
    expect(await page.locator('#pay').getAttribute('class')).toContain('button--variant_solid')
    const disabled = page.locator('#bookings')
    expect(await disabled.getAttribute('href')).toBeNull()
    expect(await disabled.getAttribute('aria-disabled')).toBe('true')
    expect(await disabled.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none')
  })

  test('confirm dialog (danger): alertdialog, Cancel focused, busy while the action runs, stays open when it fails', async () => {
    await page.click('#delete')
    const dialog = page.getByRole('alertdialog', { name: 'Delete this schedule?' })
    await dialog.waitFor()
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-part') === 'cancel')
    expect(await dialog.getAttribute('aria-describedby')).toBeTruthy()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    // Busy: the confirm button spins with its busy label, Cancel and Escape do nothing.
    const busy = dialog.locator('[data-part=confirm]')
    await page.waitForFunction(() => document.querySelector('[data-part=confirm]')?.getAttribute('aria-busy') === 'true')
    expect(await busy.textContent()).toContain('Deleting...')
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    expect(await dialog.isVisible()).toBe(true)
    // The action fails: the dialog stays, usable again.
    await settle(false)
    await page.waitForFunction(() => document.querySelector('[data-part=confirm]')?.getAttribute('aria-busy') === null)
    expect(await dialog.isVisible()).toBe(true)
    expect((await log()).confirmed).toBe(0)
    // Again, and it succeeds: closed, focus back on the opener.
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.waitForFunction(() => document.querySelector('[data-part=confirm]')?.getAttribute('aria-busy') === 'true')
    await settle(true)
    await dialog.waitFor({ state: 'detached' })
    expect((await log()).confirmed).toBe(1)
    await page.waitForFunction(() => document.activeElement?.id === 'delete')
  })

  test('confirm dialog (default): Confirm focused; Escape cancels and returns focus', async () => {
    await page.click('#publish')
    const dialog = page.getByRole('alertdialog', { name: 'Publish?' })
    await dialog.waitFor()
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-part') === 'confirm')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.waitForFunction(() => document.activeElement?.id === 'publish')
    expect((await log()).confirmed).toBe(1)
    // Enter on the focused Confirm confirms.
    await page.click('#publish')
    await dialog.waitFor()
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-part') === 'confirm')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    expect((await log()).confirmed).toBe(2)
  })

  test('form dialog: first field focused, Enter submits, busy blocks dismissal, closes when done', async () => {
    await page.click('#add')
    const dialog = page.getByRole('dialog', { name: 'Add a resource' })
    await dialog.waitFor()
    await page.waitForFunction(() => document.activeElement?.id === 'resource-title')
    await page.keyboard.type('Workbook')
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.querySelector('[data-part=submit]')?.getAttribute('aria-busy') === 'true')
    expect((await log()).submitted).toEqual(['Workbook'])
    await page.keyboard.press('Escape')
    expect(await dialog.isVisible()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true)
    await settle(true)
    await dialog.waitFor({ state: 'detached' })
    expect((await log()).submitted).toEqual(['Workbook'])
  })

  test('a toast shown while a modal dialog is open is not hidden from assistive technology, and can be dismissed', async () => {
    await page.click('#settings')
    const dialog = page.getByRole('dialog', { name: 'Settings' })
    await dialog.waitFor()
    // The dialog hides the page behind it...
    await page.waitForFunction(() => document.getElementById('root')?.getAttribute('aria-hidden') === 'true')
    await dialog.getByRole('button', { name: 'Save' }).click()
    const toast = page.locator('[data-scope=toast][data-part=root][data-state=open]', { hasText: 'User Updated' })
    await toast.waitFor()
    // ...but not the toast region: a polite live region with no hidden ancestor.
    const region = await page.evaluate(() => {
      const group = document.querySelector('[data-scope=toast][data-part=group]')!
      const root = document.querySelector('[data-scope=toast][data-part=root]')!
      return {
        live: group.getAttribute('aria-live'),
        parentIsBody: group.parentElement === document.body,
        hiddenAncestor: !!group.closest('[aria-hidden=true], [inert]') || !!root.closest('[aria-hidden=true], [inert]'),
      }
    })
    expect(region).toEqual({ live: 'polite', parentIsBody: true, hiddenAncestor: false })
    expect(await page.getByRole('status').filter({ hasText: 'User Updated' }).count()).toBe(1)
    // A click on the toast's dismiss button works and leaves the dialog open.
    await toast.getByRole('button', { name: 'Dismiss' }).click()
    await page.waitForSelector('[data-scope=toast][data-part=root][data-state=open]', { state: 'detached' })
    expect(await dialog.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })
})
