/** Request bodies of the payments API (no server imports: the checkout forms use them too). */
import * as v from 'valibot'
import { DateTime } from '../../shared/view'

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
  /** One document of the booking by its id (a booking refunded twice has two credit notes); else its invoice or latest credit note. */
  id: v.optional(v.pipe(v.string(), v.uuid('id must be the id of a document of this booking'))),
})

// Views: what the payments routes answer (payment.routes.ts serializers are typed by them).
const ns = v.nullable(v.string())
export const PaymentView = v.object({
  id: v.string(),
  bookingId: v.string(),
  kind: v.picklist(['payment', 'refund']),
  status: v.string(),
  amount: v.number(),
  amountRefunded: v.number(),
  currency: v.string(),
  provider: v.string(),
  paymentIntentId: ns,
  chargeId: ns,
  refundId: ns,
  cardBrand: ns,
  cardLast4: ns,
  failureCode: ns,
  failureMessage: ns,
  reason: ns,
  createdAt: DateTime,
  updatedAt: DateTime,
})
export const InvoiceView = v.object({
  id: v.string(),
  number: v.string(),
  kind: v.picklist(['invoice', 'credit_note']),
  bookingId: v.string(),
  issuedAt: DateTime,
  total: v.pipe(v.number(), v.description('Gross (decimal): net + tax')),
  net: v.number(),
  tax: v.number(),
  taxRate: v.pipe(v.number(), v.description('Percent')),
  taxKind: v.picklist(['none', 'standard', 'reverse_charge', 'outside_scope']),
  taxCountry: ns,
  currency: v.string(),
  clientName: v.string(),
  company: ns,
  workshopTitle: v.string(),
  seats: v.number(),
  url: v.string(),
})
export const IntentView = v.object({
  paymentId: ns,
  paymentIntentId: v.string(),
  clientSecret: v.optional(v.pipe(ns, v.description('For Stripe.js confirmCardPayment; not in the finalize answer'))),
  status: v.string(),
  amount: v.number(),
  currency: v.string(),
  publishableKey: v.string(),
  bookingId: ns,
  bookingStatus: ns,
})
export const CardView = v.object({
  id: v.string(),
  brand: ns,
  last4: ns,
  expMonth: v.nullable(v.number()),
  expYear: v.nullable(v.number()),
  isDefault: v.boolean(),
  expired: v.pipe(v.boolean(), v.description('Past its expiry month: listed, but it cannot pay')),
})
