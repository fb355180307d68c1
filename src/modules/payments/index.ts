/** Payments: what the rest of the app uses. Registers the refund-on-cancel hook. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { afterCommit } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { onBookingCancelled, onBookingRescheduled } from '../bookings'
import { cancelOpenIntents, refundBooking } from './payment.service'
import { CANCELLED_REFUND_PREFIX, recordPartialRefunds, refundBookingDurably } from './refunds'

export { addCard, listCards } from './customers'
export { SWEEP_DOCUMENTS_JOB, sweepDocuments } from './documents.sweep'
export { renderInvoicePdf } from './invoice.pdf'
export { documentNumber, documentUrl } from './invoice.service'
export { getLocalStripe, type LocalStripeServer, setLocalWebhookUrl, startLocalStripe, stopLocalStripe, wantsLocalStripe } from './local.service'
export { Invoice, Payment, WebhookEvent } from './payment.entity'
export { paymentRoutes } from './payment.routes'
export { refundBooking, syncIntent } from './payment.service'
export { SEND_REFUND_JOB, SWEEP_REFUNDS_JOB, sendRefund, sweepRefunds } from './refunds'
export { rescheduleRoutes } from './reschedule.routes'
export { paymentsMode, paymentsSettings, stripe } from './stripe'
export { callStripe, isMissing } from './stripe-errors'
export { type TeamDocumentRow, taxReport, teamDocumentsPage } from './team-documents'
export { onStripeEvent, processOnce, verifyEvent } from './webhook'

export const REFUND_BOOKING_JOB = 'payments.refund-booking'

work<{ bookingId: string; reason: string }>(REFUND_BOOKING_JOB, async ({ bookingId, reason }) => {
  const { getOrm } = await import('../../platform/db/current')
  await refundBooking(getOrm().em.fork() as EntityManager, bookingId, reason)
})

/**
 * Inside the cancel transaction: a paid booking's refund is recorded with its cancellation and
 * sent after the commit (a job retries a failed send, a sweep catches anything left); an
 * unpaid one's open intents are cancelled after the commit.
 */
onBookingCancelled(async (booking, tem) => {
  if (booking.amountPaid <= 0) {
    // An unpaid booking: its open intents can no longer be used.
    await afterCommit(tem, () =>
      cancelOpenIntents(getOrm().em.fork() as EntityManager, booking.id).catch((err) =>
        log.warn({ err: err instanceof Error ? err.message : err, bookingId: booking.id }, 'could not cancel open intents'),
      ),
    )
    return
  }
  // What the cancellation refunds (the refund policy for a client, everything when the coach
  // cancels): one refund row of its real amount, which the credit note and payouts add up.
  const reason = `${CANCELLED_REFUND_PREFIX}${booking.cancellationReason ?? ''}`.slice(0, 255)
  await refundBookingDurably(tem, booking.id, reason, booking.refundAmount ?? null)
})

/**
 * Inside the move's transaction: a booking moved to a cheaper date gets the difference back, as
 * partial refund rows sent after the commit (the same durable path as cancellations).
 */
onBookingRescheduled(async (tem, booking, reschedule) => {
  if (reschedule.difference >= 0 || booking.amountPaid <= 0) return
  await recordPartialRefunds(tem, booking.id, -reschedule.difference, 'Moved to a cheaper date')
})
