/**
 * Payouts' tables: a coach's Stripe Connect account, one transfer row per paid booking (the
 * record of intent that makes the transfer happen exactly once), the reversals of refunds that
 * came after a transfer, and the account's payouts to its bank. Amounts in minor units. Rows are
 * read across tenants by their coach, so queries scope them explicitly (coach, or a
 * super-admin's tenant filter), as payments do.
 */
import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageGenerationTrigger } from '../../platform/db/schemas'
import { Booking } from '../bookings'
import { Payment } from '../payments'
import { Tenant } from '../tenants'
import { User } from '../users'
import { WorkshopSchedule } from '../workshops'

/**
 * The coach's Express account at Stripe, as the last sync (API or `account.updated`) saw it. The
 * row comes first (its id keys the creation at Stripe, so two clicks make one account); the
 * Stripe id follows.
 */
export const ConnectedAccountSchema = defineEntity({
  name: 'ConnectedAccount',
  tableName: 'connected_accounts',
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: [pageGenerationTrigger('connected_accounts')],
  uniques: [
    { name: 'connected_accounts_user_unique', properties: ['user'] },
    { name: 'connected_accounts_stripe_unique', properties: ['stripeAccountId'], where: 'stripe_account_id is not null' },
  ],
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    stripeAccountId: p.string().length(255).nullable(),
    country: p.string().length(2).nullable(),
    defaultCurrency: p.string().length(3).nullable(),
    detailsSubmitted: p.boolean().default(false),
    chargesEnabled: p.boolean().default(false),
    payoutsEnabled: p.boolean().default(false),
    /** The `transfers` capability is active: transfers may be sent to it. */
    transfersActive: p.boolean().default(false),
    /** What Stripe still needs (currently due and past due). */
    requirements: p.json<string[]>().default('[]'),
    disabledReason: p.string().length(255).nullable(),
    syncedAt: p.datetime().nullable(),
  },
})
export class ConnectedAccount extends ConnectedAccountSchema.class {}
ConnectedAccountSchema.setClass(ConnectedAccount)

/**
 * pending: the money waits on the platform; sending: the intent is recorded and Stripe is (or
 * was) being asked, under a lease; transferred: Stripe made the transfer; manual: paid outside
 * Stripe (a super-admin marked the payout paid); void: nothing to transfer (refunded in full).
 */
export const TRANSFER_STATES = ['pending', 'sending', 'transferred', 'manual', 'void'] as const
export type TransferState = (typeof TRANSFER_STATES)[number]

/**
 * One per paid booking (unique `booking`), made by a trigger on `payments` in the transaction
 * that records the payment. Its id keys the Stripe call (`summit-transfer-<id>-<attempt>`).
 * `gross`, `refunded`, `fee` and `amount` are frozen when it is sent; `refunded` then grows as
 * later refunds are reversed, and `reversed` with them.
 */
export const PayoutTransferSchema = defineEntity({
  name: 'PayoutTransfer',
  tableName: 'payout_transfers',
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: [pageGenerationTrigger('payout_transfers')],
  uniques: [
    { name: 'payout_transfers_booking_unique', properties: ['booking'] },
    { name: 'payout_transfers_stripe_unique', properties: ['stripeTransferId'], where: 'stripe_transfer_id is not null' },
  ],
  indexes: [{ properties: ['coach', 'currency'] }, { name: 'payout_transfers_open_idx', properties: ['schedule'], where: `state in ('pending', 'sending')` }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade'),
    /** The schedule of a seat booking; null for a one-to-one session (its time is on the booking). */
    schedule: () => p.manyToOne(WorkshopSchedule).fieldName('workshop_schedule_id').nullable().deleteRule('cascade').index(),
    coach: () => p.manyToOne(User).deleteRule('cascade'),
    currency: p.string().length(3),
    state: p.string().length(16).default('pending').$type<TransferState>(),
    gross: p.integer().default(0),
    refunded: p.integer().default(0),
    fee: p.integer().default(0),
    feePercent: p.integer().nullable(),
    /** What was (or is being) transferred. */
    amount: p.integer().default(0),
    reversed: p.integer().default(0),
    /** Bumped after a refused call, so the next one gets a fresh idempotency key. */
    attempt: p.integer().default(0),
    /** While `sending`: no other worker calls Stripe for this row before this time. */
    leaseUntil: p.datetime().nullable(),
    destination: p.string().length(255).nullable(),
    sourceCharge: p.string().length(255).nullable(),
    stripeTransferId: p.string().length(255).nullable(),
    transferredAt: p.datetime().nullable(),
    failureMessage: p.string().length(500).nullable(),
  },
})
export class PayoutTransfer extends PayoutTransferSchema.class {}
PayoutTransferSchema.setClass(PayoutTransfer)

export const REVERSAL_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type ReversalStatus = (typeof REVERSAL_STATUSES)[number]

/** The coach's share of a refund taken back from a made transfer; one per refund (unique). */
export const PayoutReversalSchema = defineEntity({
  name: 'PayoutReversal',
  tableName: 'payout_reversals',
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: [pageGenerationTrigger('payout_reversals')],
  uniques: [
    { name: 'payout_reversals_refund_unique', properties: ['refund'], where: 'refund_id is not null' },
    { name: 'payout_reversals_stripe_unique', properties: ['stripeReversalId'], where: 'stripe_reversal_id is not null' },
  ],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    transfer: () => p.manyToOne(PayoutTransfer).deleteRule('cascade').index(),
    /** The refund (a payments row) this reversal goes with; null for one made at Stripe directly. */
    refund: () => p.manyToOne(Payment).nullable().deleteRule('set null'),
    amount: p.integer(),
    status: p.string().length(16).default('pending').$type<ReversalStatus>(),
    leaseUntil: p.datetime().nullable(),
    stripeReversalId: p.string().length(255).nullable(),
    failureMessage: p.string().length(500).nullable(),
  },
})
export class PayoutReversal extends PayoutReversalSchema.class {}
PayoutReversalSchema.setClass(PayoutReversal)

/** A payout from the connected account's Stripe balance to its bank (from `payout.*` events). */
export const ConnectPayoutSchema = defineEntity({
  name: 'ConnectPayout',
  tableName: 'connect_payouts',
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: [pageGenerationTrigger('connect_payouts')],
  uniques: [{ name: 'connect_payouts_stripe_unique', properties: ['stripePayoutId'] }],
  properties: {
    ...baseProperties,
    account: () => p.manyToOne(ConnectedAccount).deleteRule('cascade').index(),
    stripePayoutId: p.string().length(255),
    amount: p.integer(),
    currency: p.string().length(3),
    status: p.string().length(16),
    arrivalDate: p.datetime().nullable(),
    failureCode: p.string().length(64).nullable(),
    failureMessage: p.string().length(500).nullable(),
  },
})
export class ConnectPayout extends ConnectPayoutSchema.class {}
ConnectPayoutSchema.setClass(ConnectPayout)
