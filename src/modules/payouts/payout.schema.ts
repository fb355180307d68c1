import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'

/** One payout: a schedule's paid bookings, the platform fee and what the coach receives. */
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
  status: v.picklist(['pending', 'paid']),
  paidAt: NullableDateTime,
})
