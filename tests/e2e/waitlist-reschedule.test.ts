/**
 * The booking loop after the first booking, in Chromium: a client joins the waitlist of a fully
 * booked workshop, another client cancels, the first receives the offer mail (the test SMTP
 * server), opens its link and pays for the held seats; a client moves a confirmed booking to
 * the next date from the booking page. axe on the new parts; `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { em, uid } from '../client'
import { extractLink, waitForMail } from '../mail'
import { makeUser, noProblems, openAs, useBrowser } from './browser'
import { axe, shot, visit } from './client-fixtures'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>

beforeAll(async () => {
  coach = await makeCoach('Nadia', `Berg${tag}`)
})

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

const bookingsOf = (userId: string, scheduleId: string) =>
  em().find(Booking, { user: userId, workshopSchedule: scheduleId } as any, { filters: false, orderBy: { createdAt: 'asc' } })

async function seatsTaken(scheduleId: string) {
  const [r] = await em().execute('select seats_taken from workshop_schedules where id = ?', [scheduleId])
  return Number(r.seats_taken)
}

describe('waitlist and rescheduling in the browser', () => {
  test('join the waitlist of a full workshop; another client cancels; the offer mail links to a checkout for exactly those seats; pay', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Hiring well ${tag}`, price: 12000, maxSeats: 3 })
    const holder = await makeUser({ profile: { firstName: 'Hal', lastName: 'Holder', socialAccounts: [] } })
    const waiter = await makeUser({ profile: { firstName: 'Wren', lastName: 'Waiter', socialAccounts: [] } })

    // The holder takes every seat (held, not paid yet).
    const h = await openAs(holder)
    await h.page.request.get('/api/sanctum/csrf-cookie')
    const xsrf = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '')
    const booked = await h.page.request.post('/v1/bookings', {
      data: { userId: holder.id, workshopScheduleId: schedule.id, seats: 3 },
      headers: { 'x-xsrf-token': xsrf },
    })
    expect(booked.status()).toBe(201)
    expect(await seatsTaken(schedule.id)).toBe(3)

    // The waiter finds the workshop fully booked and joins the waitlist for 2 seats.
    const s = await openAs(waiter)
    await visit(s.page, `/workshops/${schedule.id}/book`)
    await s.page.getByRole('heading', { name: 'This workshop is fully booked' }).waitFor()
    await s.page.getByLabel('Seats you need').selectOption('2')
    expect(await axe(s.page)).toEqual([])
    await shot(s.page, 'waitlist-join')
    await s.page.getByRole('button', { name: 'Join the waitlist' }).click()
    await s.page.getByTestId('waitlist-place').getByText('You are number 1 on the waitlist for 2 seats.').waitFor()
    // A reload shows the same place.
    await visit(s.page, `/workshops/${schedule.id}/book`)
    await s.page.getByTestId('waitlist-place').getByText('You are number 1 on the waitlist for 2 seats.').waitFor()

    // The holder cancels from the booking page.
    const [held] = await bookingsOf(holder.id, schedule.id)
    await visit(h.page, `/b/bookings/${held.id}`)
    await h.page.getByRole('button', { name: 'Cancel booking' }).click()
    await h.page.getByLabel('Reason').fill('My team moved the offsite')
    await h.page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click()
    await h.page.getByTestId('refund-result').waitFor()

    // The offer mail: 2 seats held for the waiter, with a link to the checkout.
    const mail = await waitForMail(waiter.email, (m) => m.subject.startsWith('2 seats free for you'), 15_000)
    const link = new URL(extractLink(mail, '/book?offer='))
    // The seats count as taken: 2 held for the offer, 1 free.
    expect(await seatsTaken(schedule.id)).toBe(2)

    // /b shows the offer with the time left and the checkout link.
    await visit(s.page, '/b')
    const entry = s.page.getByTestId('waitlist-entry')
    await entry.getByText(/2 seats held for you · \d+:\d\d(:\d\d)? left/).waitFor()
    expect(await entry.getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe(`${link.pathname}${link.search}`)
    expect(await axe(s.page)).toEqual([])
    await shot(s.page, 'waitlist-dashboard')

    // The link opens the checkout for exactly those seats; pay by card.
    await visit(s.page, `${link.pathname}${link.search}`)
    await s.page.getByTestId('offer').getByText('2 seats are held for you').waitFor()
    expect(await s.page.getByLabel('Seats').count()).toBe(0)
    await expect(s.page.getByTestId('total').textContent()).resolves.toBe('$240.00')
    await shot(s.page, 'waitlist-offer-checkout')
    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    await s.page.getByLabel('Card number').waitFor()
    await typeCard(s.page, '4242 4242 4242 4242')
    await s.page.getByRole('button', { name: 'Pay $240.00' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })

    const [mine] = await bookingsOf(waiter.id, schedule.id)
    expect(mine).toMatchObject({ status: 'CONFIRMED', seats: 2, amountPaid: 24000 })
    const [e] = await em().execute(`select status, booking_id from waitlist_entries where user_id = ? and workshop_schedule_id = ?`, [waiter.id, schedule.id])
    expect(e).toEqual({ status: 'BOOKED', booking_id: mine.id })
    expect(await seatsTaken(schedule.id)).toBe(2)
    expect(noProblems(s)).toEqual([])
    await s.close()
    await h.close()
  }, 90_000)

  test('a client moves a confirmed booking to the next date from the booking page', async () => {
    const { schedule, workshop } = await makePublicSchedule(coach, { title: `Coaching clinic ${tag}`, price: 0, maxSeats: 6, startInDays: 9 })
    const m = em()
    const next = m.create(WorkshopSchedule, {
      tenant: coach.tenant.id,
      coach: coach.user.id,
      workshop: workshop.id,
      startDate: new Date(schedule.startDate.getTime() + 7 * 86_400_000),
      endDate: new Date(schedule.endDate.getTime() + 7 * 86_400_000),
      timezone: 'Europe/London',
      level: 'BEGINNER',
      status: 'PUBLISHED',
      visibility: 'PUBLIC',
      mode: 'ONLINE',
      meetingUrl: 'https://meet.example/next',
    } as any)
    await m.flush()
    const client = await makeUser({ profile: { firstName: 'Rae', lastName: 'Mover', socialAccounts: [] } })
    const s = await openAs(client)
    await visit(s.page, `/workshops/${schedule.id}/book`)
    await s.page.getByLabel('Seats').selectOption('2')
    await s.page.getByRole('button', { name: 'Confirm booking' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    const [b] = await bookingsOf(client.id, schedule.id)
    expect(b.status).toBe('CONFIRMED')

    await visit(s.page, `/b/bookings/${b.id}`)
    await s.page.getByRole('button', { name: 'Reschedule' }).click()
    const dialog = s.page.getByRole('dialog')
    const option = dialog.getByRole('radio')
    await option.first().waitFor()
    expect(await option.count()).toBe(1)
    await dialog.getByText('6 seats left · Same price').waitFor()
    expect(await axe(s.page)).toEqual([])
    await shot(s.page, 'reschedule-dialog')
    await dialog.getByRole('button', { name: 'Move my booking' }).click()
    await s.page.getByTestId('reschedule-done').waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await s.page.waitForURL(`**/b/bookings/${b.id}`)
    await s.page.getByText(/^Moved$/).waitFor()
    await shot(s.page, 'reschedule-done')

    const [moved] = await em().execute(`select workshop_schedule_id from bookings where id = ?`, [b.id])
    expect(moved.workshop_schedule_id).toBe(next.id)
    expect(await seatsTaken(schedule.id)).toBe(0)
    expect(await seatsTaken(next.id)).toBe(2)
    const mail = await waitForMail(client.email, (x) => x.subject === `New date: ${workshop.title}`)
    expect(mail.attachments[0]?.contentType).toStartWith('text/calendar')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)
})
