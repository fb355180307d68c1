/**
 * Bookings written straight to the database for catalogue tests (the bookings API is tested on
 * its own). A paid booking gets its card payment row (and a cancelled paid one its refund), as
 * the payment flow leaves them, so payouts see its money.
 */

import { Booking, BookingSeat } from '../../src/modules/bookings/booking.entity'
import { Payment } from '../../src/modules/payments/payment.entity'
import { em } from '../client'

export async function book(opts: {
  tenantId: string
  scheduleId: string
  userId: string
  seats?: number
  status?: string
  amountPaid?: number
  guests?: { userId?: string; email?: string; status?: string }[]
}) {
  const m = em()
  const booking = m.create(Booking, {
    id: Bun.randomUUIDv7(),
    tenant: opts.tenantId,
    user: opts.userId,
    workshopSchedule: opts.scheduleId,
    seats: opts.seats ?? 1,
    status: opts.status ?? 'CONFIRMED',
    amountTotal: opts.amountPaid ?? 0,
    amountDue: opts.amountPaid ?? 0,
    amountPaid: opts.amountPaid ?? 0,
  } as any)
  const seats = [m.create(BookingSeat, { tenant: opts.tenantId, booking, user: opts.userId, status: 'ACCEPTED' } as any)]
  for (const g of opts.guests ?? [])
    seats.push(m.create(BookingSeat, { tenant: opts.tenantId, booking, user: g.userId ?? null, email: g.email ?? null, status: g.status ?? 'ACCEPTED' } as any))
  const paid = opts.amountPaid ?? 0
  if (paid > 0) {
    const refunded = booking.status === 'CANCELLED'
    const pi = `pi_fixture_${booking.id}`
    const common = { tenant: opts.tenantId, booking, user: opts.userId, currency: 'usd', provider: 'stripe', paymentIntentId: pi }
    m.create(Payment, {
      ...common,
      kind: 'payment',
      status: refunded ? 'refunded' : 'succeeded',
      amount: paid,
      amountRefunded: refunded ? paid : 0,
      chargeId: `ch_fixture_${booking.id}`,
    } as any)
    if (refunded) m.create(Payment, { ...common, kind: 'refund', status: 'succeeded', amount: paid, refundId: `re_fixture_${booking.id}` } as any)
  }
  await m.flush()
  return { booking, seats }
}
