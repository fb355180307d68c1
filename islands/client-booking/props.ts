import * as v from 'valibot'

/** A booking's actions: pay, move to another date, cancel with a reason, invoice, calendar, feedback. */
export const ClientBookingProps = v.object({
  booking: v.object({
    id: v.string(),
    status: v.string(),
    mine: v.boolean(),
    scheduleId: v.string(),
    startDate: v.string(),
    endDate: v.string(),
    amountDue: v.number(),
    amountPaid: v.number(),
    currency: v.string(),
    workshopTitle: v.string(),
    seats: v.optional(v.number(), 1),
  }),
  hasInvoice: v.boolean(),
  hasCreditNote: v.boolean(),
  refunded: v.number(),
  canLeaveFeedback: v.boolean(),
  feedback: v.nullable(v.object({ rating: v.number(), comment: v.nullable(v.string()) })),
  now: v.string(),
  /** The viewer's time zone (dates of the other sessions in the reschedule dialog). */
  tz: v.optional(v.string(), 'UTC'),
  /** A one-to-one session: its type and booking page (paying resumes there; moving picks another free time of the type), and the coach's zone. */
  session: v.optional(v.nullable(v.object({ typeId: v.string(), pageUrl: v.string(), timeZone: v.optional(v.string(), 'UTC') })), null),
})
export type ClientBookingProps = v.InferOutput<typeof ClientBookingProps>
