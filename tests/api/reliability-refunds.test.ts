/**
 * Refunds are never lost: the refund of a cancelled paid booking is recorded in the cancel
 * transaction, sent with its own idempotency key, retried by a job when the provider fails,
 * and a sweep refunds any cancelled paid booking left without one. Each time: exactly one
 * refund at the provider.
 */
import { describe, expect, test } from 'bun:test'
import type { EntityManager } from '@mikro-orm/postgresql'
import { cancelBooking } from '../../src/modules/bookings/booking.service'
import { runNow } from '../../src/platform/jobs'
import { em } from '../client'
import { localStripe } from '../peers/stripe'
import { world } from './bookings.fixtures'
import { checkout } from './checkout.fixtures'

const paymentsOf = async (c: any, id: string) => (await c.client.get(`/v1/bookings/${id}/payments`)).body.data as any[]
const providerRefunds = (paymentIntentId: string) =>
  [...localStripe().store.objects.values()].filter((o: any) => o.object === 'refund' && o.payment_intent === paymentIntentId)

async function paidBooking(price = 3000) {
  const w = await world({ price })
  const done = await checkout(w.client, w.schedule.id)
  expect(done).toMatchObject({ ok: true })
  const [payment] = await paymentsOf(w.client, done.bookingId!)
  return { w, bookingId: done.bookingId!, paymentIntentId: payment.paymentIntentId as string, chargeId: payment.chargeId as string }
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms
  let v = await fn()
  while (!ok(v) && Date.now() < end) {
    await Bun.sleep(250)
    v = await fn()
  }
  return v
}

describe('reliability: durable refunds', () => {
  test('the provider fails: the refund is recorded with the cancellation, then a job completes it exactly once', async () => {
    const { w, bookingId, paymentIntentId, chargeId } = await paidBooking()
    // The provider fails the send after the cancel and the job's first run (the SDK itself
    // tries each call three times).
    localStripe().failNext('POST', '/v1/refunds', 6)
    const c = await w.client.client.post(`/v1/bookings/${bookingId}/cancel`, { reason: 'Cannot attend' })
    expect(c.status).toBe(200)
    expect(c.body.data.status).toBe('CANCELLED')
    // Committed with the cancellation: a pending refund of the whole amount.
    const [row] = await em().execute(`select status, amount, refund_id from payments where booking_id = ? and kind = 'refund'`, [bookingId])
    expect(row).toMatchObject({ status: 'pending', amount: 3000, refund_id: null })
    expect(providerRefunds(paymentIntentId)).toHaveLength(0)

    // The retrying job sends it.
    const list = await until(
      () => paymentsOf(w.client, bookingId),
      (l) => l.some((p) => p.kind === 'refund' && p.status === 'succeeded'),
    )
    expect(list.map((p) => [p.kind, p.status, p.amount])).toEqual([
      ['payment', 'refunded', 30],
      ['refund', 'succeeded', 30],
    ])
    expect(providerRefunds(paymentIntentId)).toHaveLength(1)
    expect(localStripe().store.objects.get(chargeId)!.amount_refunded).toBe(3000)

    // Sending again (job redelivery, sweep) changes nothing.
    await runNow('payments.send-refund', { refundId: list[1].id })
    await runNow('payments.sweep-refunds')
    expect(providerRefunds(paymentIntentId)).toHaveLength(1)
    expect((await paymentsOf(w.client, bookingId)).filter((p) => p.kind === 'refund')).toHaveLength(1)
  }, 60_000)

  test('a paid booking cancelled without any refund (a crash after the commit) is refunded by the sweep, once', async () => {
    const { w, bookingId, paymentIntentId, chargeId } = await paidBooking(2000)
    // What a crash between committing CANCELLED and calling the provider used to leave behind.
    await em().execute(`update bookings set status = 'CANCELLED', cancellation_reason = 'Crashed', cancelled_at = now() where id = ?`, [bookingId])
    expect(providerRefunds(paymentIntentId)).toHaveLength(0)
    // Cancelling again is refused, so only the sweep can repair it.
    expect((await w.client.client.post(`/v1/bookings/${bookingId}/cancel`, { reason: 'again' })).status).toBe(409)

    await runNow('payments.sweep-refunds')
    const list = await until(
      () => paymentsOf(w.client, bookingId),
      (l) => l.some((p) => p.kind === 'refund' && p.status === 'succeeded'),
    )
    expect(list.map((p) => [p.kind, p.status, p.amount])).toEqual([
      ['payment', 'refunded', 20],
      ['refund', 'succeeded', 20],
    ])
    expect(localStripe().store.objects.get(chargeId)!.amount_refunded).toBe(2000)
    await runNow('payments.sweep-refunds')
    expect(providerRefunds(paymentIntentId)).toHaveLength(1)
  }, 60_000)

  test("cancelled inside a caller's own transaction: the refund goes out after that commit, and never on rollback", async () => {
    const kept = await paidBooking(1500)
    await em().transactional(async (tem) => {
      await cancelBooking(tem as EntityManager, kept.bookingId, 'Inside a transaction')
      // Not committed yet: nothing may have reached the provider.
      expect(providerRefunds(kept.paymentIntentId)).toHaveLength(0)
    })
    await until(
      async () => providerRefunds(kept.paymentIntentId).length,
      (n) => n > 0,
      10_000,
    )
    expect(providerRefunds(kept.paymentIntentId)).toHaveLength(1)

    const undone = await paidBooking(1500)
    await em()
      .transactional(async (tem) => {
        await cancelBooking(tem as EntityManager, undone.bookingId, 'Rolled back')
        throw new Error('rollback')
      })
      .catch(() => {})
    await Bun.sleep(1000)
    expect(providerRefunds(undone.paymentIntentId)).toHaveLength(0)
    const [b] = await em().execute('select status from bookings where id = ?', [undone.bookingId])
    expect(b.status).toBe('CONFIRMED')
  }, 60_000)
})
