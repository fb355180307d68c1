/**
 * Coach-area server capabilities: cancelling a schedule (bookings cancelled with the reason,
 * paid ones refunded in the local Stripe server, every attendee mailed), the payout ledger CSV,
 * the workshop calendar feed, uploads, unlinking Multiplai, and fixed SQL statement counts of
 * the coach pages at 10 and 100 bookings.
 */
import { describe, expect, test } from 'bun:test'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { actor, em } from '../client'
import { waitForMail } from '../mail'
import { localStripe, payInBrowser } from '../peers/stripe'
import { reauthenticate } from '../reauth'
import { book, world } from './bookings.fixtures'
import { book as bookRow } from './catalogue.bookings'
import { coachBusiness, pageClient } from './coach.fixtures'
import { minStatements, withoutKeptPages } from './sql-counter'

async function paidBooking(w: Awaited<ReturnType<typeof world>>, client: Awaited<ReturnType<typeof actor>>, seats = 1) {
  const b = (await book(client, w.schedule.id, { seats })).body.data
  const intent = (await client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, {})).body.data
  await payInBrowser(intent.clientSecret)
  const f = await client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: intent.paymentIntentId })
  expect(f.status).toBe(200)
  return b.id as string
}

describe('cancel a schedule', () => {
  test('cancels every open booking with the reason, refunds the paid ones in Stripe, mails bookers and seat holders, archives the schedule', async () => {
    const w = await world({ price: 4500 })
    const [c1, c2, c3] = [await actor(), await actor(), await actor()]
    const paid1 = await paidBooking(w, c1, 2)
    const paid2 = await paidBooking(w, c2)
    const pending = (await book(c3, w.schedule.id)).body.data.id as string
    // A guest on the first booking's second seat.
    const seats = (await c1.client.get(`/v1/bookings/${paid1}/seats`)).body.data
    const guestEmail = `guest-${Date.now()}@test.example`
    expect((await c1.client.patch(`/v1/booking-seats/${seats[1].id}`, { email: guestEmail })).status).toBe(200)

    // Rules first: a reason is required (section 5 message), strangers and other coaches may not.
    const missing = await w.coach.client.post(`/v1/workshop-schedules/${w.schedule.id}/cancel`, {})
    expect(missing.status).toBe(422)
    expect(missing.body.errors.reason).toEqual(['A reason is required to cancel a booking'])
    expect((await c1.client.post(`/v1/workshop-schedules/${w.schedule.id}/cancel`, { reason: 'x' })).status).toBe(403)

    const r = await w.coach.client.post(`/v1/workshop-schedules/${w.schedule.id}/cancel`, { reason: 'The coach is ill' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ cancelled: 3, refunded: 2 })
    await localStripe().settle()
    const rows = await em().find(Booking, { id: { $in: [paid1, paid2, pending] } }, { filters: false })
    expect(rows.map((b) => [b.status, b.cancellationReason])).toEqual(rows.map(() => ['CANCELLED', 'The coach is ill']))
    for (const id of [paid1, paid2]) {
      const list = (await w.coach.client.get(`/v1/bookings/${id}/payments`)).body.data
      const payment = list.find((p: any) => p.kind === 'payment')
      expect(localStripe().store.objects.get(payment.chargeId)!.amount_refunded).toBe(payment.amount * 100)
      expect(list.some((p: any) => p.kind === 'refund' && p.status === 'succeeded')).toBe(true)
    }
    const s = await em().findOneOrFail(WorkshopSchedule, { id: w.schedule.id }, { filters: false })
    expect(s.status).toBe('ARCHIVED')
    expect(s.seatsTaken).toBe(0)
    for (const who of [c1.user.email, c2.user.email, c3.user.email]) await waitForMail(who, (m) => /cancelled/i.test(m.subject))
    const guestMail = await waitForMail(guestEmail, (m) => /Cancelled/.test(m.subject))
    expect(guestMail.text).toContain('The coach is ill')
    // Nothing left to cancel; an ended schedule cannot be cancelled.
    expect((await w.coach.client.post(`/v1/workshop-schedules/${w.schedule.id}/cancel`, { reason: 'again' })).body.data).toMatchObject({ cancelled: 0 })
  }, 60_000)

  test('30 cancels of one schedule at once: none fails or hangs, each paid booking is refunded exactly once', async () => {
    const w = await world({ price: 3000 })
    const [c1, c2] = [await actor(), await actor()]
    const paid = [await paidBooking(w, c1), await paidBooking(w, c2, 2)]
    // Refunds in full beyond the bookings' policy: a sensitive action, so the coach's second check first.
    await reauthenticate(w.coach)
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => w.coach.client.post(`/v1/workshop-schedules/${w.schedule.id}/cancel`, { reason: 'Venue closed' })),
    )
    expect(answers.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([])
    // Across all answers the bookings were cancelled and refunded once each.
    const ok = answers.filter((r) => r.status === 200).map((r) => r.body.data)
    expect(ok.reduce((n, d) => n + d.cancelled, 0)).toBe(2)
    expect(ok.reduce((n, d) => n + d.refunded, 0)).toBe(2)
    await localStripe().settle()
    for (const id of paid) {
      const list = (await w.coach.client.get(`/v1/bookings/${id}/payments`)).body.data
      expect(list.filter((p: any) => p.kind === 'refund')).toHaveLength(1)
      const payment = list.find((p: any) => p.kind === 'payment')
      expect(localStripe().store.objects.get(payment.chargeId)!.amount_refunded).toBe(payment.amount * 100)
    }
    const s = await em().fork().findOneOrFail(WorkshopSchedule, { id: w.schedule.id }, { filters: false })
    expect(s.seatsTaken).toBe(0)
  }, 90_000)
})

describe('payout ledger, calendar feed, uploads', () => {
  test('CSV of the ledger (own schedules only), .ics feed of a workshop, pictures public, resource files private', async () => {
    const biz = await coachBusiness(5)
    const csv = await biz.coach.client.get('/v1/coach/payouts.csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0]).toBe(
      '"Schedule","Workshop","Start","End","Time zone","Bookings","Seats","Currency","Gross","Refunds","Platform fee","Net","Transferred","Status","Paid at"',
    )
    expect(lines.length).toBe(3)
    expect(lines.join('\n')).toContain(biz.workshop.title)
    expect((await biz.other.client.get('/v1/coach/payouts.csv')).body).not.toContain(biz.workshop.title)
    expect((await biz.client.client.get('/v1/coach/payouts.csv')).status).toBe(403)

    const ics = await biz.coach.client.get(`/v1/workshops/${biz.workshop.id}/calendar.ics`)
    expect(ics.status).toBe(200)
    expect((ics.body as string).match(/BEGIN:VEVENT/g)?.length).toBe(2)
    expect(ics.body).toContain('BEGIN:VTIMEZONE')
    expect((await biz.other.client.get(`/v1/workshops/${biz.workshop.id}/calendar.ics`)).status).toBe(404)

    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
      c.charCodeAt(0),
    )
    const form = new FormData()
    form.append('file', new File([png], 'cover.png', { type: 'image/png' }))
    const up = await biz.coach.client.post(`/v1/workshops/${biz.workshop.id}/image`, form)
    expect(up.status).toBe(201)
    expect(up.body.data.absoluteUrl).toEndWith(up.body.data.url)
    expect((await fetch(`${(await import('../client')).app().url}${up.body.data.url}`)).status).toBe(200)
    expect((await biz.coach.client.patch(`/v1/workshops/${biz.workshop.id}`, { image: up.body.data.absoluteUrl })).status).toBe(200)
    const notMine = new FormData()
    notMine.append('file', new File([png], 'cover.png', { type: 'image/png' }))
    expect((await biz.other.client.post(`/v1/workshops/${biz.workshop.id}/image`, notMine)).status).toBe(403)
    const doc = new FormData()
    doc.append('file', new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    const file = await biz.coach.client.post(`/v1/workshops/${biz.workshop.id}/resource-files`, doc)
    expect(file.status).toBe(201)
    expect((await biz.other.client.get(file.body.data.url)).status).toBe(404)
  }, 60_000)
})

describe('coach pages: statements', () => {
  test('/c, /c/bookings, /c/workshops/{id}, /c/bookings/{id} send the same number of SQL statements at 10 and at 100 bookings', async () => {
    const counts: Record<string, number[]> = {}
    for (const n of [10, 100]) {
      const biz = await coachBusiness(0)
      const rows = []
      for (let i = 0; i < n; i++)
        rows.push(
          bookRow({
            tenantId: biz.tenant.id,
            scheduleId: i % 2 ? biz.past.id : biz.coming.id,
            userId: biz.client.user.id,
            seats: 1,
            status: i % 3 ? 'CONFIRMED' : 'COMPLETED',
            amountPaid: 5000,
          }),
        )
      const made = await Promise.all(rows)
      const page = await pageClient(biz.coach.user)
      for (const path of ['/c', '/c/bookings', `/c/workshops/${biz.workshop.id}`, `/c/bookings/${made[0].booking.id}`, '/c/account/payouts', '/c/feedbacks']) {
        const key = path.replace(/[0-9a-f-]{36}/, '{id}')
        // The statements of a render (kept pages off: tests/api/page-memo.test.ts covers them).
        const { result, statements } = await withoutKeptPages(() => minStatements(() => page.get(path)))
        expect(result.status).toBe(200)
        ;(counts[key] ??= []).push(statements)
      }
    }
    for (const [path, [ten, hundred]] of Object.entries(counts)) expect({ path, statements: hundred }).toEqual({ path, statements: ten })
  }, 120_000)
})
