/**
 * The list tables of the client and coach areas (section 9) in the browser: the server pages
 * (past page 1, reload and back keep the page), sorts (a shift-click adds a sort, kept in the
 * URL), filters, and the empty states; axe at desktop and 390 px. One client with 13 bookings
 * of one coach (2 pages of 10).
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { coachBusiness } from '../api/coach.fixtures'
import { noProblems, openAs, type Session, useBrowser } from './browser'
import { axe, shot, visit } from './client-fixtures'

setDefaultTimeout(120_000)
useBrowser()

let biz: Awaited<ReturnType<typeof coachBusiness>>
beforeAll(async () => {
  biz = await coachBusiness(13)
}, 120_000)

/** The page of rows asked for is there (the island fetched it). */
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('table[aria-busy=true]'))
const bodyRows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr')
/** Waits until the table shows `n` rows (the island swaps the page in after its fetch). */
async function rowsBecome(page: Page, name: string, n: number) {
  const until = Date.now() + 15_000
  while ((await bodyRows(page, name).count()) !== n && Date.now() < until) await page.waitForTimeout(50)
  return bodyRows(page, name).count()
}
const statuses = (page: Page) => page.getByRole('table', { name: 'Bookings' }).locator('tbody tr td:nth-child(5)').allTextContents()
const pagesNav = (page: Page, name: string) => page.getByRole('navigation', { name: `Pages of ${name.toLowerCase()}` })

describe('list tables', () => {
  let s: Session
  test('client bookings: server paging past page 1, kept by reload and back', async () => {
    s = await openAs(biz.client.user)
    await visit(s.page, '/b/bookings')
    expect(await rowsBecome(s.page, 'Bookings', 10)).toBe(10)
    await pagesNav(s.page, 'Bookings').getByText('Page 1 of 2 · 13 results').waitFor()
    await pagesNav(s.page, 'Bookings').getByRole('link', { name: 'Next' }).click()
    await s.page.waitForURL((u) => u.searchParams.get('page') === '2')
    await settled(s.page)
    expect(await rowsBecome(s.page, 'Bookings', 3)).toBe(3)
    await pagesNav(s.page, 'Bookings').getByText('Page 2 of 2 · 13 results').waitFor()
    // Reload: the server renders page 2 itself.
    const html = await (await s.page.request.get('/b/bookings?page=2')).text()
    expect((html.match(/aria-label="Select row"/g) ?? []).length).toBe(3)
    await s.page.reload()
    await visit(s.page, s.page.url())
    expect(await rowsBecome(s.page, 'Bookings', 3)).toBe(3)
    await s.page.goBack()
    await s.page.waitForURL((u) => !u.searchParams.has('page'))
    await settled(s.page)
    expect(await rowsBecome(s.page, 'Bookings', 10)).toBe(10)
    expect(noProblems(s)).toEqual([])
  })

  test('client bookings: a shift-click adds a sort; the URL keeps both', async () => {
    await visit(s.page, '/b/bookings')
    const table = s.page.getByRole('table', { name: 'Bookings' })
    const seats = table.getByRole('columnheader', { name: /^Seats/ })
    const status = table.getByRole('columnheader', { name: /^Status/ })
    await seats.click()
    await settled(s.page)
    expect(await seats.getAttribute('aria-sort')).toBe('ascending')
    expect(new URL(s.page.url()).searchParams.get('sort')).toBe('seats')
    await status.click({ modifiers: ['Shift'] })
    await settled(s.page)
    expect(new URL(s.page.url()).searchParams.get('sort')).toBe('seats,status')
    expect([await seats.getAttribute('aria-sort'), await status.getAttribute('aria-sort')]).toEqual(['ascending', 'ascending'])
    // Bookings 0, 2, ..., 12 have one seat: first, by status within.
    const oneSeat = ['Cancelled', 'Cancelled', 'Completed', 'Confirmed', 'Confirmed', 'No-show', 'Waiting for payment']
    expect((await statuses(s.page)).slice(0, 7)).toEqual(oneSeat)
    await status.click({ modifiers: ['Shift'] })
    await settled(s.page)
    expect(new URL(s.page.url()).searchParams.get('sort')).toBe('seats,-status')
    expect((await statuses(s.page)).slice(0, 7)).toEqual([...oneSeat].reverse())
    // A plain click: that column alone.
    await status.click()
    await settled(s.page)
    expect(new URL(s.page.url()).searchParams.get('sort')).toBe('status')
    expect(await seats.getAttribute('aria-sort')).toBe('none')
    await s.page.reload()
    await visit(s.page, s.page.url())
    expect(await status.getAttribute('aria-sort')).toBe('ascending')
    expect(noProblems(s)).toEqual([])
  })

  test('filters on the server, kept in the URL; empty states say what to do next', async () => {
    await visit(s.page, '/b/bookings')
    await s.page.getByLabel('Status').selectOption('CANCELLED')
    await settled(s.page)
    expect(new URL(s.page.url()).searchParams.get('status')).toBe('CANCELLED')
    expect(await statuses(s.page)).toEqual(['Cancelled', 'Cancelled', 'Cancelled'])
    await pagesNav(s.page, 'Bookings').getByText('3 results').waitFor()
    await s.page.getByLabel('Search bookings').fill('no workshop has this name')
    await s.page.waitForURL((u) => u.searchParams.get('q') === 'no workshop has this name')
    await settled(s.page)
    await s.page.getByText('Nothing matches these filters.').waitFor()
    await s.page.getByRole('link', { name: 'Clear the filters' }).click()
    await settled(s.page)
    expect(await rowsBecome(s.page, 'Bookings', 10)).toBe(10)
    expect(new URL(s.page.url()).search).toBe('')

    // Nothing at all: the coach has no bookings as a client.
    const coach = await openAs(biz.coach.user)
    await visit(coach.page, '/b/bookings')
    await coach.page.getByText('No bookings here yet. Find a workshop and book your seats.').waitFor()
    expect(await coach.page.getByRole('link', { name: 'Browse workshops' }).getAttribute('href')).toBe('/workshops')
    // The coach's own list, paged and filtered on the server.
    await visit(coach.page, '/c/bookings')
    await pagesNav(coach.page, 'Bookings').getByText('Page 1 of 2 · 13 results').waitFor()
    await pagesNav(coach.page, 'Bookings').getByRole('link', { name: 'Next' }).click()
    await settled(coach.page)
    expect(await rowsBecome(coach.page, 'Bookings', 3)).toBe(3)
    await coach.page.getByLabel('Status').selectOption('NO_SHOW')
    await settled(coach.page)
    expect(new URL(coach.page.url()).searchParams.get('page')).toBeNull()
    expect(await rowsBecome(coach.page, 'Bookings', 2)).toBe(2)
    expect(noProblems(coach)).toEqual([])
    await coach.close()
  })

  test('no serious axe violations on the table pages at desktop and 390 px', async () => {
    const coach = await openAs(biz.coach.user)
    for (const width of [1280, 390]) {
      for (const [who, path] of [
        [s, '/b/bookings?sort=seats,-status'],
        [s, '/b/payments'],
        [s, '/b/groups'],
        [s, '/b/workshops'],
        [coach, '/c/bookings?page=2'],
        [coach, '/c/feedbacks'],
        [coach, '/c/account/payouts'],
      ] as const) {
        await who.page.setViewportSize({ width, height: 900 })
        await visit(who.page, path)
        expect({ path, width, violations: await axe(who.page) }).toEqual({ path, width, violations: [] })
        await shot(who.page, `table-${path.replace(/\W+/g, '-')}-${width}`)
      }
    }
    await coach.close()
    await s.close()
  })
})
