/**
 * The refund policy: per workshop (else the tenant's, else a full refund at any time), full
 * until X hours before the start, a percentage until Y hours, nothing after. The quote
 * (GET /v1/bookings/{id}/refund-quote) equals what the cancellation refunds at each boundary,
 * to the millisecond (the clock is frozen there); the refund is one refund row of its real
 * amount sent through the durable path, the credit note and the coach's payout follow it; the
 * coach cancelling a booking or a schedule refunds in full; the workshop form's schema gives
 * its messages through the API.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { extractText, getDocumentProxy } from 'unpdf'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { Invoice, Payment } from '../../src/modules/payments/payment.entity'
import { sweepRefunds } from '../../src/modules/payments/refunds'
import { Tenant } from '../../src/modules/tenants/tenant.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { clock } from '../../src/platform/clock'
import { REFUND_POLICY_MESSAGES } from '../../src/shared/refund-policy'
import { type Actor, app, em, superAdmin } from '../client'
import { localStripe, payInBrowser } from '../peers/stripe'
import { expectReauthRequired, reauthenticate } from '../reauth'
import { book, world } from './bookings.fixtures'

afterEach(() => clock.reset())

const HOUR = 3_600_000
const POLICY = { fullRefundHours: 48, partialRefundHours: 24, partialRefundPercent: 50 }

type World = Awaited<ReturnType<typeof world>>

async function paidBooking(w: World, who: Actor = w.client) {
  const b = (await book(who, w.schedule.id)).body.data
  const i = (await who.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, {})).body.data
  await payInBrowser(i.clientSecret)
  const f = await who.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: i.paymentIntentId })
  expect(f.body.data.bookingStatus).toBe('CONFIRMED')
  return b.id as string
}

async function setPolicy(w: World, policy: unknown) {
  const r = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { refundPolicy: policy })
  expect(r.status).toBe(200)
  return r
}

const quote = async (a: Actor, id: string) => a.client.get(`/v1/bookings/${id}/refund-quote`)
const refunds = async (bookingId: string) =>
  (await em().find(Payment, { booking: bookingId, kind: 'refund' } as any, { orderBy: { createdAt: 'asc' } })).map((p) => [p.status, p.amount])
const creditNote = (bookingId: string) => em().findOne(Invoice, { booking: bookingId, kind: 'credit_note' } as any)
const payout = async (w: World) => (await w.coach.client.get(`/v1/payouts/${w.schedule.id}`)).body.data

describe('the refund policy in the workshop form schema', () => {
  test('the coach sets a policy; bad values answer the form messages; null goes back to the default', async () => {
    const w = await world()
    const bad = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, {
      refundPolicy: { fullRefundHours: -1, partialRefundHours: 2.5, partialRefundPercent: 101 },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      'refundPolicy.fullRefundHours': [REFUND_POLICY_MESSAGES.fullRefundHours],
      'refundPolicy.partialRefundHours': [REFUND_POLICY_MESSAGES.partialRefundHours],
      'refundPolicy.partialRefundPercent': [REFUND_POLICY_MESSAGES.partialRefundPercent],
    })
    const order = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, {
      refundPolicy: { fullRefundHours: 12, partialRefundHours: 24, partialRefundPercent: 50 },
    })
    expect(order.status).toBe(422)
    expect(order.body.errors).toEqual({ 'refundPolicy.partialRefundHours': ['Partial refund hours cannot be more than full refund hours'] })
    const missing = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { refundPolicy: { fullRefundHours: 12 } })
    expect(missing.body.errors).toEqual({
      'refundPolicy.partialRefundHours': [REFUND_POLICY_MESSAGES.partialRefundHours],
      'refundPolicy.partialRefundPercent': [REFUND_POLICY_MESSAGES.partialRefundPercent],
    })
    expect((await em().findOneOrFail(Workshop, { id: w.workshop.id } as any, { filters: false })).refundPolicy).toBeNull()

    expect((await setPolicy(w, POLICY)).body.data.refundPolicy).toEqual(POLICY)
    expect((await w.coach.client.get(`/v1/workshops/${w.workshop.id}`)).body.data.refundPolicy).toEqual(POLICY)
    expect((await setPolicy(w, null)).body.data.refundPolicy).toBeNull()
  })
})

describe('refund quote = refund at each boundary', () => {
  for (const [name, offset, amount, percent, tier] of [
    ['more than 48 h before: full', -48 * HOUR - 1, 8000, 100, 'full'],
    ['exactly 48 h before: still full', -48 * HOUR, 8000, 100, 'full'],
    ['just under 48 h: 50%', -48 * HOUR + 1, 4000, 50, 'partial'],
    ['exactly 24 h before: still 50%', -24 * HOUR, 4000, 50, 'partial'],
    ['just under 24 h: nothing', -24 * HOUR + 1, 0, 0, 'none'],
  ] as const) {
    test(name, async () => {
      const w = await world({ price: 8000 })
      await setPolicy(w, POLICY)
      const id = await paidBooking(w)
      clock.freeze(new Date(w.schedule.startDate.getTime() + offset))
      const q = await quote(w.client, id)
      expect(q.status).toBe(200)
      expect(q.body.data).toMatchObject({ amountPaid: 80, refundAmount: amount / 100, percent, tier, appliesPolicy: true, policy: POLICY })
      expect(q.body.data.fullRefundUntil).toBe(new Date(w.schedule.startDate.getTime() - 48 * HOUR).toISOString())
      expect(q.body.data.partialRefundUntil).toBe(new Date(w.schedule.startDate.getTime() - 24 * HOUR).toISOString())

      const c = await w.client.client.post(`/v1/bookings/${id}/cancel`, { reason: 'Plans changed', expectedRefund: q.body.data.refundAmount })
      expect(c.status).toBe(200)
      expect(c.body.data).toMatchObject({ status: 'CANCELLED', refundAmount: amount / 100, amountPaid: 80 })
      await localStripe().settle()
      expect(await refunds(id)).toEqual(amount ? [['succeeded', amount]] : [])
      const payment = await em().findOneOrFail(Payment, { booking: id, kind: 'payment' } as any)
      expect(localStripe().store.objects.get(payment.chargeId!)!.amount_refunded).toBe(amount)
      const note = await creditNote(id)
      if (amount) expect(note?.total).toBe(amount)
      else expect(note).toBeNull()
      // The coach keeps what was not refunded (gross), before the platform fee.
      const p = await payout(w)
      expect(p.revenue).toBe((8000 - amount) / 100)
      expect(Math.round((p.net + p.fee) * 100)).toBe(8000 - amount)
      // The sweep never refunds more than the policy gave.
      await sweepRefunds(em(), new Date(Date.now() + 10 * 60_000))
      expect(await refunds(id)).toEqual(amount ? [['succeeded', amount]] : [])
    })
  }
})

describe('the refund follows the policy everywhere', () => {
  test('a partial refund: one refund row of its real amount, the credit note and its PDF, the mail, the payments list', async () => {
    const w = await world({ price: 4999 })
    await setPolicy(w, { fullRefundHours: 72, partialRefundHours: 0, partialRefundPercent: 33 })
    const id = await paidBooking(w)
    clock.freeze(new Date(w.schedule.startDate.getTime() - 10 * HOUR))
    const q = (await quote(w.client, id)).body.data
    // 33% of 49.99 is 16.4967: rounded to the cent.
    expect(q).toMatchObject({ refundAmount: 16.5, percent: 33, tier: 'partial' })
    expect(q.description).toBe('Full refund until 3 days before the start, 33% until the start, no refund after that.')
    expect((await w.client.client.post(`/v1/bookings/${id}/cancel`, { reason: 'Ill' })).body.data.refundAmount).toBe(16.5)
    await localStripe().settle()
    const list = (await w.client.client.get(`/v1/bookings/${id}/payments`)).body.data
    expect(list.map((p: any) => [p.kind, p.status, p.amount, p.amountRefunded])).toEqual([
      ['payment', 'succeeded', 49.99, 16.5],
      ['refund', 'succeeded', 16.5, 0],
    ])
    const res = await fetch(`${app().url}/v1/payments/bookings/${id}/invoice?document=credit-note`, {
      headers: { authorization: `Bearer ${w.client.client.bearer}` },
    })
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })
    expect(text).toContain('Invoice total')
    expect(text).toContain('49.99 USD')
    expect(text).toContain('-16.50 USD')
    const { waitForMail } = await import('../mail')
    const mail = await waitForMail(w.client.user.email, (m) => m.subject.startsWith('Booking cancelled'))
    expect(mail.text).toContain("Under the workshop's refund policy, 16.50 USD of the 49.99 USD you paid is refunded to your card.")
  })

  test("no policy on the workshop: the tenant's applies; the workshop's own wins; neither: a full refund even after the start", async () => {
    const w = await world({ price: 2000 })
    const m = em()
    const t = await m.findOneOrFail(Tenant, { id: w.tenant.id })
    t.refundPolicy = { fullRefundHours: 24, partialRefundHours: 24, partialRefundPercent: 0 }
    await m.flush()
    const a = await paidBooking(w)
    await setPolicy(w, { fullRefundHours: 1, partialRefundHours: 0, partialRefundPercent: 0 })
    const b = await paidBooking(w)
    t.refundPolicy = null
    await m.flush()
    await setPolicy(w, null)
    const c = await paidBooking(w)
    clock.freeze(new Date(w.schedule.startDate.getTime() - 2 * HOUR))
    expect((await quote(w.client, a)).body.data).toMatchObject({ refundAmount: 0, tier: 'none', partialRefundUntil: null })
    expect((await quote(w.client, a)).body.data.description).toBe('Full refund until 1 day before the start, no refund after that.')
    expect((await quote(w.client, b)).body.data).toMatchObject({ refundAmount: 20, tier: 'full' })
    // Today's behaviour: the API lets a booking be cancelled until the session ends, refunded in full.
    clock.freeze(new Date(w.schedule.startDate.getTime() + HOUR))
    expect((await quote(w.client, c)).body.data).toMatchObject({ refundAmount: 20, tier: 'full', fullRefundUntil: null, policy: null })
    expect((await w.client.client.post(`/v1/bookings/${c}/cancel`, { reason: 'Late' })).body.data.refundAmount).toBe(20)
  })

  test('a booking keeps the policy it was made under: a later change, stricter or kinder, does not reach it; a booking from before terms were kept follows the current one', async () => {
    const w = await world({ price: 5000 })
    await setPolicy(w, POLICY)
    const kept = await paidBooking(w)
    const older = await paidBooking(w)
    const m = em()
    await m.nativeUpdate(Booking, { id: older } as any, { refundTerms: null } as any)
    expect((await m.findOneOrFail(Booking, { id: kept } as any, { filters: false })).refundTerms).toEqual({ policy: POLICY })
    // Stricter: nothing back from a week before the start.
    await setPolicy(w, { fullRefundHours: 168, partialRefundHours: 0, partialRefundPercent: 0 })
    clock.freeze(new Date(w.schedule.startDate.getTime() - 72 * HOUR))
    expect((await quote(w.client, kept)).body.data).toMatchObject({ refundAmount: 50, tier: 'full', policy: POLICY })
    expect((await quote(w.client, older)).body.data).toMatchObject({ refundAmount: 0, percent: 0 })
    // Kinder (a full refund at any time) does not reach the kept booking either: 50% after 48 h.
    await setPolicy(w, null)
    clock.freeze(new Date(w.schedule.startDate.getTime() - 30 * HOUR))
    expect((await quote(w.client, kept)).body.data).toMatchObject({ refundAmount: 25, tier: 'partial' })
    expect((await quote(w.client, older)).body.data).toMatchObject({ refundAmount: 50, tier: 'full' })
    const c = await w.client.client.post(`/v1/bookings/${kept}/cancel`, { reason: 'Plans changed', expectedRefund: 25 })
    expect(c.body.data.refundAmount).toBe(25)
  })

  test('a deadline passing between the quote and the cancel: 409 with the new amount, nothing changed; confirmed again it refunds that', async () => {
    const w = await world({ price: 6000 })
    await setPolicy(w, POLICY)
    const id = await paidBooking(w)
    clock.freeze(new Date(w.schedule.startDate.getTime() - 48 * HOUR))
    const shown = (await quote(w.client, id)).body.data.refundAmount
    expect(shown).toBe(60)
    clock.shift(1)
    const late = await w.client.client.post(`/v1/bookings/${id}/cancel`, { reason: 'Plans changed', expectedRefund: shown })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('The refund for this booking is now 30.00 USD: a refund deadline has passed. Check the amount and confirm again.')
    expect((await w.client.client.get(`/v1/bookings/${id}`)).body.data.status).toBe('CONFIRMED')
    expect(await refunds(id)).toEqual([])
    const ok = await w.client.client.post(`/v1/bookings/${id}/cancel`, { reason: 'Plans changed', expectedRefund: 30 })
    expect(ok.body.data.refundAmount).toBe(30)
  })

  test('after a move to a cheaper date, the refund is computed on what the booking still holds', async () => {
    const w = await world({ price: 8000, startInDays: 6 })
    const id = await paidBooking(w)
    // The coach lowers the price; the client moves to another date at the new price: 20.00 back.
    const m = em()
    const { WorkshopSchedule } = await import('../../src/modules/workshops/schedule.entity')
    const later = m.create(WorkshopSchedule, {
      tenant: w.tenant.id,
      coach: w.coach.user.id,
      workshop: w.workshop.id,
      startDate: new Date(w.schedule.startDate.getTime() + 3 * 24 * HOUR),
      endDate: new Date(w.schedule.startDate.getTime() + 3 * 24 * HOUR + 3 * HOUR),
      timezone: 'Europe/London',
      level: 'BEGINNER',
      status: 'PUBLISHED',
      visibility: 'PUBLIC',
      mode: 'ONLINE',
      meetingUrl: 'https://meet.example/y',
      seatsTaken: 0,
    } as any)
    await m.flush()
    expect((await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { price: 60, refundPolicy: POLICY })).status).toBe(200)
    const moved = await w.client.client.post(`/v1/bookings/${id}/reschedule`, { workshopScheduleId: later.id })
    expect(moved.status).toBe(200)
    await localStripe().settle()
    expect(await refunds(id)).toEqual([['succeeded', 2000]])
    const q = (await quote(w.client, id)).body.data
    expect(q).toMatchObject({ amountPaid: 60, refundAmount: 60, tier: 'full' })
    expect((await w.client.client.post(`/v1/bookings/${id}/cancel`, { reason: 'Cannot come', expectedRefund: 60 })).body.data.refundAmount).toBe(60)
    expect(await refunds(id)).toEqual([
      ['succeeded', 2000],
      ['succeeded', 6000],
    ])
    // The sweep owes nothing more: the cancellation's own refund went through.
    await sweepRefunds(em(), new Date(Date.now() + 10 * 60_000))
    expect((await refunds(id)).length).toBe(2)
  })

  test('the client cancelling through PATCH is under the policy too', async () => {
    const w = await world({ price: 3000 })
    await setPolicy(w, POLICY)
    const id = await paidBooking(w)
    clock.freeze(new Date(w.schedule.startDate.getTime() - 30 * HOUR))
    const r = await w.client.client.patch(`/v1/bookings/${id}`, { status: 'CANCELLED', cancellationReason: 'Busy' })
    expect(r.status).toBe(200)
    expect(r.body.data.refundAmount).toBe(15)
    expect(await refunds(id)).toEqual([['succeeded', 1500]])
  })

  test('the coach cancelling a booking or the whole schedule refunds in full, whatever the policy', async () => {
    const w = await world({ price: 5000, maxSeats: 5 })
    await setPolicy(w, POLICY)
    const one = await paidBooking(w)
    const two = await paidBooking(w)
    clock.freeze(new Date(w.schedule.startDate.getTime() - HOUR))
    const coachQuote = (await quote(w.coach, one)).body.data
    expect(coachQuote).toMatchObject({ refundAmount: 50, tier: 'full', appliesPolicy: false, fullRefundUntil: null })
    expect((await quote(w.client, one)).body.data).toMatchObject({ refundAmount: 0, tier: 'none', appliesPolicy: true })
    // Beyond the client's policy a coach's refund is a sensitive action: the second check first.
    expectReauthRequired(await w.coach.client.post(`/v1/bookings/${one}/cancel`, { reason: 'Room flooded' }))
    await reauthenticate(w.coach)
    expect((await w.coach.client.post(`/v1/bookings/${one}/cancel`, { reason: 'Room flooded' })).body.data.refundAmount).toBe(50)
    const admin = await superAdmin()
    expect((await quote(admin, two)).body.data.refundAmount).toBe(50)
    expect((await w.coach.client.post(`/v1/workshop-schedules/${w.schedule.id}/cancel`, { reason: 'Coach ill' })).status).toBe(200)
    await localStripe().settle()
    expect(await refunds(one)).toEqual([['succeeded', 5000]])
    expect(await refunds(two)).toEqual([['succeeded', 5000]])
    expect((await payout(w)).revenue).toBe(0)
  })

  test('who may ask: a stranger gets 404; a cancelled booking has no quote (409)', async () => {
    const w = await world({ price: 1000 })
    const id = await paidBooking(w)
    const { actor } = await import('../client')
    expect((await quote(await actor(), id)).status).toBe(404)
    expect((await w.client.client.post(`/v1/bookings/${id}/cancel`, { reason: 'x' })).status).toBe(200)
    expect((await quote(w.client, id)).status).toBe(409)
    const bad = await w.client.client.post(`/v1/bookings/${id}/cancel`, { reason: 'x', expectedRefund: 'ten' })
    expect(bad.status).toBe(422)
  })
})
