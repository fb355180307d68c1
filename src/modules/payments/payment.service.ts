/**
 * Paying a booking with a Stripe PaymentIntent.
 *
 *  - createBookingIntent: the amount is the booking's amountDue (seats x price - voucher,
 *    computed by the bookings module when it was made), never a number from the client.
 *  - syncIntent: the one place an intent's state reaches our database. Finalize, the webhook
 *    and saved-card payments all re-fetch the intent from Stripe and call it, under the
 *    booking's row lock, so duplicates and events in any order end in the same state.
 *  - A payment that succeeds when the booking can no longer be confirmed (hold expired and
 *    seats gone, cancelled meanwhile, paid twice) is refunded at once.
 *
 * Every create/confirm/refund carries an idempotency key made of our own ids.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type Stripe from 'stripe'
import { clock } from '../../platform/clock'
import { afterCommit, lockRow, transaction } from '../../platform/db/after-commit'
import { conflict, fieldError, HttpError, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { log } from '../../platform/log'
import { countPayment } from '../../platform/metrics'
import { allTenants, Booking, completeReschedule, confirmBooking } from '../bookings'
import type { User } from '../users'
import { ensureCustomer, payableCard, tidySavedCard } from './customers'
import { issueDocument } from './invoice.service'
import { Payment, type PaymentStatus } from './payment.entity'
import { recordRefund, refundBookingDurably, sendOrQueue } from './refunds'
import { stripe } from './stripe'
import { callStripe } from './stripe-errors'

/** Issues an invoice or credit note in a transaction of its own (idempotent per booking and kind). */
export async function issueDocumentNow(bookingId: string, kind: 'invoice' | 'credit_note') {
  const { getOrm } = await import('../../platform/db/current')
  await transaction(getOrm().em.fork() as EntityManager, async (t) => {
    // Booking first, then the tenant's counter: the lock order of every booking path.
    if (await lockRow(t, 'bookings', bookingId)) await issueDocument(t, bookingId, kind)
  })
}

async function refundBookingPaymentDurably(tem: EntityManager, payment: Payment, reason: string) {
  const row = await recordRefund(tem, payment, reason)
  if (row) await afterCommit(tem, () => sendOrQueue([row.id]))
}

export const LATE_PAYMENT_REASON = 'Paid after the booking could no longer be confirmed'
export const LATE_RESCHEDULE_REASON = 'Paid after the move to another date could no longer be made'

/** The booking row alone, locked (see lockBooking in the bookings module for the lock order). */
async function lockBooking(em: EntityManager, id: string) {
  allTenants(em)
  if (!(await lockRow(em, 'bookings', id))) throw notFound('Booking')
  const b = await em.findOne(Booking, { id }, { refresh: true })
  if (!b) throw notFound('Booking')
  return b
}

const outstanding = (b: Booking) => Math.max(b.amountDue - b.amountPaid, 0)

/**
 * An intent for what the booking still owes. An open intent of the same amount is reused (a
 * reload of the checkout does not pile up intents). With `paymentMethodId` (a saved card) the
 * intent is confirmed on the server at once and its result applied.
 */
export async function createBookingIntent(
  em: EntityManager,
  user: User,
  bookingId: string,
  opts: { paymentMethodId?: string | null; savePaymentMethod?: boolean } = {},
) {
  allTenants(em)
  const booking = await em.findOne(Booking, { id: bookingId })
  if (!booking || booking.user.id !== user.id) throw notFound('Booking')
  if (booking.status !== 'PENDING') {
    throw conflict(booking.status === 'CONFIRMED' ? 'This booking is already paid.' : `A ${booking.status} booking cannot be paid.`)
  }
  const amount = outstanding(booking)
  if (amount === 0) throw conflict('This booking has nothing to pay.')
  if (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= clock.now().getTime()) {
    throw conflict('The hold on these seats has expired. Please book again.')
  }
  const customer = await ensureCustomer(em, user)
  // A saved card pays only if it is this user's and not expired (422 on paymentMethodId).
  if (opts.paymentMethodId) await payableCard(user, opts.paymentMethodId)
  const futureUsage = opts.savePaymentMethod ? 'off_session' : null

  // Under the booking's lock (a short transaction, no provider call inside): concurrent
  // checkouts of one booking share one Payment row, hence one idempotency key and one intent.
  const pick = (fresh: boolean) =>
    transaction(em.fork() as EntityManager, async (tem) => {
      await lockBooking(tem, booking.id)
      const open = fresh
        ? null
        : await tem.findOne(
            Payment,
            { booking: booking.id, kind: 'payment', status: 'pending', chargeId: null, amount, currency: booking.currency },
            { orderBy: { createdAt: 'desc' } },
          )
      if (open) return open
      const row = tem.create(Payment, {
        id: Bun.randomUUIDv7(), // known before the flush: it keys the Stripe call
        tenant: booking.tenant.id,
        booking: booking.id,
        user: user.id,
        kind: 'payment',
        status: 'pending',
        amount,
        currency: booking.currency,
        provider: 'stripe',
      })
      await tem.flush()
      return row
    })
  const createFor = async (row: Payment) => {
    try {
      const created = await callStripe(() =>
        stripe().paymentIntents.create(
          {
            amount,
            currency: booking.currency,
            customer,
            allowed_payment_method_types: ['card'],
            description: `Booking ${booking.id}`,
            receipt_email: user.email,
            metadata: { bookingId: booking.id, paymentId: row.id, tenantId: booking.tenant.id, userId: user.id },
            ...(futureUsage ? { setup_future_usage: futureUsage } : {}),
          },
          { idempotencyKey: `summit-pi-${row.id}` },
        ),
      )
      await em.fork().nativeUpdate(Payment, { id: row.id }, { paymentIntentId: created.id })
      row.paymentIntentId = created.id
      return created
    } catch (err) {
      // Not left open: the next checkout makes a fresh row (and key).
      await em
        .fork()
        .nativeUpdate(
          Payment,
          { id: row.id, paymentIntentId: null },
          { status: 'failed', failureMessage: (err instanceof Error ? err.message : 'The payment could not be started.').slice(0, 500) },
        )
        .catch(() => {})
      throw err
    }
  }
  let payment = await pick(false)
  let pi: Stripe.PaymentIntent
  if (payment.paymentIntentId) {
    let existing = await callStripe(() => stripe().paymentIntents.retrieve(payment.paymentIntentId!))
    // An intent still waiting for a card (or for the 3-D Secure step of an earlier try) is reused.
    if (['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(existing.status) && existing.amount === amount) {
      if ((existing.setup_future_usage ?? null) !== futureUsage) {
        existing = await callStripe(() => stripe().paymentIntents.update(existing.id, { setup_future_usage: futureUsage ?? '' }))
      }
      pi = existing
    } else {
      payment = await pick(true)
      pi = await createFor(payment)
    }
  } else pi = await createFor(payment)

  if (opts.paymentMethodId) {
    const pmId = opts.paymentMethodId
    // No key of our own: an intent succeeds once whatever confirms it, and a retry after a
    // refused 3-D Secure step must reach the provider again (the SDK keys its own network retries).
    // A card that asks for 3-D Secure leaves the intent in requires_action: the answer carries
    // the client secret and the browser completes the step (Stripe.js handleNextAction), then finalizes.
    const confirmed = await stripe()
      .paymentIntents.confirm(pi.id, { payment_method: pmId })
      .catch((err) => err)
    const fresh = await syncIntent(em, pi.id)
    if (confirmed instanceof Error) {
      const message =
        (confirmed as { type?: string }).type === 'StripeCardError' || (confirmed as { rawType?: string }).rawType === 'card_error'
          ? confirmed.message
          : 'The payment could not be completed with this card.'
      throw fieldError('paymentMethodId', message)
    }
    return { pi: fresh.pi, payment: fresh.payment ?? payment, booking: fresh.booking }
  }
  return { pi, payment, booking }
}

/** Retrieves the intent (with its charges) from Stripe and applies it; see the file comment. */
export async function syncIntent(em: EntityManager, paymentIntentId: string) {
  const pi = await callStripe(() => stripe().paymentIntents.retrieve(paymentIntentId), 'paymentIntentId')
  const bookingId = pi.metadata?.bookingId
  if (!bookingId) return { pi, booking: null, payment: null }
  // Stripe lists newest first; oldest first here (stable for charges of the same second).
  const charges = (await callStripe(() => stripe().charges.list({ payment_intent: pi.id, limit: 100 }))).data.reverse().sort((a, b) => a.created - b.created)

  const result = await transaction(em.fork() as EntityManager, async (tem) => {
    const booking = await lockBooking(tem, bookingId).catch(() => null)
    if (!booking) return { booking: null, payment: null }
    let current: Payment | null = null
    for (const charge of charges) {
      current = await recordCharge(tem, booking, pi, charge)
      await tem.flush() // the next charge's lookups must see this one
    }
    if (!charges.length) {
      current = await tem.findOne(Payment, { paymentIntentId: pi.id, kind: 'payment', chargeId: null })
      if (current && pi.status === 'canceled' && current.status !== 'canceled') {
        current.status = 'canceled'
        void afterCommit(tem, () => countPayment('canceled'))
      }
    }
    await tem.flush()
    if (pi.status === 'succeeded' && current) {
      const paid = current
      // The price difference of a move to another date: the move is made now (or refunded when it can no longer be).
      const rescheduleId = pi.metadata?.rescheduleId
      if (rescheduleId) {
        try {
          // A savepoint: a move refused half-way leaves nothing behind but the refund below.
          await transaction(tem, (sp) => completeReschedule(sp, rescheduleId, { amount: pi.amount_received || pi.amount, paymentIntentId: pi.id }))
        } catch (err) {
          if (!(err instanceof HttpError) || err.status !== 409) throw err
          log.warn({ bookingId: booking.id, paymentIntentId: pi.id, reason: err.message }, 'paid move can no longer be made: refunding')
          await refundBookingPaymentDurably(tem, paid, LATE_RESCHEDULE_REASON)
        }
        return { booking, payment: paid }
      }
      if (booking.status === 'CONFIRMED' && booking.paymentTransactionId === pi.id) return { booking, payment: paid }
      try {
        const method = paid.cardBrand ? `card:${paid.cardBrand}` : 'card'
        await confirmBooking(tem, booking.id, { amountPaid: pi.amount_received || pi.amount, paymentMethod: method.slice(0, 64), paymentTransactionId: pi.id })
        // Numbered from the tenant's counter row: in a short transaction of its own after the
        // commit, so concurrent payments of one tenant never queue on that row while holding
        // their booking locks (the invoice route also issues a missing one on demand).
        const paidBookingId = booking.id
        await afterCommit(tem, () => issueDocumentNow(paidBookingId, 'invoice'))
      } catch (err) {
        if (!(err instanceof HttpError) || err.status !== 409) throw err
        log.warn({ bookingId: booking.id, paymentIntentId: pi.id, reason: err.message }, 'payment cannot confirm its booking: refunding')
        void afterCommit(tem, () => countPayment('late'))
        // Recorded with the payment, sent after the commit (retried by a job if it fails).
        await refundBookingPaymentDurably(tem, paid, LATE_PAYMENT_REASON)
      }
    }
    return { booking, payment: current }
  })
  const booking = result.booking ? await em.fork().findOne(Booking, { id: result.booking.id }, { filters: false }) : null
  return { pi, booking, payment: result.payment }
}

/** One Payment row per charge (attempt). The first charge takes over the row made with the intent. */
async function recordCharge(tem: EntityManager, booking: Booking, pi: Stripe.PaymentIntent, charge: Stripe.Charge) {
  let row = await tem.findOne(Payment, { chargeId: charge.id })
  row ??= await tem.findOne(Payment, { paymentIntentId: pi.id, kind: 'payment', chargeId: null })
  row ??= tem.create(Payment, {
    tenant: booking.tenant.id,
    booking: booking.id,
    user: booking.user.id,
    kind: 'payment',
    amount: charge.amount,
    currency: charge.currency,
    provider: 'stripe',
    paymentIntentId: pi.id,
  })
  const card = charge.payment_method_details?.card
  const status: PaymentStatus = charge.status === 'succeeded' ? (charge.refunded ? 'refunded' : 'succeeded') : charge.status === 'failed' ? 'failed' : 'pending'
  const lastError = pi.last_payment_error?.charge === charge.id ? pi.last_payment_error : null
  const before = row.status
  tem.assign(row, {
    chargeId: charge.id,
    status,
    amount: charge.amount,
    amountRefunded: charge.amount_refunded,
    currency: charge.currency,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    failureCode: charge.status === 'failed' ? (lastError?.decline_code ?? charge.outcome?.reason ?? charge.failure_code ?? null) : null,
    failureMessage: charge.status === 'failed' ? ((charge.failure_message ?? lastError?.message ?? null)?.slice(0, 500) ?? null) : null,
  })
  // An outcome reached now (a charge is synced many times): counted once it is committed.
  if (status !== before && (status === 'succeeded' || status === 'failed')) void afterCommit(tem, () => countPayment(status))
  return row
}

/**
 * Refunds what is left of one payment: the refund is recorded (pending) under the booking's
 * lock, then sent with its own idempotency key; a failed send is retried by a job (refunds.ts).
 */
export async function refundPayment(em: EntityManager, payment: Payment, reason: string) {
  if (!payment.paymentIntentId) return null
  const row = await transaction(em.fork() as EntityManager, async (tem) => {
    await lockBooking(tem, payment.booking.id)
    const fresh = await tem.findOne(Payment, { id: payment.id }, { refresh: true })
    return fresh ? recordRefund(tem, fresh, reason) : null
  })
  if (row) await sendOrQueue([row.id])
  return row
}

/** Records every refund of a charge (ours or made in the dashboard) and issues the credit note. */
export async function syncRefunds(em: EntityManager, chargeId: string, reason: string | null = null) {
  const [charge, refunds] = await Promise.all([
    callStripe(() => stripe().charges.retrieve(chargeId)),
    callStripe(() => stripe().refunds.list({ charge: chargeId, limit: 100 })),
  ])
  await transaction(em.fork() as EntityManager, async (tem) => {
    const original = await tem.findOne(Payment, { chargeId })
    if (!original) return
    await lockBooking(tem, original.booking.id)
    for (const r of refunds.data) {
      // Our own refunds were recorded (pending) before they were sent: that row becomes this refund.
      const ownId = r.metadata?.refundRowId as string | undefined
      const own = ownId && isId(ownId) ? await tem.findOne(Payment, { id: ownId, kind: 'refund', refundId: null }) : null
      if (own) tem.assign(own, { refundId: r.id, amount: r.amount, currency: r.currency })
      const row =
        (await tem.findOne(Payment, { refundId: r.id })) ??
        own ??
        tem.create(Payment, {
          tenant: original.tenant.id,
          booking: original.booking.id,
          user: original.user?.id ?? null,
          kind: 'refund',
          amount: r.amount,
          currency: r.currency,
          provider: 'stripe',
          paymentIntentId: original.paymentIntentId,
          chargeId: null,
          refundId: r.id,
          cardBrand: original.cardBrand,
          cardLast4: original.cardLast4,
          reason: (r.metadata?.reason as string | undefined) ?? reason,
        })
      row.status = r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending'
    }
    original.amountRefunded = charge.amount_refunded
    if (charge.refunded) original.status = 'refunded'
    await tem.flush()
    if (charge.amount_refunded > 0) {
      const refundedBookingId = original.booking.id as string
      await afterCommit(tem, () => issueDocumentNow(refundedBookingId, 'credit_note'))
    }
  })
}

/** Refunds every paid, not yet refunded payment of a booking (a paid booking was cancelled). */
export async function refundBooking(em: EntityManager, bookingId: string, reason: string) {
  await transaction(em.fork() as EntityManager, async (tem) => {
    await lockBooking(tem, bookingId)
    await refundBookingDurably(tem, bookingId, reason)
  })
}

/** Cancels the open intents of a booking that can no longer be paid (best effort: a late payment is refunded anyway). */
export async function cancelOpenIntents(em: EntityManager, bookingId: string) {
  const open = await em.fork().find(Payment, { booking: bookingId, kind: 'payment', status: 'pending', chargeId: null, paymentIntentId: { $ne: null } })
  for (const p of open) {
    await stripe()
      .paymentIntents.cancel(p.paymentIntentId!, { cancellation_reason: 'abandoned' }, { idempotencyKey: `summit-pi-cancel-${p.id}` })
      .catch((err) => log.warn({ err: err instanceof Error ? err.message : err, paymentIntentId: p.paymentIntentId }, 'could not cancel the payment intent'))
    await syncIntent(em, p.paymentIntentId!).catch(() => {})
  }
}

/** Finalize: the intent must belong to this booking; the booking is confirmed only if it succeeded. */
export async function finalizeBooking(em: EntityManager, user: User, bookingId: string, paymentIntentId: string) {
  allTenants(em)
  const booking = await em.findOne(Booking, { id: bookingId })
  if (!booking || (booking.user.id !== user.id && !user.roles.includes('super-admin'))) throw notFound('Booking')
  const pi = await callStripe(() => stripe().paymentIntents.retrieve(paymentIntentId), 'paymentIntentId')
  if (pi.metadata?.bookingId !== booking.id) throw fieldError('paymentIntentId', 'This payment does not belong to this booking.')
  const result = await syncIntent(em, pi.id)
  if (result.pi.status !== 'succeeded') {
    const why = result.pi.last_payment_error?.message
    throw conflict(why ? `The payment did not go through: ${why}` : `The payment is not complete yet (status ${result.pi.status}).`)
  }
  if (result.booking && (result.booking.status !== 'CONFIRMED' || result.booking.paymentTransactionId !== result.pi.id)) {
    throw conflict('This booking could no longer be confirmed (its seats were released or it was already paid); the payment has been refunded.')
  }
  const savedCard = result.pi.setup_future_usage ? result.pi.payment_method : null
  if (savedCard && booking.user.id === user.id) await tidySavedCard(user, typeof savedCard === 'string' ? savedCard : savedCard.id)
  return result
}
