import * as v from 'valibot'

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
  /** Where the confirmation links: `{id}` is replaced by the booking id. */
  bookingUrl: v.string(),
})
export type CheckoutProps = v.InferOutput<typeof CheckoutProps>
