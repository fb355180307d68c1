/**
 * What a client or a coach sees, in Chromium, for the defects of "no silent changes, tables that
 * work on a phone, one way to say a date, a seat count and a status": a reschedule that changes
 * the format says so and waits for the client's yes; every list table keeps its rows' key
 * fields and actions on a 390 px screen; the workshop tabs all show at 390 px; the checkout's
 * seat count follows the booking; counted words agree with their number. `SHOTS=/dir` saves
 * screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { User } from '../../src/modules/users/user.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { em, uid } from '../client'
import { waitForMail } from '../mail'
import { base, makeUser, noProblems, openAs, useBrowser } from './browser'
import { demo, scrollsSideways, shot, visit } from './client-fixtures'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>

beforeAll(async () => {
  coach = await makeCoach('Ines', `Varga${tag}`)
})

const seatsTaken = async (id: string) => Number((await em().execute(`select seats_taken from workshop_schedules where id = ?`, [id]))[0].seats_taken)

describe('rescheduling says what changes', () => {
  test('an in-person booking offered an online date: the dialog names the format, venue and city and the zones, and moves only once the client accepts', async () => {
    const { schedule, workshop } = await makePublicSchedule(coach, { title: `Bootcamp ${tag}`, price: 0, maxSeats: 12, startInDays: 12, mode: 'IN-PERSON' })
    const m = em()
    const online = m.create(WorkshopSchedule, {
      tenant: coach.tenant.id,
      coach: coach.user.id,
      workshop: workshop.id,
      startDate: new Date(schedule.startDate.getTime() + 14 * 86_400_000),
      endDate: new Date(schedule.endDate.getTime() + 14 * 86_400_000),
      timezone: 'Europe/London',
      level: 'BEGINNER',
      status: 'PUBLISHED',
      visibility: 'PUBLIC',
      mode: 'ONLINE',
      meetingUrl: 'https://meet.example/online',
    } as any)
    await m.flush()
    const client = await makeUser({ profile: { firstName: 'Noor', lastName: 'Mover', socialAccounts: [] } })
    const s = await openAs(client)
    // The viewer is in New York: the dialog shows the workshop's London hours with theirs beside.
    await s.context.addCookies([{ name: 'tz', value: 'America/New_York', url: base() }])
    await visit(s.page, `/workshops/${schedule.id}/book`)
    await s.page.getByRole('button', { name: 'Confirm booking' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    const [b] = await em().find(Booking, { user: client.id, workshopSchedule: schedule.id } as any, { filters: false })

    await visit(s.page, `/b/bookings/${b.id}`)
    await s.page.getByRole('button', { name: 'Reschedule' }).click()
    const dialog = s.page.getByRole('dialog')
    const option = dialog.getByTestId('reschedule-option')
    await option.first().waitFor()
    // The format, and the hours on the workshop's clock with the viewer's own beside them.
    await expect(option.first().getByTestId('reschedule-place').textContent()).resolves.toBe('Online')
    const when = (await option.first().textContent()) ?? ''
    expect(when).toMatch(/\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M London time \(\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M your time\)/)
    await option.first().getByText('Changes the format').waitFor()
    await option.first().getByRole('radio').check()
    const changes = dialog.getByTestId('reschedule-changes')
    await changes.getByText('The format changes from in person to online: there is no venue, you join with the meeting link.').waitFor()
    const moveButton = dialog.getByRole('button', { name: 'Move my booking' })
    expect(await moveButton.isDisabled()).toBe(true)
    await shot(s.page, 'reschedule-changes')
    await changes.getByRole('checkbox', { name: 'I accept these changes' }).check()
    expect(await moveButton.isDisabled()).toBe(false)
    await moveButton.click()
    await s.page.getByTestId('reschedule-done').waitFor()
    expect(await s.page.getByTestId('reschedule-done').textContent()).toContain('Online')

    const [moved] = await em().execute(`select workshop_schedule_id from bookings where id = ?`, [b.id])
    expect(moved.workshop_schedule_id).toBe(online.id)
    expect(await seatsTaken(online.id)).toBe(1)
    const mail = await waitForMail(client.email, (x) => x.subject === `New date: ${workshop.title}`)
    expect(mail.text).toContain('The format changes from in person to online')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)
})

/** Cells and buttons of table rows that stick out past an edge of the screen. */
const outside = (page: Page, scope: string) =>
  page.evaluate((scope) => {
    const width = window.innerWidth
    const out: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(`${scope} tbody td, ${scope} tbody td button, ${scope} tbody td a`)) {
      const r = el.getBoundingClientRect()
      if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5)) out.push(`${el.tagName} ${el.textContent?.trim().slice(0, 40)}`)
    }
    return out
  }, scope)

describe('tables on a phone', () => {
  test('every list table at 390 px shows each row as a card with its fields and actions on screen, and the workshop tabs all show', async () => {
    const { chris } = await demo()
    const maya = await em().findOneOrFail(User, { email: 'maya@acme.example' })
    const [w] = await em().execute(`select id from workshops where coach_id = ? and deleted_at is null order by created_at limit 1`, [maya.id])
    const [cb] = await em().execute(
      `select b.id from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id where s.coach_id = ? and b.amount_paid > 0 order by b.created_at limit 1`,
      [maya.id],
    )
    const [v] = await em().execute(`select v.id from vouchers v join memberships m on m.tenant_id = v.tenant_id where m.user_id = ? limit 1`, [maya.id])
    const [mine] = await em().execute(`select id from bookings where user_id = ? and seats > 1 order by created_at limit 1`, [chris.id])
    const coachPages = [
      '/c/account/payouts',
      '/c/team',
      '/c/vouchers',
      `/c/vouchers/${v.id}`,
      '/c/bookings',
      '/c/workshops',
      '/c/feedbacks',
      `/c/workshops/${w.id}`,
      `/c/workshops/${w.id}/history`,
      `/c/workshops/${w.id}/payouts`,
      `/c/workshops/${w.id}/invoices`,
      `/c/bookings/${cb.id}/payments`,
      '/c/job-postings',
    ]
    const clientPages = ['/b/bookings', '/b/payments', '/b/groups', '/b/workshops', `/b/bookings/${mine.id}/seats`]
    for (const [who, pages] of [
      [maya, coachPages],
      [chris, clientPages],
    ] as const) {
      const s = await openAs(who)
      await s.page.setViewportSize({ width: 390, height: 844 })
      for (const path of pages) {
        await visit(s.page, path)
        const tables = await s.page.locator('main table').count()
        expect([path, tables > 0]).toEqual([path, true])
        // Nothing of a row past the screen's edges, and the page itself does not scroll sideways.
        expect([path, await outside(s.page, 'main')]).toEqual([path, []])
        expect([path, await scrollsSideways(s.page)]).toEqual([path, false])
        // Each row's buttons (Roles, Remove, Edit, Disable...) are there to press, within the screen.
        for (const button of await s.page.locator('main tbody td button').all()) {
          const box = await button.boundingBox()
          expect([path, !!box && box.x >= 0 && box.x + box.width <= 390]).toEqual([path, true])
        }
      }
      if (who === maya) {
        await visit(s.page, `/c/workshops/${w.id}`)
        const tabs = s.page.getByRole('navigation', { name: 'Workshop sections' }).getByRole('link')
        expect(await tabs.count()).toBe(6)
        for (const tab of await tabs.all()) {
          const box = await tab.boundingBox()
          expect([await tab.textContent(), !!box && box.x >= 0 && box.x + box.width <= 390]).toEqual([await tab.textContent(), true])
        }
        await shot(s.page, 'workshop-tabs-390')
        await visit(s.page, '/c/team')
        await shot(s.page, 'team-390')
        // The team's own people can be removed; clients who only book are listed apart, with no Remove.
        const clients = s.page.getByRole('region', { name: 'Clients with access' })
        await clients.getByText('client@summit.localhost').waitFor()
        expect(await clients.getByRole('button', { name: /^Remove/ }).count()).toBe(0)
        const members = s.page.getByRole('region', { name: 'Members' })
        expect(await members.getByText('client@summit.localhost').count()).toBe(0)
      }
      expect(noProblems(s)).toEqual([])
      await s.close()
    }
  }, 180_000)
})

describe('checkout', () => {
  test('the seat count does not go stale: after booking nothing says the old number; the confirmation says what happens next', async () => {
    const { schedule, workshop } = await makePublicSchedule(coach, { title: `Seat count ${tag}`, price: 0, maxSeats: 8, seatsTaken: 1, startInDays: 20 })
    const client = await makeUser({ profile: { firstName: 'Ola', lastName: 'Counter', socialAccounts: [] } })
    const s = await openAs(client)
    await visit(s.page, `/workshops/${schedule.id}/book`)
    await s.page.getByText('7 seats left').waitFor()
    await s.page.getByLabel('Seats').selectOption('2')
    await s.page.getByRole('button', { name: 'Confirm booking' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    // The 7 from before the booking is nowhere on the page any more.
    expect(await s.page.getByText(/seats? left/i).count()).toBe(0)
    expect(await s.page.getByText(/\b7\b/).count()).toBe(0)
    const next = s.page.getByTestId('next-steps')
    await next.getByText(client.email).waitFor()
    const [b] = await em().find(Booking, { user: client.id, workshopSchedule: schedule.id } as any, { filters: false })
    expect(await next.getByRole('link', { name: 'Calendar file (.ics)' }).getAttribute('href')).toBe(`/v1/bookings/${b.id}/calendar.ics`)
    expect(await next.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')).toStartWith(
      'https://calendar.google.com/calendar/render?action=TEMPLATE',
    )
    expect(await next.getByRole('link', { name: 'Invite someone by email' }).getAttribute('href')).toBe(`/b/bookings/${b.id}/seats`)
    await next.getByTestId('refund-deadline').waitFor()
    await shot(s.page, 'checkout-confirmation')
    // A new visit counts the seats the booking took.
    await visit(s.page, `/workshops/${schedule.id}/book`)
    await s.page.getByText('5 seats left').waitFor()
    expect(workshop.title).toContain('Seat count')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)

  test('on a phone the form comes first, the summary folded above it', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Phone checkout ${tag}`, price: 4900, startInDays: 21 })
    const client = await makeUser({ profile: { firstName: 'Pia', lastName: 'Phone', socialAccounts: [] } })
    const s = await openAs(client)
    await s.page.setViewportSize({ width: 390, height: 844 })
    await visit(s.page, `/workshops/${schedule.id}/book`)
    const summary = s.page.locator('details')
    expect(await summary.getAttribute('open')).toBeNull()
    // The seats field is on the first screen; the summary's details wait behind one tap.
    const seats = await s.page.getByLabel('Seats').boundingBox()
    expect(seats!.y + seats!.height).toBeLessThan(844)
    expect(await s.page.getByText('Refund policy').isVisible()).toBe(false)
    await summary.locator('summary').click()
    expect(await s.page.getByText('Refund policy').isVisible()).toBe(true)
    // From md up the summary is open beside the form, with nothing to tap.
    await s.page.setViewportSize({ width: 1280, height: 900 })
    await s.page.reload()
    expect(await s.page.getByText('Refund policy').isVisible()).toBe(true)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 60_000)
})

describe('counted words', () => {
  test('a one-seat workshop says "Up to 1 person" and "1 seat", and a one-seat checkout asks no one to fill the rest', async () => {
    const { schedule, workshop } = await makePublicSchedule(coach, { title: `Solo session ${tag}`, price: 0, maxSeats: 1, minSeats: 1, startInDays: 22 })
    const s = await openAs(await makeUser())
    await visit(s.page, `/workshops/${schedule.id}`)
    const text = (await s.page.locator('main').textContent()) ?? ''
    expect(text).toContain('Up to 1 person')
    expect(text).not.toContain('1 people')
    await visit(s.page, `/workshops/${schedule.id}/book`)
    const checkout = (await s.page.getByRole('region', { name: 'Checkout' }).textContent()) ?? ''
    expect(checkout).toContain('1 seat left')
    expect(checkout).not.toContain('invite others to the rest')
    await s.close()

    const c = await openAs(coach.user)
    await visit(c.page, `/c/workshops/${workshop.id}`)
    const coachText = (await c.page.locator('main').textContent()) ?? ''
    expect(coachText).toContain('Free · 1 seat')
    expect(coachText).not.toContain('1–1 seats')
    await c.close()
  }, 60_000)

  test('a sold-out checkout does not call the waitlist "Your booking"', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Sold out ${tag}`, price: 0, maxSeats: 2, seatsTaken: 2, startInDays: 23 })
    const s = await openAs(await makeUser())
    await visit(s.page, `/workshops/${schedule.id}/book`)
    expect(await s.page.getByText('Your booking', { exact: true }).count()).toBe(0)
    await s.page.getByText('Waitlist', { exact: true }).waitFor()
    await s.close()
  }, 60_000)
})
