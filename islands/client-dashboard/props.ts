import * as v from 'valibot'

const Metrics = v.object({
  upcomingBookings: v.number(),
  upcomingSeats: v.number(),
  nextWorkshopAt: v.nullable(v.string()),
  bookings: v.number(),
  seats: v.number(),
  spent: v.number(),
})

/** The dashboard's live parts: the countdown to the next workshop and the metrics over a chosen range. */
export const ClientDashboardProps = v.object({
  part: v.picklist(['countdown', 'metrics']),
  /** countdown: when the next workshop starts. */
  startsAt: v.optional(v.string()),
  /** metrics: the last 30 days, as the server computed them. */
  metrics: v.optional(Metrics),
  currency: v.optional(v.string(), 'usd'),
})
export type ClientDashboardProps = v.InferOutput<typeof ClientDashboardProps>
export type ClientMetrics = v.InferOutput<typeof Metrics>
