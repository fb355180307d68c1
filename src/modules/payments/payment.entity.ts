import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
import { Booking } from '../bookings'
import { Tenant } from '../tenants'
import { User } from '../users'

export const PAYMENT_KINDS = ['payment', 'refund'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]
/** pending: intent open; succeeded; failed: the attempt was declined; canceled; refunded: a payment refunded in full. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/**
 * One attempt to pay a booking (a charge of a PaymentIntent), or one refund. Amounts in minor
 * units. Read across tenants by the booker, so scoped explicitly like bookings.
 */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  // A paid booking gets its payout row (payouts module: payout_transfers) in the transaction that
  // records the payment (migration payouts, which also creates the function).
  triggers: [
    {
      name: 'payments_payout_transfer',
      timing: 'after',
      events: ['insert', 'update'],
      expression: `create trigger payments_payout_transfer after insert or update of status on payments
  for each row when (new.kind = 'payment' and new.status in ('succeeded', 'refunded')) execute function payout_transfer_for_payment();`,
    },
    ...pageChangeTriggers('payments', [scope.tenant(), scope.user()]),
    // The booking's transfer row follows its money (migration payout_ledger, which creates the function).
    {
      name: 'payments_transfer_money',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression: `create trigger payments_transfer_money after insert or update of amount, status, kind, booking_id or delete on payments
  for each row execute function payout_transfer_money();`,
    },
  ],
  uniques: [
    { name: 'payments_charge_unique', properties: ['chargeId'], where: 'charge_id is not null' },
    { name: 'payments_refund_unique', properties: ['refundId'], where: 'refund_id is not null' },
  ],
  indexes: [
    { properties: ['paymentIntentId'] },
    // A client's payments, newest first, and the bookings they paid or had refunded (their documents).
    {
      name: 'payments_user_created_idx',
      expression: `create index "payments_user_created_idx" on "payments" ("user_id", "created_at" desc) where user_id is not null`,
    },
    {
      name: 'payments_user_documents_idx',
      expression: `create index "payments_user_documents_idx" on "payments" ("user_id", "booking_id", "kind") where (kind = 'payment' and status in ('succeeded', 'refunded')) or (kind = 'refund' and status = 'succeeded')`,
    },
  ],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    kind: p.string().length(16).default('payment').$type<PaymentKind>(),
    status: p.string().length(16).default('pending').$type<PaymentStatus>(),
    amount: p.integer(),
    amountRefunded: p.integer().default(0),
    currency: p.string().length(3),
    provider: p.string().length(16).default('stripe'),
    paymentIntentId: p.string().length(255).nullable(),
    chargeId: p.string().length(255).nullable(),
    refundId: p.string().length(255).nullable(),
    cardBrand: p.string().length(32).nullable(),
    cardLast4: p.string().length(4).nullable(),
    failureCode: p.string().length(64).nullable(),
    failureMessage: p.string().length(500).nullable(),
    /** Why a refund was made (cancelled, late payment, duplicate...). */
    reason: p.string().length(255).nullable(),
  },
})
export class Payment extends PaymentSchema.class {}
PaymentSchema.setClass(Payment)

/** Every Stripe event received, once: the unique event id makes a redelivery a no-op. */
export const WebhookEventSchema = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  uniques: [{ name: 'webhook_events_event_unique', properties: ['eventId'] }],
  properties: {
    ...baseProperties,
    eventId: p.string().length(255),
    type: p.string().length(255),
    objectId: p.string().length(255).nullable(),
    processedAt: p.datetime().nullable(),
  },
})
export class WebhookEvent extends WebhookEventSchema.class {}
WebhookEventSchema.setClass(WebhookEvent)

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/** A party of an invoice: the seller (the team's tax profile) or the buyer (the booking's billing details). */
export interface InvoiceParty {
  name: string
  address: string | null
  country: string | null
  taxId: string | null
  email?: string | null
}

/** One line of an invoice or credit note, minor units: net, the rate and its tax, gross. */
export interface InvoiceItem {
  description: string
  quantity: number
  net: number
  rate: number
  tax: number
  gross: number
}

export interface InvoiceLines {
  tenantName: string
  clientName: string
  clientEmail: string
  workshopTitle: string
  scheduleStart: string
  scheduleEnd: string
  timezone: string
  seats: number
  unitPrice: number
  subtotal: number
  discount: number
  voucherCode: string | null
  total: number
  paymentTransactionId: string | null
  cardBrand: string | null
  cardLast4: string | null
  /** Documents issued since taxes are kept: who sells and who buys, the lines with their tax, and the tax's kind and note. */
  seller?: InvoiceParty
  buyer?: InvoiceParty & { company: string | null }
  items?: InvoiceItem[]
  tax?: { kind: string; name: string; rate: number; country: string | null; included: boolean; note: string | null }
}

/**
 * An invoice of a paid booking or the credit note of its refund. Numbers come from
 * Tenant.invoiceCounter taken under a row lock, in the transaction that inserts the row:
 * sequential per tenant, without gaps.
 */
export const InvoiceSchema = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('invoices', [scope.tenant()])],
  uniques: [
    { name: 'invoices_tenant_number_unique', properties: ['tenant', 'number'] },
    // One invoice per booking; one credit note per refund (a booking refunded twice has two).
    { name: 'invoices_booking_invoice_unique', properties: ['booking'], where: `kind = 'invoice'` },
    { name: 'invoices_refund_unique', properties: ['refund'], where: 'refund_id is not null' },
  ],
  // The team's documents by date: its invoices list and the tax report of a filing period.
  indexes: [{ name: 'invoices_tenant_issued_idx', properties: ['tenant', 'issuedAt'] }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    /** The refund a credit note credits (null for invoices, and for credit notes issued before one was issued per refund). */
    refund: () => p.manyToOne(Payment).nullable().deleteRule('set null'),
    kind: p.string().length(16).$type<InvoiceKind>(),
    number: p.integer(),
    issuedAt: p.datetime(),
    currency: p.string().length(3),
    /** Gross, minor units (positive for credit notes too). */
    total: p.integer(),
    /** The tax split of `total`: net + tax = total, at `taxRate` percent, taxed in `taxCountry` (the tax report's rows). */
    net: p.integer().default(0),
    tax: p.integer().default(0),
    taxRate: p.decimal('number').precision(6).scale(3).default(0),
    taxKind: p.string().length(16).default('none'),
    taxCountry: p.string().length(2).nullable(),
    lines: p.json<InvoiceLines>(),
  },
})
export class Invoice extends InvoiceSchema.class {}
InvoiceSchema.setClass(Invoice)
