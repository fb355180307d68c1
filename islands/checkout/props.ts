import * as v from 'valibot'
import { QuestionView } from '../../src/modules/workshops/question.schema'

export const CheckoutProps = v.object({
  scheduleId: v.string(),
  userId: v.string(),
  /** Name on the card (the signed-in user's display name or email). */
  billingName: v.string(),
  email: v.string(),
  title: v.string(),
  /** Seat price, decimal as the API shows it. */
  price: v.number(),
  currency: v.string(),
  seatsLeft: v.number(),
  /** "incl. VAT" / "+ VAT" from the team's tax profile; null (or absent) when the team charges no tax: then no quote is asked. */
  priceNote: v.optional(v.nullable(v.string())),
  /** Seats preselected (asked for on the way here, e.g. by the public page's waitlist form when seats came free meanwhile). */
  seats: v.optional(v.number()),
  /** Where the confirmation links: `{id}` is replaced by the booking id. */
  bookingUrl: v.string(),
  /** The workshop's questions, asked after the seats (workshops/question.schema.ts). */
  questions: v.optional(v.array(QuestionView)),
  /** What is booked: seats (default), or a one-to-one session (its card step and confirmation speak of the time). */
  what: v.optional(v.picklist(['seats', 'session'])),
  /** Where "Browse more" leads (default /workshops). */
  moreUrl: v.optional(v.string()),
  /** The session, for the confirmation's calendar links and its one-line summary. */
  session: v.optional(
    v.object({
      startDate: v.string(),
      endDate: v.string(),
      timezone: v.string(),
      /** "The Workshop Rooms, London, United Kingdom" or "Online". */
      place: v.string(),
      /** "Mon, Dec 7, 2026, 2:00 PM – 5:00 PM London time (…your time)". */
      when: v.string(),
    }),
  ),
  /** What a cancellation gives back and until when, in a sentence (null once the session started). */
  refundDeadline: v.optional(v.nullable(v.string())),
  /** A waitlist offer: seats held for this user until `expiresAt`; the checkout books exactly those. */
  offer: v.optional(v.nullable(v.object({ id: v.string(), seats: v.number(), expiresAt: v.string() }))),
  /** A PENDING booking of this user and schedule whose seats are still held: checkout resumes at the card step. */
  resume: v.optional(
    v.nullable(
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
        tax: v.optional(v.nullable(v.looseObject({}))),
      }),
    ),
  ),
})
export type CheckoutProps = v.InferOutput<typeof CheckoutProps>
