/**
 * Paying the price difference of a move to another date: one PaymentIntent per pending
 * reschedule (its id keys the provider call, so asking twice gives the same intent), confirmed
 * in the browser like a checkout. When it succeeds, syncIntent (finalize or the webhook) calls
 * the bookings module's completeReschedule, which makes the move.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { lockRow, transaction } from '../../platform/db/after-commit'
import { conflict, fieldError, notFound } from '../../platform/http/errors'
import { allTenants, type Booking, BookingReschedule } from '../bookings'
import type { User } from '../users'
import { ensureCustomer } from './customers'
import { Payment } from './payment.entity'
import { syncIntent } from './payment.service'
import { stripe } from './stripe'
import { callStripe } from './stripe-errors'

export async function createRescheduleIntent(em: EntityManager, user: User, booking: Booking, r: BookingReschedule) {
  if (r.status !== 'PENDING' || r.difference <= 0) throw conflict('This move has nothing to pay.')
  const customer = await ensureCustomer(em, user)
  const pi = await callStripe(() =>
    stripe().paymentIntents.create(
      {
        amount: r.difference,
        currency: r.currency,
        customer,
        allowed_payment_method_types: ['card'],
        description: `Booking ${booking.id}: move to another date`,
        receipt_email: user.email,
        metadata: { bookingId: booking.id, rescheduleId: r.id, tenantId: booking.tenant.id, userId: user.id },
      },
      { idempotencyKey: `summit-pi-reschedule-${r.id}` },
    ),
  )
  // One pending payment row per intent, made under the booking's lock (two calls at once make one).
  await transaction(allTenants(em.fork() as EntityManager), async (tem) => {
    await lockRow(tem, 'bookings', booking.id)
    if (await tem.findOne(Payment, { paymentIntentId: pi.id, kind: 'payment' })) return
    tem.create(Payment, {
      tenant: booking.tenant.id,
      booking: booking.id,
      user: user.id,
      kind: 'payment',
      status: 'pending',
      amount: r.difference,
      currency: r.currency,
      provider: 'stripe',
      paymentIntentId: pi.id,
      reason: 'Price difference of a move to another date',
    })
    await tem.flush()
  })
  return pi
}

/** The browser confirmed the card payment: the intent must be this move's; the move is made if it succeeded. */
export async function finalizeReschedule(em: EntityManager, booking: Booking, paymentIntentId: string) {
  const pi = await callStripe(() => stripe().paymentIntents.retrieve(paymentIntentId), 'paymentIntentId')
  const rescheduleId = pi.metadata?.rescheduleId
  if (pi.metadata?.bookingId !== booking.id || !rescheduleId) throw fieldError('paymentIntentId', 'This payment does not belong to this booking.')
  const result = await syncIntent(em, pi.id)
  if (result.pi.status !== 'succeeded') {
    const why = result.pi.last_payment_error?.message
    throw conflict(why ? `The payment did not go through: ${why}` : `The payment is not complete yet (status ${result.pi.status}).`)
  }
  const r = await allTenants(em.fork() as EntityManager).findOne(BookingReschedule, { id: rescheduleId })
  if (!r) throw notFound('Reschedule')
  if (r.status !== 'DONE' || r.paymentIntentId !== pi.id)
    throw conflict('The booking could no longer be moved to this date (its seats were taken meanwhile); the payment has been refunded.')
  return r
}
