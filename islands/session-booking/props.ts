import * as v from 'valibot'
import { RefundPolicyView } from '../../src/shared/refund-policy'

/** The booking page of a one-to-one session: the type, who is looking, and a time or a held booking to come back to. */
export const SessionBookingProps = v.object({
  sessionTypeId: v.string(),
  title: v.string(),
  durationMinutes: v.number(),
  /** Decimal, as the API shows money; 0 is a free call. */
  price: v.number(),
  currency: v.string(),
  /** "incl. VAT" / "+ VAT" beside the price (the team's tax profile), or null. */
  priceNote: v.optional(v.nullable(v.string()), null),
  coachName: v.string(),
  /** The coach's IANA zone (where the hours are kept); times show in the visitor's own zone. */
  coachTimeZone: v.string(),
  /** Where it happens, as the calendar entry says it: "Online", "Phone call", "In person" (the address comes once booked). */
  place: v.string(),
  /** The refund policy in a sentence, shown again before paying. */
  refundText: v.string(),
  /** The refund policy itself (null: a full refund whenever cancelled): the confirmation says until when a cancellation is refunded. */
  refundPolicy: v.optional(RefundPolicyView, null),
  /** This page's path: where signing in or up comes back to. */
  pagePath: v.string(),
  /** The coach's profile (the confirmation's way back). */
  coachUrl: v.string(),
  /** The signed-in visitor, or null. */
  viewer: v.nullable(v.object({ id: v.string(), billingName: v.string(), email: v.string() })),
  /** A time picked before signing in (`?start=`), offered again once back. */
  start: v.nullable(v.string()),
  /** Today in the coach's zone (YYYY-MM-DD): the month shown first. */
  today: v.string(),
  /** A booking of this visitor still held for payment: the card step resumes it. */
  resume: v.nullable(
    v.object({
      id: v.string(),
      status: v.string(),
      seats: v.number(),
      amountTotal: v.number(),
      discount: v.number(),
      amountDue: v.number(),
      amountPaid: v.number(),
      currency: v.string(),
      voucherCode: v.nullable(v.string()),
      holdExpiresAt: v.nullable(v.string()),
      startsAt: v.string(),
    }),
  ),
})
export type SessionBookingProps = v.InferOutput<typeof SessionBookingProps>
