/**
 * The coach's whole journey on one database, in one go: create a workshop, upload a resource,
 * create and publish a schedule; a client books and pays in a second browser context; the coach
 * sees the booking, takes attendance after the session (clock moved), marks it completed; the
 * client leaves feedback; the coach reads it, sees the payout and downloads the invoice.
 * Every coach page visited is checked with axe (no serious violations). `SHOTS=/dir` saves
 * screenshots at desktop and phone widths.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking, BookingSeat } from '../../src/modules/bookings/booking.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { clock } from '../../src/platform/clock'
import { em } from '../client'
import { axe as axeOf, makeUser, noProblems, open, openAs, type Session, useBrowser } from './browser'
import { makeCoach } from './marketplace.fixtures'

useBrowser()
afterAll(() => clock.reset())

const DAY = 86_400_000
const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return
  await page.screenshot({ path: `${process.env.SHOTS}/${name}-desktop.png`, fullPage: true })
  const size = page.viewportSize()!
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${process.env.SHOTS}/${name}-phone.png`, fullPage: true })
  await page.setViewportSize(size)
}

const axe = (page: Page) => axeOf(page, { withoutShell: true })

/** Goes to a path, waits for every island to hydrate, checks axe, optionally shoots. */
async function visit(s: Session, path: string, name?: string) {
  await s.page.goto(path)
  await s.page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))
  expect({ path, violations: await axe(s.page) }).toEqual({ path, violations: [] })
  if (name) await shot(s.page, name)
}

/** '2026-12-01T10:00' for a datetime-local input, in UTC. */
const local = (d: Date) => d.toISOString().slice(0, 16)

describe('coach journey', () => {
  test('create, upload, publish; a client books and pays; attendance after the session; feedback; payout and invoice', async () => {
    const coach = await makeCoach('Noor', 'Haddad')
    const coachS = await openAs(coach.user)
    const title = `Negotiation for engineers ${Date.now().toString(36)}`

    // 1. Create a workshop (blank).
    await visit(coachS, '/c/workshops')
    await coachS.page.getByRole('button', { name: 'New workshop' }).click()
    const wf = coachS.page.getByRole('form', { name: 'New workshop' })
    await wf.getByLabel('Title').fill('ab')
    await wf.getByLabel('Title').blur()
    await wf.getByText('Title must be at least 3 characters').waitFor()
    await wf.getByLabel('Title').fill(title)
    await wf.getByLabel('Price per seat (USD)').fill('120')
    await wf.getByLabel('Minimum seats').fill('1')
    await wf.getByLabel('Maximum seats').fill('6')
    await wf.getByLabel('Description').fill('Trade-offs, anchors and walking away: practised on real engineering situations.')
    await wf.getByRole('button', { name: 'Create workshop' }).click()
    await coachS.page.waitForURL(/\/c\/workshops\/[0-9a-f-]{36}$/)
    const workshopId = coachS.page.url().split('/').pop()!
    const w = await em().findOneOrFail(Workshop, { id: workshopId }, { filters: false })
    expect([w.title, w.price, w.minSeats, w.maxSeats]).toEqual([title, 12000, 1, 6])

    // 2. Upload a resource file.
    await visit(coachS, `/c/workshops/${workshopId}/resources`)
    await coachS.page.getByRole('button', { name: 'Add resource' }).click()
    const rf = coachS.page.getByRole('form', { name: 'Add resource' })
    await rf.getByLabel('Type').selectOption('document')
    await rf.getByLabel('File').setInputFiles({ name: 'prep-sheet.txt', mimeType: 'text/plain', buffer: Buffer.from('Know your walk-away point.') })
    await rf.getByText(/^Uploaded/).waitFor()
    expect(await rf.getByLabel('Title').inputValue()).toBe('prep-sheet.txt')
    await rf.getByLabel('Title').fill('Preparation sheet')
    await rf.getByRole('button', { name: 'Add resource' }).click()
    await coachS.page.locator('[data-resource="Preparation sheet"]').waitFor()
    await shot(coachS.page, 'coach-resources')

    // 3. Create a schedule as a draft, then publish it.
    const start = new Date(Date.now() + 3 * DAY)
    start.setUTCHours(10, 0, 0, 0)
    await visit(coachS, `/c/workshops/${workshopId}`)
    await coachS.page.getByRole('button', { name: 'New schedule' }).click()
    const sf = coachS.page.getByRole('form', { name: 'New schedule' })
    await sf.getByRole('button', { name: 'Create schedule' }).click()
    await sf.getByText('Please select a valid workshop level').waitFor()
    await sf.getByText('Workshop mode is required').waitFor()
    await sf.getByLabel('Starts').fill(local(start))
    await sf.getByLabel('Ends').fill(local(new Date(start.getTime() + 2 * 3600e3)))
    await sf.getByLabel('Time zone').selectOption('UTC')
    await sf.getByLabel('Level').selectOption('INTERMEDIATE')
    await sf.getByLabel('Mode').selectOption('ONLINE')
    await sf.getByRole('button', { name: 'Create schedule' }).click()
    await sf.getByText('A meeting link is required for online and hybrid workshops').waitFor()
    await sf.getByLabel('Meeting link').fill('https://meet.example.com/negotiation')
    await Promise.all([coachS.page.waitForEvent('load'), sf.getByRole('button', { name: 'Create schedule' }).click()])
    await coachS.page.waitForFunction(() =>
      [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'),
    )
    await coachS.page.getByRole('button', { name: 'Publish' }).waitFor()
    await coachS.page.getByTestId('plan-limit').waitFor()
    await coachS.page.getByRole('button', { name: 'Publish' }).click()
    await coachS.page.getByRole('button', { name: 'Unpublish' }).waitFor()
    const schedule = await em().findOneOrFail(WorkshopSchedule, { workshop: workshopId }, { filters: false })
    expect([schedule.status, schedule.startDate.toISOString(), schedule.timezone]).toEqual(['PUBLISHED', start.toISOString(), 'UTC'])
    await shot(coachS.page, 'coach-workshop')

    // 4. A client books and pays in a second browser context.
    const client = await makeUser({ profile: { firstName: 'Ilse', lastName: 'Booker', socialAccounts: [] } })
    const clientS = await openAs(client)
    await clientS.page.goto(`/workshops/${schedule.id}/book`)
    await clientS.page.getByRole('form', { name: 'Booking details' }).waitFor()
    await clientS.page.locator('summit-island[data-island=checkout] > div[data-hydrated]').waitFor({ state: 'attached' })
    await clientS.page.getByRole('button', { name: 'Continue to payment' }).click()
    for (const [label, value] of [
      ['Card number', '4242424242424242'],
      ['Expiration date', '1234'],
      ['Security code', '123'],
    ] as const)
      await clientS.page.getByLabel(label).pressSequentially(value)
    await clientS.page.getByRole('button', { name: 'Pay $120.00' }).click()
    await clientS.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    const booking = await em().findOneOrFail(Booking, { workshopSchedule: schedule.id }, { filters: false })
    expect(booking.status).toBe('CONFIRMED')

    // 5. The coach sees the booking.
    await visit(coachS, '/c', 'coach-dashboard')
    expect(await coachS.page.getByTestId('gross').textContent()).toBe('$120.00')
    await visit(coachS, `/c/bookings?schedule=${schedule.id}`, 'coach-bookings')
    await coachS.page.getByRole('link', { name: 'Ilse Booker' }).click()
    await coachS.page.waitForURL(`**/c/bookings/${booking.id}`)

    // 6. After the session (clock moved): attendance on a phone-sized screen, then completed.
    clock.shift(4 * DAY)
    await coachS.page.setViewportSize({ width: 390, height: 844 })
    await visit(coachS, `/c/bookings/${booking.id}/seats`)
    const seat = coachS.page.getByRole('form', { name: 'Attendance of Ilse Booker' })
    await seat.getByLabel('Attendance notes').fill('x'.repeat(1001))
    await seat.getByText('Attendance notes cannot exceed 1000 characters').waitFor()
    await seat.getByLabel('Attendance notes').fill('Negotiated hard in the role play.')
    await seat.getByRole('button', { name: 'Save notes' }).click()
    await seat.getByLabel('Attended').check()
    await coachS.page.waitForFunction(async () => true)
    await expectEventually(async () => {
      const s = await em().findOneOrFail(BookingSeat, { booking: booking.id, user: client.id }, { filters: false })
      return [s.attended, s.attendanceNotes]
    }, [true, 'Negotiated hard in the role play.'])
    await shot(coachS.page, 'coach-attendance')
    await coachS.page.setViewportSize({ width: 1280, height: 900 })
    await visit(coachS, `/c/bookings/${booking.id}`)
    await coachS.page.getByRole('button', { name: 'Mark completed' }).click()
    await coachS.page.getByText('This booking is completed: nothing more to do.').waitFor()
    expect((await em().findOneOrFail(Booking, { id: booking.id }, { filters: false })).status).toBe('COMPLETED')

    // 7. The client leaves feedback on the booking page: the rating is required, then it is sent.
    await visit(clientS, `/b/bookings/${booking.id}`)
    const feedback = clientS.page.getByRole('form', { name: 'Leave feedback' })
    await feedback.getByLabel('Comment (optional)').fill('Best negotiation training I have had.')
    await feedback.getByRole('button', { name: 'Send feedback' }).click()
    await feedback.getByText('Please choose a rating from 1 to 5').waitFor()
    await feedback.getByLabel('5 ★').check()
    await feedback.getByRole('button', { name: 'Send feedback' }).click()
    await clientS.page.getByText('Your feedback was sent to the coach.').first().waitFor()
    // The form gives way to the feedback as sent, in place (and the server agrees after a reload).
    await clientS.page.getByTestId('my-feedback').filter({ hasText: '★★★★★ “Best negotiation training I have had.”' }).waitFor()
    expect(await feedback.count()).toBe(0)
    await visit(clientS, `/b/bookings/${booking.id}`)
    await clientS.page.getByTestId('my-feedback').filter({ hasText: '★★★★★' }).waitFor()

    // 8. The coach reads it, sees the payout and the invoice.
    await visit(coachS, '/c/feedbacks', 'coach-feedbacks')
    await coachS.page.getByText('Best negotiation training I have had.').waitFor()
    expect(await coachS.page.getByTestId('average').textContent()).toBe('5')
    await visit(coachS, '/c/account/payouts', 'coach-payouts')
    // $120.00 less the 10% fee, on its way to the coach (no payout account yet: it waits on the platform).
    expect(await coachS.page.getByTestId('reconciliation').textContent()).toContain('your net $108.00')
    expect(await coachS.page.getByTestId('balance-transferred').textContent()).toBe('$0.00')
    await coachS.page.getByRole('heading', { name: 'Set up payouts' }).waitFor()
    await visit(coachS, `/c/workshops/${workshopId}/invoices`, 'coach-invoices')
    const href = await coachS.page.getByRole('link', { name: /^(INV-\d+|Invoice) \(PDF\)$/ }).getAttribute('href')
    const pdf = await coachS.page.request.get(href!)
    expect(pdf.status()).toBe(200)
    expect({ href, type: pdf.headers()['content-type'], body: (await pdf.text()).slice(0, 200) }).toMatchObject({ type: 'application/pdf' })
    await visit(coachS, `/c/workshops/${workshopId}/history`, 'coach-history')
    await coachS.page.getByText('1 of 1 (100%)').waitFor()

    expect(noProblems(coachS)).toEqual([])
    expect(noProblems(clientS)).toEqual([])
    await clientS.close()
    await coachS.close()
  }, 180_000)
})

async function expectEventually<T>(fn: () => Promise<T>, expected: T, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  let last: T | undefined
  while (Date.now() < end) {
    last = await fn()
    if (JSON.stringify(last) === JSON.stringify(expected)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  expect(last).toEqual(expected)
}
void open
