/**
 * A session goes the whole way of a booking, with the local Stripe server through the official
 * SDK: paid (hold, card, confirmation with its calendar file, invoice), free (confirmed at
 * once), refunded by the session's policy when the client cancels, paid out to the coach after
 * the session and its refund window, reminded 24 hours before, moved to another free time, and
 * released when its hold runs out.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { releaseExpiredHold } from '../../src/modules/bookings/booking.service'
import { sweepNotifications } from '../../src/modules/notifications/reminders.service'
import { Payment } from '../../src/modules/payments/payment.entity'
import { clock } from '../../src/platform/clock'
import { type Actor, em } from '../client'
import { waitForMail, waitForNewMail } from '../mail'
import { localStripe, payInBrowser } from '../peers/stripe'
import { enabledCoach, pastRefundWindow, stripeTransfers, sweepAndSettle, transferRow } from './payouts.fixtures'
import { bookSession, DAY, EVERY_DAY_9_TO_17, HOUR, makeType, sessionWorld, setHours, slots } from './sessions.fixtures'

setDefaultTimeout(90_000)
afterEach(() => clock.reset())

const POLICY = { fullRefundHours: 48, partialRefundHours: 24, partialRefundPercent: 50 }

async function pay(who: Actor, bookingId: string) {
  const i = await who.client.post(`/v1/payments/bookings/${bookingId}/payment-intent`, {})
  expect(i.status).toBe(200)
  await payInBrowser(i.body.data.clientSecret)
  const f = await who.client.post(`/v1/payments/bookings/${bookingId}/finalize`, { paymentIntentId: i.body.data.paymentIntentId })
  expect(f.body.data.bookingStatus).toBe('CONFIRMED')
}

/** A coach in London with every day's hours, a paid 60-minute type and a free 20-minute one. */
async function coachWithTypes() {
  const w = await sessionWorld()
  await setHours(w.coach, { timeZone: 'Europe/London', weekly: EVERY_DAY_9_TO_17 })
  const paid = await makeType(w.coach, { title: 'Deep dive', durationMinutes: 60, price: 80, refundPolicy: POLICY, location: 'https://meet.example/coach' })
  const free = await makeType(w.coach, { title: 'Intro call', durationMinutes: 20, price: 0 })
  return { ...w, paid, free }
}

/** The first free time at least `days` ahead (real time: the local Stripe server and the jobs run on it). */
async function timeAhead(typeId: string, days: number) {
  const list = await slots(typeId, { from: new Date(Date.now() + days * DAY).toISOString() })
  return list[0]!.start
}

describe('paid and free sessions', () => {
  test('paid: held while paid by card, then confirmed, mailed with its calendar file, invoiced; a free call is confirmed at once', async () => {
    const w = await coachWithTypes()
    const at = await timeAhead(w.paid.id, 5)
    const r = await bookSession(w.client, w.paid.id, at)
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ status: 'PENDING', sessionTypeId: w.paid.id, startsAt: at, amountDue: 80, seats: 1, workshopScheduleId: null })
    expect(r.body.data.holdExpiresAt).not.toBeNull()
    // Held: nobody else gets the time meanwhile.
    const other = await sessionWorld()
    expect((await bookSession(other.client, w.paid.id, at)).status).toBe(409)
    await pay(w.client, r.body.data.id)
    const mail = await waitForMail(w.client.user.email, (m) => m.subject === 'Session confirmed: Deep dive')
    expect(mail.text).toContain('Paid 80.00 USD.')
    expect(mail.text).toContain('https://meet.example/coach')
    const ics = mail.attachments.find((a) => a.filename === 'session.ics')!
    expect(ics.content).toContain('SUMMARY:Deep dive')
    expect(ics.content).toContain('DTSTART;TZID=Europe/London:')
    expect(ics.content).toContain(`UID:booking-${r.body.data.id}@`)
    await waitForMail(w.coach.user.email, (m) => m.subject.startsWith('New session: Deep dive'))
    const invoice = await w.client.client.get(`/v1/payments/bookings/${r.body.data.id}/invoice`)
    expect(invoice.status).toBe(200)
    expect(invoice.headers.get('content-type')).toBe('application/pdf')
    const calendar = await w.client.client.get(`/v1/bookings/${r.body.data.id}/calendar.ics`)
    expect(calendar.status).toBe(200)
    expect(String(calendar.body)).toContain('STATUS:CONFIRMED')
    // The coach sees the booking; a stranger does not.
    expect((await w.coach.client.get(`/v1/bookings/${r.body.data.id}`)).body.data.sessionType).toMatchObject({ id: w.paid.id, title: 'Deep dive' })
    expect((await other.client.client.get(`/v1/bookings/${r.body.data.id}`)).status).toBe(404)

    const freeAt = await timeAhead(w.free.id, 8)
    const f = await bookSession(w.client, w.free.id, freeAt)
    expect(f.body.data).toMatchObject({ status: 'CONFIRMED', amountDue: 0 })
    const freeMail = await waitForMail(w.client.user.email, (m) => m.subject === 'Session confirmed: Intro call')
    expect(freeMail.attachments.map((a) => a.filename)).toEqual(['session.ics'])
    expect((await w.client.client.post(`/v1/payments/bookings/${f.body.data.id}/payment-intent`, {})).status).toBe(409)
  })

  test('a hold that runs out gives the time back; a payment after it takes the time again if it is still free, else it is refunded', async () => {
    const w = await coachWithTypes()
    const late = Date.now() + 16 * 60_000
    const at = await timeAhead(w.paid.id, 4)
    const a = (await bookSession(w.client, w.paid.id, at)).body.data.id
    const intentA = (await w.client.client.post(`/v1/payments/bookings/${a}/payment-intent`, {})).body.data
    expect(await releaseExpiredHold(em(), a, new Date(late))).toBe(true)
    expect((await w.client.client.get(`/v1/bookings/${a}`)).body.data.status).toBe('CANCELLED')
    expect((await slots(w.paid.id, { from: at, to: new Date(Date.parse(at) + 60_000).toISOString() })).map((s) => s.start)).toEqual([at])
    await payInBrowser(intentA.clientSecret)
    const paidLate = await w.client.client.post(`/v1/payments/bookings/${a}/finalize`, { paymentIntentId: intentA.paymentIntentId })
    expect(paidLate.body.data.bookingStatus).toBe('CONFIRMED')

    // Someone else takes the time meanwhile: the late payment cannot confirm and is refunded.
    // (Another free time, the next day's first: two hours later may fall after the day's hours.)
    const at2 = await timeAhead(w.paid.id, 5)
    const b = (await bookSession(w.client, w.paid.id, at2)).body.data.id
    const intentB = (await w.client.client.post(`/v1/payments/bookings/${b}/payment-intent`, {})).body.data
    expect(await releaseExpiredHold(em(), b, new Date(late))).toBe(true)
    const other = await sessionWorld()
    expect((await bookSession(other.client, w.paid.id, at2)).status).toBe(201)
    await payInBrowser(intentB.clientSecret)
    const refused = await w.client.client.post(`/v1/payments/bookings/${b}/finalize`, { paymentIntentId: intentB.paymentIntentId })
    expect(refused.status).toBe(409)
    expect((await w.client.client.get(`/v1/bookings/${b}`)).body.data.status).toBe('CANCELLED')
    await localStripe().settle()
    const refunds = await em().find(Payment, { booking: b, kind: 'refund' } as any)
    expect(refunds.map((p) => [p.status, p.amount])).toEqual([['succeeded', 8000]])
  })
})

describe('cancelling, paying out, reminding, moving', () => {
  test("the client cancels under the session's refund policy: 50% between 48 and 24 hours before", async () => {
    const w = await coachWithTypes()
    const at = await timeAhead(w.paid.id, 5)
    const id = (await bookSession(w.client, w.paid.id, at)).body.data.id
    await pay(w.client, id)
    clock.freeze(new Date(Date.parse(at) - 30 * HOUR))
    const q = await w.client.client.get(`/v1/bookings/${id}/refund-quote`)
    expect(q.body.data).toMatchObject({ refundAmount: 40, percent: 50, tier: 'partial', policy: POLICY, appliesPolicy: true })
    const c = await w.client.client.post(`/v1/bookings/${id}/cancel`, { reason: 'Plans changed', expectedRefund: 40 })
    expect(c.body.data).toMatchObject({ status: 'CANCELLED', refundAmount: 40 })
    await localStripe().settle()
    const refunds = await em().find(Payment, { booking: id, kind: 'refund' } as any)
    expect(refunds.map((p) => [p.status, p.amount])).toEqual([['succeeded', 4000]])
    const mail = await waitForMail(w.client.user.email, (m) => m.subject === 'Session cancelled: Deep dive')
    expect(mail.text).toContain("Under the session's refund policy, 40.00 USD of the 80.00 USD you paid is refunded to your card.")
    // The time is free again.
    clock.reset()
    expect((await slots(w.paid.id, { from: at, to: new Date(Date.parse(at) + 60_000).toISOString() })).map((s) => s.start)).toEqual([at])
  })

  test('paid out to the coach once the session ended and its refund window passed', async () => {
    const w = await coachWithTypes()
    await enabledCoach(w.coach)
    const at = await timeAhead(w.paid.id, 2)
    const id = (await bookSession(w.client, w.paid.id, at)).body.data.id
    await pay(w.client, id)
    const [row] = await em().execute(`select id, workshop_schedule_id, coach_id from payout_transfers where booking_id = ?`, [id])
    expect(row).toMatchObject({ workshop_schedule_id: null, coach_id: w.coach.user.id })
    await sweepAndSettle()
    expect((await transferRow(row.id)).state).toBe('pending')
    pastRefundWindow(new Date(Date.parse(at) + HOUR))
    await sweepAndSettle()
    expect((await transferRow(row.id)).state).toBe('transferred')
    const [tr] = stripeTransfers(id)
    expect(tr.amount).toBe(8000 - Math.round(8000 * 0.1))
    const list = await w.coach.client.get('/v1/payouts/transfers')
    expect(list.body.data[0]).toMatchObject({ bookingId: id, scheduleId: null, status: 'transferred' })
  })

  test('reminded 24 hours before with the calendar file; moved to another free time with the new file', async () => {
    const w = await coachWithTypes()
    const at = await timeAhead(w.free.id, 3)
    const id = (await bookSession(w.client, w.free.id, at)).body.data.id
    // (The sweep takes every reminder due then, other tests' among them: this client's mail is the check.)
    const r = await sweepNotifications(em(), new Date(Date.parse(at) - 24 * HOUR + 60_000))
    expect(r.claimed.reminder_24h).toBeGreaterThanOrEqual(1)
    const isReminder = (m: { subject: string }) => m.subject.startsWith('Reminder: Intro call starts in')
    const reminder = await waitForMail(w.client.user.email, isReminder)
    expect(reminder.attachments[0]!.filename).toBe('session.ics')
    expect(reminder.text).toContain('You get this reminder because you booked this session.')
    // The client moves it to the next day: the old time is free, the new one taken, mailed.
    // (The next day's first free time: two hours later may fall after the day's hours.)
    const later = await timeAhead(w.free.id, 4)
    const moved = await w.client.client.post(`/v1/bookings/${id}/session-time`, { startsAt: later })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ startsAt: later, status: 'CONFIRMED' })
    const mail = await waitForMail(w.client.user.email, (m) => m.subject === 'New time: Intro call')
    expect(mail.attachments[0]!.content).toContain('SEQUENCE:')
    const around = (await slots(w.free.id, { from: at, to: new Date(Date.parse(later) + HOUR).toISOString() })).map((s) => s.start)
    expect(around).toContain(at)
    expect(around).not.toContain(later)
    // Not onto a taken time, not to a time never offered.
    const other = await sessionWorld()
    const taken = (await bookSession(other.client, w.free.id, at)).body.data.startsAt
    expect((await w.client.client.post(`/v1/bookings/${id}/session-time`, { startsAt: taken })).body.message).toBe('This time is no longer available.')
    expect((await w.client.client.post(`/v1/bookings/${id}/session-time`, { startsAt: 'soon' })).status).toBe(422)
    // The reminder of the old time is not sent for the new one: a new 24-hour reminder is due then.
    const second = waitForNewMail(w.client.user.email, isReminder, 30_000)
    const again = await sweepNotifications(em(), new Date(Date.parse(later) - 24 * HOUR + 60_000))
    expect(again.claimed.reminder_24h).toBeGreaterThanOrEqual(1)
    await second
    expect(DAY).toBe(24 * HOUR)
  })
})
