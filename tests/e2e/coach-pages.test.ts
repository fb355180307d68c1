/**
 * The coach pages' own actions in the browser: every page passes axe (no serious violations);
 * workshop edit, delete and restore; schedule unpublish, cancel with a reason (refund) and delete;
 * booking notes, cancel with a reason and no-show; per-booking resource visibility; resource
 * reorder, hide, broadcast and delete (each delete asks in the design system's confirm dialog:
 * focus on Cancel and trapped, Escape and Cancel delete nothing, axe-clean at both widths); the profile editor with section 5 messages and reordering;
 * payout CSV; calendar month and week; apps.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { User } from '../../src/modules/users/user.entity'
import { WorkshopResource } from '../../src/modules/workshops/resource.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { clock } from '../../src/platform/clock'
import { coachBusiness, moveToPast } from '../api/coach.fixtures'
import { em } from '../client'
import { axe as axeOf, noProblems, openAs, type Session, useBrowser } from './browser'

useBrowser()
afterAll(() => clock.reset())

const axe = (page: Page) => axeOf(page, { withoutShell: true })
async function hydrated(s: Session) {
  await s.page.waitForLoadState('load')
  await s.page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))
}
async function visit(s: Session, path: string) {
  await s.page.goto(path)
  await hydrated(s)
}
/** `SHOTS=/dir` saves a screenshot of what is open, at desktop and phone widths. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width === 1280 ? 'desktop' : 'phone'}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null)
const focusInside = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role=alertdialog]'))

/**
 * A delete's confirm dialog, before the delete: `opener` opens an alertdialog named `title` with
 * Cancel focused (a danger) and the button `confirm`; Tab stays inside; it passes axe at desktop
 * and 390 px; Escape closes it (focus back on the opener), and so does Cancel. The caller checks
 * that nothing was deleted, then confirms with `confirmDelete`.
 */
async function dismissConfirm(s: Session, opener: Locator, title: string, confirm: string, name: string) {
  await opener.click()
  const dialog = s.page.getByRole('alertdialog', { name: title })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: confirm, exact: true }).waitFor()
  await s.page.waitForFunction(() => document.activeElement?.textContent === 'Cancel')
  for (let i = 0; i < 4; i++) {
    await s.page.keyboard.press('Tab')
    expect(await focusInside(s.page)).toBe(true)
  }
  for (const width of [1280, 390]) {
    await s.page.setViewportSize({ width, height: 900 })
    expect({ name, width, violations: await axe(s.page) }).toEqual({ name, width, violations: [] })
  }
  await s.page.setViewportSize({ width: 1280, height: 900 })
  await shot(s.page, name)
  await s.page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  await s.page.waitForFunction(() => !document.querySelector('[role=alertdialog]'))
  expect(await focusedText(s.page)).toBe(await opener.textContent())
  await opener.click()
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
}
async function confirmDelete(s: Session, opener: Locator, title: string, confirm: string) {
  await opener.click()
  await s.page.getByRole('alertdialog', { name: title }).getByRole('button', { name: confirm, exact: true }).click()
}

async function eventually<T>(fn: () => Promise<T>, expected: T, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  let last: T | undefined
  while (Date.now() < end) {
    last = await fn()
    if (JSON.stringify(last) === JSON.stringify(expected)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  expect(last).toEqual(expected)
}

describe('coach pages in the browser', () => {
  test('every coach page: no serious axe violations, no console errors, desktop and phone', async () => {
    const biz = await coachBusiness(5)
    const w = biz.workshop.id
    const b = biz.bookings[0].booking.id
    await biz.coach.client.post(`/v1/workshops/${w}/resources`, { title: 'Slides', type: 'link', url: 'https://example.com/slides' })
    const s = await openAs(biz.coach.user)
    const paths = [
      '/c',
      '/c/workshops',
      '/c/workshops?deleted=1',
      `/c/workshops/${w}`,
      `/c/workshops/${w}/history`,
      `/c/workshops/${w}/payouts`,
      `/c/workshops/${w}/calendar`,
      `/c/workshops/${w}/calendar?view=week`,
      `/c/workshops/${w}/invoices`,
      `/c/workshops/${w}/resources`,
      '/c/bookings',
      `/c/bookings/${b}`,
      `/c/bookings/${b}/seats`,
      `/c/bookings/${b}/payments`,
      `/c/bookings/${b}/resources`,
      '/c/feedbacks',
      '/c/account/profile',
      '/c/account/payouts',
      '/c/apps',
      '/c/apps/multiplai',
      '/c/vouchers',
    ]
    // Phone width: the pages whose layout changes most (tables, forms, the chart).
    const phone = [
      '/c',
      '/c/workshops',
      `/c/workshops/${w}`,
      `/c/workshops/${w}/calendar`,
      `/c/workshops/${w}/resources`,
      '/c/bookings',
      `/c/bookings/${b}/seats`,
      '/c/account/profile',
      '/c/account/payouts',
    ]
    // At desktop width every table fits beside the sidebar: none scrolls sideways (its last column cut off).
    const sideways: string[] = []
    for (const width of [1280, 390]) {
      await s.page.setViewportSize({ width, height: 900 })
      for (const path of width === 1280 ? paths : phone) {
        await visit(s, path)
        expect({ path, width, violations: await axe(s.page) }).toEqual({ path, width, violations: [] })
        if (width === 1280)
          for (const name of await s.page.evaluate(() =>
            [...document.querySelectorAll('table')]
              .filter((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth)
              .map((t) => t.getAttribute('aria-label') ?? '?'),
          ))
            sideways.push(`${path}: ${name}`)
      }
    }
    expect(sideways).toEqual([])
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 480_000)

  test('workshop: edit, delete, restore; schedule: unpublish, cancel with a reason, delete', async () => {
    const biz = await coachBusiness(1)
    const w = biz.workshop.id
    const s = await openAs(biz.coach.user)
    await visit(s, `/c/workshops/${w}`)
    await s.page.getByRole('button', { name: 'Edit workshop' }).click()
    const form = s.page.getByRole('form', { name: 'Edit workshop' })
    await form.getByLabel('Maximum seats').fill('0')
    await form.getByText('Maximum seats must be a whole number of at least 1').waitFor()
    await form.getByLabel('Maximum seats').fill('40')
    await form.getByLabel('Title').fill('Negotiation lab, advanced')
    await Promise.all([s.page.waitForEvent('load'), form.getByRole('button', { name: 'Save workshop' }).click()])
    await hydrated(s)
    await s.page.getByRole('heading', { name: 'Negotiation lab, advanced' }).waitFor()
    expect((await em().findOneOrFail(Workshop, { id: w }, { filters: false })).maxSeats).toBe(40)

    // The coming schedule has a booking: unpublish, then cancel it with a reason.
    const row = s.page.locator(`tr[data-schedule="${biz.coming.id}"]`)
    await Promise.all([s.page.waitForEvent('load'), row.getByRole('button', { name: 'Unpublish' }).click()])
    await hydrated(s)
    await row.getByRole('button', { name: 'Publish' }).waitFor()
    await row.getByRole('button', { name: 'Cancel…' }).click()
    const cancel = s.page.getByRole('form', { name: 'Cancel schedule' })
    await cancel.getByRole('button', { name: 'Cancel schedule' }).click()
    await cancel.getByText('A reason is required to cancel a booking').waitFor()
    await cancel.getByLabel('Reason').fill('Venue flooded')
    await cancel.getByRole('button', { name: 'Cancel schedule' }).click()
    await s.page.locator(`tr[data-schedule="${biz.coming.id}"]`).getByTestId('schedule-status').getByText('Cancelled').waitFor()
    const booking = await em().findOneOrFail(Booking, { id: biz.bookings[0].booking.id }, { filters: false })
    expect([booking.status, booking.cancellationReason]).toEqual(['CANCELLED', 'Venue flooded'])

    // Delete the ended schedule: Escape and Cancel keep it, "Delete schedule" deletes it.
    const schedule = async () => (await em().findOneOrFail(WorkshopSchedule, { id: biz.past.id }, { filters: false })).deletedAt
    const pastDelete = s.page.locator(`tr[data-schedule="${biz.past.id}"]`).getByRole('button', { name: 'Delete', exact: true })
    await dismissConfirm(s, pastDelete, 'Delete this schedule?', 'Delete schedule', 'confirm-schedule-delete')
    expect(await schedule()).toBeNull()
    await Promise.all([s.page.waitForEvent('load'), confirmDelete(s, pastDelete, 'Delete this schedule?', 'Delete schedule')])
    await hydrated(s)
    await s.page.locator(`tr[data-schedule="${biz.past.id}"]`).getByTestId('schedule-status').getByText('Deleted').waitFor()
    expect(await schedule()).not.toBeNull()

    // Delete the workshop then restore it (no coming booked seats any more); Escape and Cancel keep it.
    // A workshop that had bookings is a sensitive delete: this session made its second check just now
    // (in the browser islands/lib/confirm-identity.tsx asks for it).
    await em().execute('update sessions set verified_at = ? where user_id = ?', [clock.now(), biz.coach.user.id])
    const workshop = async () => (await em().findOneOrFail(Workshop, { id: w }, { filters: false })).deletedAt
    const deleteWorkshop = s.page.locator('summit-island[data-island=coach-workshop-form]').getByRole('button', { name: 'Delete', exact: true })
    await dismissConfirm(s, deleteWorkshop, 'Delete this workshop?', 'Delete workshop', 'confirm-workshop-delete')
    expect(await workshop()).toBeNull()
    await confirmDelete(s, deleteWorkshop, 'Delete this workshop?', 'Delete workshop')
    await s.page.waitForURL('**/c/workshops?deleted=1')
    expect(await workshop()).not.toBeNull()
    await hydrated(s)
    await s.page.getByRole('link', { name: 'Negotiation lab, advanced' }).click()
    await hydrated(s)
    await s.page.getByRole('button', { name: 'Restore workshop' }).click()
    await s.page.getByRole('button', { name: 'Edit workshop' }).waitFor()
    expect((await em().findOneOrFail(Workshop, { id: w }, { filters: false })).deletedAt).toBeNull()
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 240_000)

  test('booking: coach notes, per-booking resource visibility, no-show after the end, cancel with a reason', async () => {
    const biz = await coachBusiness(0)
    const { book } = await import('../api/catalogue.bookings')
    const ended = await book({ tenantId: biz.tenant.id, scheduleId: biz.past.id, userId: biz.client.user.id, status: 'CONFIRMED', amountPaid: 5000 })
    const coming = await book({ tenantId: biz.tenant.id, scheduleId: biz.coming.id, userId: biz.client.user.id, status: 'PENDING' })
    const res = (
      await biz.coach.client.post(`/v1/workshops/${biz.workshop.id}/resources`, { title: 'Slides', type: 'link', url: 'https://example.com/slides' })
    ).body.data
    const s = await openAs(biz.coach.user)

    await visit(s, `/c/bookings/${ended.booking.id}`)
    const notes = s.page.getByRole('form', { name: 'Coach notes' })
    await notes.getByLabel('Coach notes').fill('Prefers email.')
    await notes.getByRole('button', { name: 'Save notes' }).click()
    await eventually(async () => (await em().findOneOrFail(Booking, { id: ended.booking.id }, { filters: false })).coachNotes, 'Prefers email.')
    await s.page.getByRole('button', { name: 'Mark no-show' }).click()
    await s.page.getByText('This booking is no show: nothing more to do.').waitFor()

    await visit(s, `/c/bookings/${ended.booking.id}/resources`)
    await s.page.getByLabel('Visible to this booking').uncheck()
    await eventually(
      async () => (await em().findOneOrFail(Booking, { id: ended.booking.id }, { filters: false })).meta.workshopResourcePreferences,
      [{ id: res.id, isVisible: false }],
    )

    await visit(s, `/c/bookings/${coming.booking.id}`)
    await s.page.getByRole('button', { name: 'Cancel booking…' }).click()
    const c = s.page.getByRole('form', { name: 'Cancel booking' })
    await c.getByLabel('Reason').fill('Asked to move to the next session')
    await c.getByRole('button', { name: 'Cancel booking' }).click()
    await s.page.getByText('This booking is cancelled: nothing more to do.').waitFor()
    expect((await em().findOneOrFail(Booking, { id: coming.booking.id }, { filters: false })).status).toBe('CANCELLED')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)

  test('resources: reorder by dragging, hide, broadcast, delete', async () => {
    const biz = await coachBusiness(1)
    const base = `/v1/workshops/${biz.workshop.id}/resources`
    for (const [i, title] of ['One', 'Two', 'Three'].entries())
      await biz.coach.client.post(base, { title, type: 'link', url: `https://example.com/${i}`, sortOrder: i })
    const s = await openAs(biz.coach.user)
    await visit(s, `/c/workshops/${biz.workshop.id}/resources`)
    await s.page.locator('[data-resource="Three"]').dragTo(s.page.locator('[data-resource="One"]'))
    const order = async () =>
      (await em().find(WorkshopResource, { workshop: biz.workshop.id }, { filters: false, orderBy: { sortOrder: 'asc' } })).map((r) => r.title)
    await eventually(order, ['Three', 'One', 'Two'])
    await s.page.getByRole('button', { name: 'Move One down' }).click()
    await eventually(order, ['Three', 'Two', 'One'])
    const two = s.page.locator('[data-resource="Two"]')
    await two.getByRole('button', { name: 'Hide' }).click()
    await two.getByText(/hidden/).waitFor()
    const three = s.page.locator('[data-resource="Three"]')
    await three.getByRole('button', { name: 'Broadcast' }).click()
    await three.getByText(/emailed to attendees/).waitFor()
    const rows = await em().find(WorkshopResource, { workshop: biz.workshop.id }, { filters: false })
    expect(rows.find((r) => r.title === 'Two')!.isVisible).toBe(false)
    expect(rows.find((r) => r.title === 'Three')!.broadcastAt).not.toBeNull()

    // Delete "One": Escape and Cancel keep it, "Delete resource" deletes it (the row goes in place).
    const deleted = async () =>
      (await em().find(WorkshopResource, { workshop: biz.workshop.id, deletedAt: { $ne: null } }, { filters: false })).map((r) => r.title)
    const deleteOne = s.page.getByRole('button', { name: 'Delete One' })
    await dismissConfirm(s, deleteOne, 'Delete "One"?', 'Delete resource', 'confirm-resource-delete')
    expect(await deleted()).toEqual([])
    expect(await s.page.locator('[data-resource]').count()).toBe(3)
    await confirmDelete(s, deleteOne, 'Delete "One"?', 'Delete resource')
    await s.page.locator('[data-resource="One"]').waitFor({ state: 'detached' })
    await s.page.getByRole('alertdialog').waitFor({ state: 'detached' })
    expect(await deleted()).toEqual(['One'])
    expect(await s.page.locator('[data-resource]').count()).toBe(2)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)

  test('profile editor: section 5 messages, add, reorder and remove experiences, checklist, preview link', async () => {
    const biz = await coachBusiness(0)
    const s = await openAs(biz.coach.user)
    await visit(s, '/c/account/profile')
    const form = s.page.getByRole('form', { name: 'Coach profile' })
    await form.getByLabel('Bio').fill('x'.repeat(1001))
    await form.getByText('Bio must be at most 1000 characters').waitFor()
    await form.getByLabel('Bio').fill('Negotiation coach for engineers.')
    await form.getByLabel('Business name').fill('Lab Negotiation Ltd')
    await form.getByLabel('Specializations').fill('Negotiation, Pricing')
    const exp = form.locator('section', { has: s.page.getByRole('heading', { name: 'Experience' }) })
    await exp.getByRole('button', { name: 'Add' }).click()
    await exp.getByRole('button', { name: 'Add' }).click()
    await form.getByRole('button', { name: 'Save profile' }).click()
    await exp.getByText('Title is required').first().waitFor()
    const rows = exp.locator('li')
    await rows.nth(0).getByLabel('Title').fill('Engineer')
    await rows.nth(0).getByLabel('Company').fill('Acme')
    await rows.nth(1).getByLabel('Title').fill('Coach')
    await rows.nth(1).getByLabel('Company').fill('Self')
    await exp.getByRole('button', { name: 'Move Coach up' }).click()
    await form.getByLabel('Quizzes completed').check()
    await form.getByRole('button', { name: 'Save profile' }).click()
    await s.page.getByText('User Updated').waitFor()
    const u = await em().findOneOrFail(User, { id: biz.coach.user.id }, { filters: false })
    expect(u.coachProfile).toMatchObject({
      businessName: 'Lab Negotiation Ltd',
      specializations: ['Negotiation', 'Pricing'],
      bio: 'Negotiation coach for engineers.',
      completedQuizzes: true,
    })
    expect(u.coachProfile!.experiences!.map((e: any) => [e.title, e.order])).toEqual([
      ['Coach', 1],
      ['Engineer', 2],
    ])
    await exp.getByRole('button', { name: 'Remove Engineer' }).click()
    await form.getByRole('button', { name: 'Save profile' }).click()
    await eventually(async () => ((await em().findOneOrFail(User, { id: biz.coach.user.id }, { filters: false })).coachProfile!.experiences ?? []).length, 1)
    expect(await s.page.getByRole('link', { name: 'Preview your public page' }).getAttribute('href')).toBe(`/${biz.coach.user.username}`)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)

  test('payouts CSV from the page; calendar month and week; apps offer to link Multiplai', async () => {
    const biz = await coachBusiness(3)
    const s = await openAs(biz.coach.user)
    await visit(s, '/c/account/payouts')
    const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('link', { name: 'Export CSV' }).click()])
    const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toStartWith('"Schedule","Workshop"')
    expect(csv).toContain(biz.workshop.title)
    const start = (await em().findOneOrFail(WorkshopSchedule, { id: biz.coming.id }, { filters: false })).startDate.toISOString().slice(0, 10)
    await visit(s, `/c/workshops/${biz.workshop.id}/calendar?date=${start}`)
    expect(await s.page.getByTestId('calendar-event').count()).toBeGreaterThanOrEqual(1)
    await s.page.getByRole('link', { name: 'Week' }).click()
    await s.page.getByRole('heading', { name: /^Week of / }).waitFor()
    expect(await s.page.getByTestId('calendar-event').count()).toBe(1)
    await visit(s, '/c/apps/multiplai')
    // The tests run a real OpenID Connect provider, so linking is offered.
    expect(await s.page.getByTestId('multiplai-state').textContent()).toBe('Your account is not linked to Multiplai.')
    expect(await s.page.getByRole('link', { name: 'Link Multiplai' }).getAttribute('href')).toBe(
      '/v1/auth/connect/multiplai/redirect?redirect=%2Fc%2Fapps%2Fmultiplai',
    )
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)
})
void moveToPast
