/**
 * The booking state machine of docs/product-rules.md (section 4), in one place:
 *
 *   PENDING ──paid / free──▶ CONFIRMED ──after the schedule ends──▶ COMPLETED | NO_SHOW
 *      │                        │
 *      └──────── reason ────────┴──▶ CANCELLED
 *
 * A PENDING booking that is not paid within BOOKING_HOLD_MINUTES becomes CANCELLED with the
 * reason HOLD_EXPIRED_REASON (released by a job). Every other change is a 409.
 */

import { conflict, fieldError } from '../../platform/http/errors'
import type { BookingStatus } from './booking.entity'

export const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  PENDING: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['CANCELLED', 'COMPLETED', 'NO_SHOW'],
  CANCELLED: [],
  COMPLETED: [],
  NO_SHOW: [],
}

export const HOLD_EXPIRED_REASON = 'Payment not completed in time'

/** Statuses whose seats count against the workshop's maxSeats. */
export const holdsSeats = (s: BookingStatus) => s === 'PENDING' || s === 'CONFIRMED'

/** Throws 409 (or 422 for a missing reason) unless `from -> to` is allowed now. */
export function assertTransition(from: BookingStatus, to: BookingStatus, opts: { scheduleEndsAt: Date; now: Date; reason?: string | null }) {
  if (from === to) throw conflict(`The booking is already ${to}.`)
  if (!TRANSITIONS[from].includes(to)) throw conflict(`A ${from} booking cannot become ${to}.`)
  if ((to === 'COMPLETED' || to === 'NO_SHOW') && opts.now.getTime() < opts.scheduleEndsAt.getTime())
    throw conflict('A booking can be marked completed or no-show only after the workshop has ended.')
  if (to === 'CANCELLED' && !opts.reason?.trim()) throw fieldError('cancellationReason', 'A reason is required to cancel a booking')
}
