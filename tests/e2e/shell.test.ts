/**
 * The shell across every page: no console errors or hydration warnings, no serious
 * accessibility violations (axe-core), no JavaScript on pages without islands, dark mode
 * that survives reloads without a flash, and the keyboard shortcuts.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { User } from '../../src/modules/users/user.entity'
import { app, em, tenant as makeTenant } from '../client'
import { scriptsOf } from '../html'
import { axe, makeUser, noProblems, open, openAs, type Session, useBrowser } from './browser'

useBrowser()

const PUBLIC = ['/', '/announcement', '/b/privacy-policy', '/b/terms-and-conditions', '/c/privacy-policy', '/c/terms-and-conditions', '/no/such/page']
const ISLAND_PAGES = ['/login', '/register']

async function visit(s: Session, path: string) {
  await s.page.goto(path)
  // Islands hydrate on their own: wait until every island on the page has.
  await s.page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))
}

/** The brightness (r + g + b) of the first opaque background behind the top-left of the page. */
const backdrop = (page: Page) =>
  page.evaluate(() => {
    for (let el: Element | null = document.elementFromPoint(8, 8); el; el = el.parentElement) {
      const m = getComputedStyle(el)
        .backgroundColor.match(/[\d.]+/g)!
        .map(Number)
      if (m.length < 4 || m[3] > 0) return m[0] + m[1] + m[2]
    }
    // Nothing opaque: neither dark nor light (fails both checks).
    return Number.NaN
  })

/** Runs `work` over the items, at most `limit` at once. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}

describe('every page', () => {
  test('pages without islands ship no script at all', async () => {
    const s = await open()
    for (const path of PUBLIC) {
      s.scripts.length = 0
      const res = await s.page.goto(path)
      const html = await res!.text()
      await s.page.waitForLoadState('networkidle')
      // A page served the same to every visitor applies the colour-mode cookie with one small inline
      // script (allowed by its hash, public-cache.ts); nothing else, and no script file.
      expect(scriptsOf(html), path).toEqual([])
      expect(s.scripts, path).toEqual([])
    }
    // A page with an island loads its own chunk (and shared chunks) only.
    s.scripts.length = 0
    await visit(s, '/login')
    expect(s.scripts.some((u) => /\/assets\/auth-form-[\w-]+\.js$/.test(u))).toBe(true)
    expect(s.scripts.some((u) => /settings-dialog|onboarding/.test(u))).toBe(false)
    await s.close()
  }, 150_000)

  test('no console errors, no hydration warnings, no serious axe violations (light and dark)', async () => {
    const pending = await makeUser({ status: 'pending' })
    const client = await makeUser()
    const coach = await makeUser({ roles: ['coach'] })
    const runs: [Session, string[]][] = []
    for (const scheme of ['light', 'dark'] as const) {
      runs.push([await open({ colorScheme: scheme }), [...PUBLIC, ...ISLAND_PAGES]])
      runs.push([await openAs(pending, { colorScheme: scheme }), ['/onboarding/1', '/onboarding/2']])
      runs.push([await openAs(client, { colorScheme: scheme }), ['/b', '/c']])
      runs.push([await openAs(coach, { colorScheme: scheme }), ['/c', '/b']])
    }
    const failures: string[] = []
    // The sessions are independent: a few at a time, each visiting its pages in order.
    await inParallel(runs, 4, async ([s, paths]) => {
      // The Settings dialog too (both tabs), on the user's own area.
      if (paths[0] === '/b' || paths[0] === '/c') {
        await visit(s, paths[0])
        await s.page.getByRole('button', { name: 'Settings', exact: true }).click()
        await s.page.getByRole('dialog', { name: 'Settings' }).waitFor()
        for (const v of await axe(s.page)) failures.push(`settings/account: ${v}`)
        await s.page.getByRole('tab', { name: /Preferences/ }).click()
        await s.page.getByText('Manage your display settings').waitFor()
        for (const v of await axe(s.page)) failures.push(`settings/preferences: ${v}`)
        for (const p of noProblems(s)) failures.push(`settings: ${p}`)
        // The dialog's open state is remembered across pages (section 2): close it before the sweep.
        await s.page.keyboard.press('Escape')
        await s.page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'detached' })
      }
      for (const path of paths) {
        await visit(s, path)
        for (const v of await axe(s.page)) failures.push(`${path}: ${v}`)
        for (const p of noProblems(s)) failures.push(`${path}: ${p}`)
        s.problems.length = 0
      }
      await s.close()
    })
    expect(failures.sort()).toEqual([])
  }, 600_000)
})

describe('kept pages in the browser', () => {
  test('a dashboard sent again from the kept pages (src/pages/page-memo.ts) hydrates every island under its new nonce, with no script refused', async () => {
    const { registry } = await import('../../src/platform/metrics')
    const kept = async () =>
      ((await registry.getSingleMetric('summit_kept_pages_total')?.get())?.values ?? []).find((v) => v.labels.outcome === 'kept')?.value ?? 0
    const coach = await makeUser({ roles: ['coach'] })
    // The coach area keeps pages of a team in force only (its rows differ by team): the coach's own.
    const t = await makeTenant({ plan: 'pro' })
    const m = em()
    const { Membership } = await import('../../src/modules/tenants/tenant.entity')
    m.create(Membership, { tenant: t.id, user: coach.id, status: 'ACTIVE', roles: ['manager', 'coach'] } as any)
    await m.flush()
    await em().nativeUpdate(User, { id: coach.id }, { defaultTenantSlug: t.slug })
    const s = await openAs(coach)
    for (const path of ['/c', '/b']) {
      // Visited twice in a row until the second is a kept page (a job's sweep in between renders it again).
      let sent = false
      for (let i = 0; i < 5 && !sent; i++) {
        await visit(s, path)
        const before = await kept()
        s.problems.length = 0
        await visit(s, path)
        sent = (await kept()) > before
      }
      expect(sent, path).toBe(true)
      expect(noProblems(s), path).toEqual([])
      // Hydrated for real: the shell's Settings button opens its dialog.
      await s.page.getByRole('button', { name: 'Settings', exact: true }).click()
      await s.page.getByRole('dialog', { name: 'Settings' }).waitFor()
      await s.page.keyboard.press('Escape')
      await s.page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'detached' })
    }
    await s.close()
  }, 120_000)
})

describe('colour mode and shortcuts', () => {
  test('dark mode chosen in Preferences persists across reloads, rendered by the server (no flash)', async () => {
    const u = await makeUser()
    const s = await openAs(u, { colorScheme: 'light' })
    await visit(s, '/b')
    expect(await s.page.evaluate(() => document.documentElement.getAttribute('data-color-mode'))).toBe('auto')
    await s.page.getByRole('button', { name: 'Settings', exact: true }).click()
    await s.page.getByRole('tab', { name: /Preferences/ }).click()
    await s.page.getByText('Appearance', { exact: true }).waitFor()
    await s.page.getByText('Dark', { exact: true }).click()
    expect(await s.page.evaluate(() => document.documentElement.className)).toContain('dark')
    const cookies = await s.context.cookies()
    expect(cookies.find((c) => c.name === 'color-mode')?.value).toBe('dark')

    // The first byte already carries the mode: the HTML, before any script runs.
    const res = await s.page.reload()
    const html = await res!.text()
    expect(html).toMatch(/<html[^>]*data-color-mode="dark"/)
    expect(html).toMatch(/<html[^>]*class="dark"/)
    // And without JavaScript at all the page is dark from the first paint.
    const nojs = await s.context.browser()!.newContext({ javaScriptEnabled: false, colorScheme: 'light' })
    await nojs.addCookies(cookies.map((c) => ({ name: c.name, value: c.value, url: app().url })))
    const p = await nojs.newPage()
    await p.goto(`${app().url}/b`)
    expect(await backdrop(p)).toBeLessThan(150)
    await p.goto(`${app().url}/`)
    expect(await p.evaluate(() => document.documentElement.className)).toContain('dark')
    await nojs.close()
    // The system choice (auto) follows the operating system through CSS alone, without JavaScript.
    const brightness = async (colorScheme: 'light' | 'dark') => {
      const ctx = await s.context.browser()!.newContext({ javaScriptEnabled: false, colorScheme })
      await ctx.addCookies(
        [...cookies.filter((c) => c.name !== 'color-mode'), { name: 'color-mode', value: 'auto', url: app().url }].map((c) => ({
          name: c.name,
          value: c.value,
          url: app().url,
        })),
      )
      const page = await ctx.newPage()
      await page.goto(`${app().url}/b`)
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode'))).toBe('auto')
      const sum = await backdrop(page)
      await ctx.close()
      return sum
    }
    expect(await brightness('dark')).toBeLessThan(150)
    expect(await brightness('light')).toBeGreaterThan(600)
    await s.close()
  }, 150_000)

  test('meta+/ focuses search, meta+shift+D toggles dark/light, meta+shift+L logs out', async () => {
    const u = await makeUser({ roles: ['coach'] })
    const s = await openAs(u, { colorScheme: 'light' })
    await visit(s, '/c')
    await s.page.keyboard.press('Meta+/')
    await s.page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'search')
    await s.page.keyboard.type('client')
    const results = s.page.getByRole('region', { name: 'Search results' })
    await results.getByRole('link', { name: /Client area/ }).waitFor()
    expect(await results.getByRole('link', { name: /Client area/ }).count()).toBe(1)
    expect(await results.getByRole('link', { name: /Privacy Policy/ }).count()).toBe(0)

    await s.page.keyboard.press('Meta+Shift+D')
    await s.page.waitForFunction(() => document.documentElement.classList.contains('dark'))
    await s.page.reload()
    expect(await s.page.evaluate(() => document.documentElement.getAttribute('data-color-mode'))).toBe('dark')
    await s.page.waitForFunction(() => (document.querySelector('summit-island > div[id]') as HTMLElement)?.dataset.hydrated === '1')
    await s.page.keyboard.press('Meta+Shift+D')
    await s.page.waitForFunction(() => document.documentElement.classList.contains('light'))

    await s.page.keyboard.press('Meta+Shift+L')
    await s.page.waitForURL((x) => x.pathname === '/login')
    await s.page.goto('/c')
    await s.page.waitForURL((x) => x.pathname === '/login' && x.search === '?redirect=%2Fc')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)
})
