/**
 * One word for each state, said the same way on every page, island, table, mail and filter:
 * what a booking, a payment, a seat, a schedule, a member, an invitation, a voucher, a transfer
 * or a payout account is in. Browser-safe (no server imports). A page that shows a state as a
 * heading and as a badge says it once (the badge, or the heading, not both).
 */
import { count } from './words'

type Labels = Record<string, string>
const entries = (labels: Labels) => Object.entries(labels) as [string, string][]

/** Booking states (rules section 4). */
export const BOOKING_STATUS: Labels = {
  PENDING: 'Waiting for payment',
  CONFIRMED: 'Confirmed',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  NO_SHOW: 'No-show',
}
/** Payment attempts and refunds as the provider reports them. */
export const PAYMENT_STATUS: Labels = { succeeded: 'Paid', refunded: 'Refunded', failed: 'Failed', canceled: 'Cancelled', pending: 'Pending' }
/** A seat's invitation. */
export const SEAT_STATUS: Labels = { PENDING: 'Invited', ACCEPTED: 'Accepted', DECLINED: 'Declined', EXPIRED: 'Expired' }
/** A team member. */
export const MEMBER_STATUS: Labels = { ACTIVE: 'Active', PENDING: 'Pending', SUSPENDED: 'Suspended' }
/** A team invitation. */
export const TEAM_INVITATION_STATUS: Labels = { PENDING: 'Waiting', EXPIRED: 'Expired', ACCEPTED: 'Accepted', DECLINED: 'Declined', REVOKED: 'Withdrawn' }
/** A voucher. */
export const VOUCHER_STATUS: Labels = { active: 'Active', disabled: 'Disabled', expired: 'Expired', used_up: 'Used up' }
/** One booking's transfer to the coach. */
export const TRANSFER_STATUS: Labels = { pending: 'Pending', transferred: 'Transferred', partially_reversed: 'Partly reversed', reversed: 'Reversed' }
/** A session's payout. */
export const PAYOUT_STATUS: Labels = { pending: 'Pending', partly: 'Partly transferred', paid: 'Paid' }

/** How a workshop date is delivered. */
export const MODE_LABEL: Labels = { 'IN-PERSON': 'In person', ONLINE: 'Online', HYBRID: 'Hybrid' }
export const LEVEL_LABEL: Labels = { BEGINNER: 'Beginner', INTERMEDIATE: 'Intermediate', ADVANCED: 'Advanced' }
export const VISIBILITY_LABEL: Labels = { PUBLIC: 'Public', UNLISTED: 'Unlisted', PRIVATE: 'Private' }
/** A schedule (a workshop date) as its coach manages it. */
export const SCHEDULE_STATUS: Labels = { DRAFT: 'Draft', PUBLISHED: 'Published', ARCHIVED: 'Cancelled' }

/** A date with no seat left, everywhere (cards, the workshop page, its other dates, the checkout). */
export const FULLY_BOOKED = 'Fully booked'
/** A date whose confirmed seats reached the workshop's minimum: it takes place. */
export const CONFIRMED_TO_RUN = 'Confirmed to run'
/** "3 seats left", "1 seat left", or Fully booked. */
export const seatsLeftLabel = (left: number) => (left <= 0 ? FULLY_BOOKED : count(left, 'seat left'))

/** A coach's payout account (Stripe Connect). */
export const PAYOUT_ACCOUNT_STATUS = {
  none: 'Not set up',
  pending: 'Setup not finished',
  restricted: 'Restricted',
  enabled: 'Payouts enabled',
} as const

/** The colour palette of each state's badge (one place, so a state keeps its colour everywhere). */
export const STATUS_PALETTE: Labels = {
  PENDING: 'amber',
  CONFIRMED: 'green',
  CANCELLED: 'red',
  COMPLETED: 'blue',
  NO_SHOW: 'gray',
  ACCEPTED: 'green',
  DECLINED: 'red',
  EXPIRED: 'gray',
  succeeded: 'green',
  refunded: 'blue',
  failed: 'red',
  canceled: 'gray',
  pending: 'amber',
}

/** [value, label] pairs for a filter's options, in the vocabulary's order. */
export const optionsOf = (labels: Labels) => entries(labels)
