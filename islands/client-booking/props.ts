import * as v from 'valibot'

/** A booking's actions: pay, cancel with a reason, invoice, calendar, feedback. */
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
  }),
  hasInvoice: v.boolean(),
  hasCreditNote: v.boolean(),
  refunded: v.number(),
  canLeaveFeedback: v.boolean(),
  feedback: v.nullable(v.object({ rating: v.number(), comment: v.nullable(v.string()) })),
  now: v.string(),
})
export type ClientBookingProps = v.InferOutput<typeof ClientBookingProps>
