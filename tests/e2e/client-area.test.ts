/**
 * The client area on the demo data, as the demo client: dashboard (invitation accepted, metrics
 * range), bookings (filters, sort, selection), a held booking paid through the checkout and then
 * cancelled with its refund shown, invoice and calendar downloads, seats (resend, revoke),
 * payments (cards added, made default, removed), groups, workshops with their tabs, apps, the
 * profile (the sidebar name follows a save), search, the phone drawer, 404 in the layout, and
 * axe on every area page. `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { User } from '../../src/modules/users/user.entity'
import { em } from '../client'
import { noProblems, openAs, type Session, useBrowser } from './browser'
import { axe, demo, scrollsSideways, shot, visit } from './client-fixtures'

setDefaultTimeout(120_000)
useBrowser()

let s: Session
let chris: User
const ids: Record<string, string> = {}

beforeAll(async () => {
  ;({ chris } = await demo())
  const rows: any[] = await em()
    .getConnection()
    .execute(
      `select b.id, b.status, s.start_date > now() as upcoming, w.id as workshop_id, w.title,
            (select count(*) from booking_seats x where x.booking_id = b.id and x.status = 'PENDING' and x.email is not null)::int as invited
       from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join workshops w on w.id = s.workshop_id
      where b.user_id = ? order by s.start_date`,
      [chris.id],
    )
  ids.pending = rows.find((r: any) => r.status === 'PENDING').id
  ids.withInvite = rows.find((r: any) => r.status === 'CONFIRMED' && r.upcoming && r.invited > 0).id
  ids.completed = rows.find((r: any) => r.status === 'COMPLETED').id
  ids.cancelled = rows.find((r: any) => r.status === 'CANCELLED').id
  ids.workshop = rows.find((r: any) => r.status === 'CONFIRMED' && r.upcoming).workshop_id
  s = await openAs(chris)
}, 120_000)

/** The list tables filter on the server: wait until the page of rows asked for is there. */
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('table[aria-busy=true]'))

async function typeCard(page: Page, number: string) {
  for (const [label, value] of [
    ['Card number', number],
    ['Expiration date', '1234'],
    ['Security code', '123'],
  ] as const) {
    const input = page.getByLabel(label)
    await input.fill('')
    await input.pressSequentially(value.replace(/\D/g, ''))
  }
}

describe('client area on the demo data', () => {
  test('dashboard: next workshop with countdown, the invitation from Dana accepted, metrics over a chosen range', async () => {
    await visit(s.page, '/b')
    expect(await s.page.title()).toBe('Dashboard | Summit (test)')
    await s.page.getByRole('heading', { name: 'Next workshop' }).waitFor()
    await s.page
      .getByTestId('countdown')
      .filter({ hasText: /^Starts in / })
      .waitFor()
    const unpaid = s.page.getByRole('region', { name: 'Waiting for payment' })
    expect(await unpaid.getByRole('link', { name: 'Resume checkout' }).count()).toBeGreaterThan(0)
    await shot(s.page, 'dashboard')
    const invitations = s.page.getByRole('region', { name: 'Invitations for you' })
    await invitations.getByText('Dana Reyes').waitFor()
    await invitations.getByRole('button', { name: 'Accept seat' }).click()
    await invitations.getByText(/You have a seat at/).waitFor()
    const accepted = await em()
      .getConnection()
      .execute(`select count(*)::int n from booking_seats where user_id = ? and status = 'ACCEPTED' and inviter_id is not null`, [chris.id])
    expect(accepted[0].n).toBeGreaterThan(0)
    await visit(s.page, '/b')
    await invitations.getByText('No invitations waiting').waitFor()

    const made = s.page.getByTestId('metric-bookings-made')
    const before = Number(await made.textContent())
    await s.page.getByLabel('Range').selectOption('365')
    await s.page.waitForFunction((n) => Number(document.querySelector('[data-testid=metric-bookings-made]')?.textContent) > n, before)
    expect(noProblems(s)).toEqual([])
  })

  test('bookings: status filter, sort, multi-select; a held booking paid through the checkout, then cancelled with its refund', async () => {
    await visit(s.page, '/b/bookings')
    const table = s.page.getByRole('table', { name: 'Bookings' })
    await s.page.getByLabel('Status').selectOption('CANCELLED')
    await settled(s.page)
    expect(await table.getByText('Cancelled').count()).toBeGreaterThan(0)
    expect(await table.getByText('Confirmed').count()).toBe(0)
    await s.page.getByLabel('Status').selectOption('')
    await settled(s.page)
    await table.getByRole('columnheader', { name: 'Status' }).click()
    expect(await table.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe('ascending')
    await table.getByRole('columnheader', { name: 'When' }).click({ modifiers: ['Shift'] })
    expect(await table.getByRole('columnheader', { name: 'When' }).getAttribute('aria-sort')).toBe('ascending')
    expect(await table.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe('ascending')
    await table.getByRole('checkbox', { name: 'Select row' }).nth(0).check()
    await table.getByRole('checkbox', { name: 'Select row' }).nth(1).check()
    await s.page.getByRole('button', { name: 'Add 2 to calendar' }).waitFor()
    await shot(s.page, 'bookings')

    // The held booking: Pay opens the checkout at the card step; after paying, View booking.
    await visit(s.page, `/b/bookings/${ids.pending}`)
    await s.page.getByText('Waiting for payment').first().waitFor()
    await s.page.getByRole('link', { name: /^Pay \$/ }).click()
    await s.page.getByLabel('Card number').waitFor()
    await typeCard(s.page, '4242424242424242')
    await s.page.getByRole('button', { name: /^Pay \$/ }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 30_000 })
    await s.page.getByRole('link', { name: 'View booking' }).click()
    await s.page.waitForURL((x) => x.pathname === `/b/bookings/${ids.pending}`)
    await s.page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))
    await s.page.getByText('Confirmed').first().waitFor()

    // Invoice and calendar downloads.
    const [invoice] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('link', { name: 'Download invoice' }).click()])
    expect(invoice.suggestedFilename()).toMatch(/^INV-\d+\.pdf$/)
    const [ics] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('link', { name: 'Add to calendar' }).click()])
    expect(ics.suggestedFilename()).toMatch(/\.ics$/)

    // Cancel: a reason is required; the refund is shown before and after.
    await s.page.getByRole('button', { name: 'Cancel booking' }).click()
    const dialog = s.page.getByRole('dialog', { name: 'Cancel this booking?' })
    await dialog
      .getByTestId('refund-preview')
      .filter({ hasText: /You will get back \$[\d,.]+, the full amount, to your card\./ })
      .waitFor()
    await dialog.getByRole('button', { name: 'Cancel booking' }).click()
    await dialog.getByText('A reason is required to cancel a booking').waitFor()
    await dialog.getByLabel('Reason').fill('A family event came up')
    await dialog.getByRole('button', { name: 'Cancel booking' }).click()
    await s.page
      .getByTestId('refund-result')
      .filter({ hasText: /is on its way back to your card/ })
      .waitFor()
    await s.page.getByRole('button', { name: 'Done' }).click()
    await s.page.waitForLoadState('load')
    await s.page
      .getByTestId('refunded')
      .filter({ hasText: /^Refunded \$/ })
      .waitFor({ timeout: 20_000 })
    const b = await em().findOneOrFail(Booking, { id: ids.pending }, { filters: false })
    expect(b.status).toBe('CANCELLED')
    expect(b.cancellationReason).toBe('A family event came up')
    await visit(s.page, `/b/bookings/${ids.pending}/payments`)
    await s.page.getByRole('table', { name: 'Payments of this booking' }).getByRole('cell', { name: 'Refund', exact: true }).waitFor()
    await s.page.getByRole('table', { name: 'Invoices of this booking' }).getByRole('cell', { name: 'Credit note', exact: true }).waitFor()
    expect(noProblems(s)).toEqual([])
  })

  test('seats: resend and revoke a pending invitation; the seat becomes free to invite again', async () => {
    await visit(s.page, `/b/bookings/${ids.withInvite}/seats`)
    const seats = s.page.getByRole('table', { name: 'Seats' })
    const invited = seats.getByRole('row').filter({ hasText: 'Invited' }).first()
    const who = (await invited.getByRole('cell').first().textContent())!.trim()
    await invited.getByRole('button', { name: /^Resend invitation/ }).click()
    await s.page.getByText('Invitation sent again').waitFor()
    await seats
      .getByRole('row')
      .filter({ hasText: who })
      .getByRole('button', { name: /^Revoke invitation/ })
      .click()
    await s.page.getByText('Invitation revoked').waitFor()
    // The table follows at once, and the server agrees after a reload.
    await seats.getByText(who).waitFor({ state: 'detached' })
    await visit(s.page, `/b/bookings/${ids.withInvite}/seats`)
    expect(await seats.getByText(who).count()).toBe(0)
    await seats.getByText('Free seat').first().waitFor()
    await s.page.getByRole('form', { name: 'Invite to a seat' }).waitFor()
    await shot(s.page, 'seats')
    expect(noProblems(s)).toEqual([])
  })

  test('payments: payments and refunds, invoices, and saved cards added, made default and removed', async () => {
    await visit(s.page, '/b/payments')
    await s.page.getByRole('table', { name: 'Payments' }).getByRole('cell', { name: 'Refund', exact: true }).first().waitFor()
    await s.page.getByLabel('Type').selectOption('refund')
    await settled(s.page)
    expect(await s.page.getByRole('table', { name: 'Payments' }).getByRole('cell', { name: 'Payment', exact: true }).count()).toBe(0)
    const cards = s.page.getByRole('region', { name: 'Saved cards' })
    for (const number of ['4242424242424242', '5555555555554444']) {
      await cards.getByRole('button', { name: 'Add a card' }).click()
      await s.page.getByLabel('Card number').waitFor()
      await typeCard(s.page, number)
      await cards.getByRole('button', { name: 'Save card' }).click()
      await s.page.getByText('Card saved').first().waitFor()
      await cards.getByText(`•••• ${number.slice(-4)}`).waitFor()
    }
    const second = cards.getByRole('listitem').filter({ hasText: '4444' })
    await second.getByRole('button', { name: /Make card ending 4444 the default/ }).click()
    await second.getByText('Default').waitFor()
    await cards.getByRole('button', { name: 'Remove card ending 4242' }).click()
    await cards.getByText('•••• 4242').waitFor({ state: 'detached' })
    await shot(s.page, 'payments')
    expect(noProblems(s)).toEqual([])
  })

  test('groups, workshops and their tabs, apps, profile: real rows and working actions', async () => {
    await visit(s.page, '/b/groups')
    await s.page.getByRole('table', { name: 'Groups' }).getByText('Dana Reyes').first().waitFor()

    await visit(s.page, '/b/workshops')
    // The rows' links (the headers are sort links).
    const link = s.page.getByRole('table', { name: 'Workshops' }).locator('tbody').getByRole('link').first()
    const title = (await link.textContent())!
    await link.click()
    await s.page.waitForURL((x) => /^\/b\/workshops\/[\w-]+$/.test(x.pathname))
    await s.page.getByRole('heading', { name: title, level: 1 }).waitFor()
    for (const tab of ['History', 'Bookings', 'Calendar', 'Resources']) {
      await s.page.getByRole('navigation', { name: 'Workshop sections' }).getByRole('link', { name: tab }).click()
      await s.page.waitForURL((x) => x.pathname.endsWith(`/${tab.toLowerCase()}`))
      await s.page.getByRole('heading', { name: tab === 'History' ? 'Past sessions' : tab }).waitFor()
    }
    await visit(s.page, `/b/workshops/${ids.workshop}/calendar`)
    expect(await s.page.getByRole('link', { name: 'Add to calendar (.ics)' }).count()).toBeGreaterThan(0)
    // The week of the next session lists it by day; the feed holds every session of mine.
    await s.page.getByRole('navigation', { name: 'Calendar view' }).getByRole('link', { name: 'Week' }).click()
    await s.page.waitForURL((x) => x.searchParams.get('view') === 'week')
    const week = s.page.getByRole('list', { name: /^Sessions in the week of/ })
    await week.getByRole('link', { name: 'Add to calendar (.ics)' }).first().waitFor()
    await s.page.getByRole('link', { name: 'Next week' }).click()
    await s.page.waitForURL((x) => !!x.searchParams.get('date'))
    await s.page.getByRole('list', { name: /^Sessions in the week of/ }).waitFor()
    const [feed] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('link', { name: 'Calendar feed (.ics)' }).click()])
    expect(await Bun.file((await feed.path())!).text()).toContain('BEGIN:VEVENT')
    await visit(s.page, `/b/workshops/${ids.workshop}/resources`)
    expect(await s.page.getByRole('region', { name: 'Resources' }).getByRole('listitem').count()).toBeGreaterThan(0)
    await visit(s.page, `/b/workshops/${ids.workshop}/bookings`)
    await s.page.getByRole('table', { name: 'Bookings of this workshop' }).locator('tbody').getByRole('link').first().click()
    await s.page.waitForURL((x) => new RegExp(`^/b/workshops/${ids.workshop}/bookings/[\\w-]+$`).test(x.pathname))

    // Apps: unlink a linked Multiplai account; linking goes through the provider.
    await em().nativeUpdate(User, { id: chris.id }, { oidcSubject: `sub-${chris.id}` })
    await visit(s.page, '/b/apps')
    await s.page.getByText('Linked', { exact: true }).waitFor()
    await visit(s.page, '/b/apps/multiplai')
    await s.page.getByRole('button', { name: 'Unlink Multiplai' }).click()
    await s.page.getByTestId('multiplai-status').filter({ hasText: 'Not linked.' }).waitFor()
    expect((await em().findOneOrFail(User, { id: chris.id })).oidcSubject).toBeNull()
    expect(await s.page.getByRole('link', { name: 'Link Multiplai account' }).getAttribute('href')).toBe(
      '/v1/auth/connect/multiplai/redirect?redirect=%2Fb%2Fapps%2Fmultiplai',
    )

    // Profile: the display name saved on the page shows in the sidebar at once.
    await visit(s.page, '/b/account/profile')
    await s.page.getByLabel('First Name').fill('Christopher')
    const card = s.page
      .locator('#display-name, form')
      .filter({ has: s.page.getByLabel('First Name') })
      .first()
    await card.getByRole('button', { name: 'Save' }).click()
    await s.page.getByText('User Updated').first().waitFor()
    await s.page.getByTestId('shell-user-name').filter({ hasText: 'Christopher Client' }).waitFor()
    expect((await em().findOneOrFail(User, { id: chris.id })).profile.firstName).toBe('Christopher')
    expect(noProblems(s)).toEqual([])
  })

  test('search finds pages, bookings and workshops and says when nothing matched; 404 keeps the area layout', async () => {
    await visit(s.page, '/b')
    await s.page.keyboard.press('Meta+/')
    // the shortcut focuses the search field, so what is typed next lands in it
    expect(await s.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('search')
    await s.page.keyboard.type('invoices')
    const results = s.page.getByRole('region', { name: 'Search results' })
    await results.getByRole('link', { name: /Payments/ }).waitFor()
    await s.page.keyboard.press('Escape')
    const { title } = (await em().getConnection().execute(`select w.title from workshops w where w.id = ?`, [ids.workshop]))[0]
    await s.page.getByRole('searchbox', { name: 'Search' }).fill(title.split(' ')[0])
    await results
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .waitFor()
    expect(await results.getByText(/Booking ·/).count()).toBeGreaterThan(0)
    expect(await results.getByText('Workshop', { exact: true }).count()).toBeGreaterThan(0)
    await s.page.getByRole('searchbox', { name: 'Search' }).fill('zzzz nothing')
    await s.page.getByText('Nothing matched “zzzz nothing”.').waitFor()

    const res = await s.page.goto('/b/bookings/00000000-0000-0000-0000-000000000000')
    expect(res!.status()).toBe(404)
    await s.page.getByRole('navigation', { name: 'Client navigation' }).waitFor()
    await s.page.getByText('Page Not Found: /b/bookings/00000000-0000-0000-0000-000000000000').waitFor()
  })

  test('every area page: no serious axe violations, no console problems; at 390 px a drawer and no sideways scroll', async () => {
    const pages = [
      '/b',
      '/b/bookings',
      `/b/bookings/${ids.withInvite}`,
      `/b/bookings/${ids.withInvite}/seats`,
      `/b/bookings/${ids.cancelled}/payments`,
      `/b/bookings/${ids.completed}/resources`,
      '/b/payments',
      '/b/groups',
      '/b/workshops',
      `/b/workshops/${ids.workshop}`,
      `/b/workshops/${ids.workshop}/history`,
      `/b/workshops/${ids.workshop}/bookings`,
      `/b/workshops/${ids.workshop}/calendar`,
      `/b/workshops/${ids.workshop}/resources`,
      '/b/apps',
      '/b/apps/multiplai',
      '/b/account/profile',
      '/invitations/demo-invitation',
    ]
    const failures: string[] = []
    s.problems.length = 0
    for (const path of pages) {
      const res = await visit(s.page, path)
      if (res!.status() !== 200) failures.push(`${path}: ${res!.status()}`)
      for (const v of await axe(s.page)) failures.push(`${path}: ${v}`)
    }
    for (const p of noProblems(s)) failures.push(p)
    expect(failures).toEqual([])

    const phone = await s.context.newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    for (const path of pages) {
      await visit(phone, path)
      if (await scrollsSideways(phone)) failures.push(`${path} scrolls sideways at 390 px`)
    }
    await visit(phone, '/b/bookings')
    expect(await phone.getByRole('navigation', { name: 'Client navigation' }).isVisible()).toBe(false)
    await phone.getByRole('button', { name: 'Open menu' }).click()
    await phone.getByRole('navigation', { name: 'Client navigation' }).getByRole('link', { name: 'Payments' }).click()
    await phone.waitForURL((x) => x.pathname === '/b/payments')
    await shot(phone, 'phone-payments')
    expect(failures).toEqual([])
    await phone.close()
  }, 480_000)
})
