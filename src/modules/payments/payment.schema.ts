/** Request bodies of the payments API (no server imports: the checkout forms use them too). */
import * as v from 'valibot'

const uuid = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.uuid(message))
const pmId = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.regex(/^pm_\w+$/, 'The payment method is not valid.'))

/** Pay a booking: optionally with a saved card (confirmed on the server), optionally saving the new card. */
export const BookingIntentSchema = v.strictObject({
  paymentMethodId: v.nullish(pmId('The payment method is not valid.')),
  savePaymentMethod: v.optional(v.boolean(), false),
})

/** The public checkout call: the same, naming the booking in the body. */
export const PublicIntentSchema = v.strictObject({
  bookingId: uuid('Booking ID is required'),
  paymentMethodId: v.nullish(pmId('The payment method is not valid.')),
  savePaymentMethod: v.optional(v.boolean(), false),
})

export const FinalizeSchema = v.strictObject({
  paymentIntentId: v.pipe(
    v.string('Payment intent ID is required'),
    v.trim(),
    v.nonEmpty('Payment intent ID is required'),
    v.maxLength(255, 'Payment intent ID is required'),
  ),
})

export const AddPaymentMethodSchema = v.strictObject({
  paymentMethodId: pmId('Payment method ID is required'),
  default: v.optional(v.boolean(), false),
})

export const DefaultPaymentMethodSchema = v.strictObject({
  paymentMethodId: pmId('Payment method ID is required'),
})

export const InvoiceQuerySchema = v.object({
  document: v.optional(v.picklist(['invoice', 'credit-note'], 'document must be invoice or credit-note'), 'invoice'),
})
