/** Payments: what the rest of the app uses. Registers the local Stripe service and the refund-on-cancel hook. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { log } from '../../platform/log'
import { enqueue, work } from '../../platform/jobs'
import { onBookingCancelled } from '../bookings/booking.service'
import { cancelOpenIntents, refundBooking } from './payment.service'
import './local.service'

export { paymentRoutes } from './payment.routes'
export { Payment, WebhookEvent, Invoice } from './payment.entity'
export { refundBooking, syncIntent } from './payment.service'

export const REFUND_BOOKING_JOB = 'payments.refund-booking'

work<{ bookingId: string; reason: string }>(REFUND_BOOKING_JOB, async ({ bookingId, reason }) => {
  const { getOrm } = await import('../../platform/db/current')
  await refundBooking(getOrm().em.fork() as EntityManager, bookingId, reason)
})

/** A paid booking that is cancelled is refunded in full (if Stripe is unreachable, a job retries); an unpaid one's intents are cancelled. */
onBookingCancelled(async (booking, em) => {
  if (booking.amountPaid <= 0) {
    // An unpaid booking: its open intents can no longer be used.
    await cancelOpenIntents(em, booking.id).catch((err) => log.warn({ err: err instanceof Error ? err.message : err, bookingId: booking.id }, 'could not cancel open intents'))
    return
  }
  const reason = `Booking cancelled: ${booking.cancellationReason ?? ''}`.slice(0, 255)
  try {
    await refundBooking(em, booking.id, reason)
  } catch (err) {
    log.error({ err: err instanceof Error ? err.message : err, bookingId: booking.id }, 'refund failed; queued for retry')
    await enqueue(REFUND_BOOKING_JOB, { bookingId: booking.id, reason }).catch(() => {})
  }
})
