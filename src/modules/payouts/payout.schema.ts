import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'

/** One payout: a schedule's paid bookings, the platform fee and what the coach receives (major units). */
export const PayoutView = v.object({
  id: v.string(),
  workshopScheduleId: v.string(),
  workshopId: v.string(),
  workshopTitle: v.nullable(v.string()),
  coachId: v.string(),
  startDate: DateTime,
  endDate: DateTime,
  ended: v.boolean(),
  bookings: v.number(),
  seats: v.number(),
  currency: v.string(),
  revenue: v.number(),
  fee: v.number(),
  feePercent: v.number(),
  net: v.number(),
  /** What went to the coach so far (transfers less reversals, or paid outside Stripe). */
  transferred: v.number(),
  status: v.picklist(['pending', 'paid']),
  paidAt: NullableDateTime,
})

export const ACCOUNT_STATUSES = ['none', 'pending', 'enabled', 'restricted'] as const

/** The coach's Stripe Connect account as Summit last saw it. */
export const AccountView = v.object({
  status: v.picklist(ACCOUNT_STATUSES),
  payoutsEnabled: v.boolean(),
  chargesEnabled: v.boolean(),
  requirements: v.array(v.string()),
  country: v.nullable(v.string()),
  defaultCurrency: v.nullable(v.string()),
})

export const LinkView = v.object({ url: v.string() })

/** A balance per currency, in minor units. */
export const BalanceView = v.object({
  currency: v.string(),
  pending: v.number(),
  available: v.number(),
  transferred: v.number(),
  paidOut: v.number(),
})

export const TRANSFER_STATUS_NAMES = ['pending', 'transferred', 'reversed', 'partially_reversed'] as const

/** One paid booking's money on its way to the coach (minor units). */
export const TransferView = v.object({
  id: v.string(),
  bookingId: v.string(),
  scheduleId: v.pipe(v.nullable(v.string()), v.description('The schedule of a seat booking; null for a one-to-one session')),
  currency: v.string(),
  gross: v.number(),
  fee: v.number(),
  refunded: v.number(),
  net: v.number(),
  status: v.picklist(TRANSFER_STATUS_NAMES),
  stripeTransferId: v.nullable(v.string()),
  transferredAt: NullableDateTime,
})
