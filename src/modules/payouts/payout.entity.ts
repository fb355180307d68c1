/**
 * Payouts' tables: a coach's Stripe Connect account, one transfer row per paid booking (the
 * record of intent that makes the transfer happen exactly once), the reversals of refunds that
 * came after a transfer, and the account's payouts to its bank. Amounts in minor units. Rows are
 * read across tenants by their coach, so queries scope them explicitly (coach, or a
 * super-admin's tenant filter), as payments do.
 */

import { defineEntity, p } from '@mikro-orm/core'
import { audited } from '../../platform/audit'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
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
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('connected_accounts', [scope.user()])],
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
// The coach's payout account, in the team the request acts in.
audited(ConnectedAccount, { resource: 'payout_account', tenant: 'request', owner: 'user', omit: ['syncedAt'] })

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
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [
    ...pageChangeTriggers('payout_transfers', [scope.tenant(), scope.user('coach_id')]),
    // The live money and the session's dates (migration payout_ledger, which creates the functions).
    {
      name: 'payout_transfers_fill',
      timing: 'before',
      events: ['insert', 'update'],
      expression: `create trigger payout_transfers_fill before insert or update on payout_transfers
  for each row execute function payout_transfers_fill();`,
    },
    // Every change of a row's money adds its difference to the coach's totals (payout_money_deltas).
    {
      name: 'payout_transfers_money_delta',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression: `create trigger payout_transfers_money_delta after insert or update or delete on payout_transfers
  for each row execute function payout_money_delta();`,
    },
  ],
  uniques: [
    { name: 'payout_transfers_booking_unique', properties: ['booking'] },
    { name: 'payout_transfers_stripe_unique', properties: ['stripeTransferId'], where: 'stripe_transfer_id is not null' },
  ],
  indexes: [
    { properties: ['coach', 'currency'] },
    { name: 'payout_transfers_open_idx', properties: ['schedule'], where: `state in ('pending', 'sending')` },
    // The coach's transfers by session (the transfers list) and the open ones by when their session ends (what is due).
    {
      name: 'payout_transfers_coach_starts_idx',
      expression: `create index "payout_transfers_coach_starts_idx" on "payout_transfers" ("coach_id", "starts_at" desc, "id") where state <> 'void'`,
    },
    {
      name: 'payout_transfers_coach_due_idx',
      expression: `create index "payout_transfers_coach_due_idx" on "payout_transfers" ("coach_id", "ends_at") include ("currency", "paid", "refunds", "live_fee") where state in ('pending', 'sending')`,
    },
  ],
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
    /**
     * Kept by triggers (migration payout_ledger), never set in code: the booking's money now (what
     * was paid, the refunds recorded, done and still pending), the fee on what is left at the row's
     * percent (or the plan's: payout_fee_percents), and the session's start and end.
     */
    paid: p.integer().default(0),
    refunds: p.integer().default(0),
    refundsDone: p.integer().default(0),
    refundsPending: p.integer().default(0),
    liveFee: p.integer().default(0),
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime().nullable(),
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
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('payout_reversals', [scope.tenant()])],
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
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('connect_payouts', [`'u:' || (select a.user_id from connected_accounts a where a.id = r.account_id)`])],
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

/** The platform's fee percent per tenant plan, as the server's configuration says (written at start). */
export const PayoutFeePercentSchema = defineEntity({
  name: 'PayoutFeePercent',
  tableName: 'payout_fee_percents',
  properties: {
    plan: p.string().length(16).primary(),
    percent: p.integer(),
  },
})
export class PayoutFeePercent extends PayoutFeePercentSchema.class {}
PayoutFeePercentSchema.setClass(PayoutFeePercent)

/** What a coach's payout totals add up (the columns of payout_money_totals and payout_money_deltas). */
const moneyColumns = {
  coachId: p.uuid(),
  tenantId: p.uuid(),
  currency: p.string().length(3),
  /** open rows (pending, sending) and those of them that still hold money */
  openCount: p.integer().default(0),
  openHeld: p.integer().default(0),
  openPaid: p.integer().default(0),
  openRefunded: p.integer().default(0),
  openFee: p.integer().default(0),
  /** every row but void ones */
  allPaid: p.integer().default(0),
  allRefunded: p.integer().default(0),
  allFee: p.integer().default(0),
  /** transferred or paid outside Stripe, less reversals */
  transferred: p.integer().default(0),
}

/**
 * A coach's payout totals per team and currency, rolled up from payout_money_deltas by a job every
 * minute (one writer: no row every payment waits on). Read with the deltas not rolled up yet.
 */
export const PayoutMoneyTotalSchema = defineEntity({
  name: 'PayoutMoneyTotal',
  tableName: 'payout_money_totals',
  properties: {
    ...moneyColumns,
    coachId: p.uuid().primary(),
    tenantId: p.uuid().primary(),
    currency: p.string().length(3).primary(),
  },
})
export class PayoutMoneyTotal extends PayoutMoneyTotalSchema.class {}
PayoutMoneyTotalSchema.setClass(PayoutMoneyTotal)

/** One change of a transfer row's money, added to its coach's totals (insert only: writers never wait on each other). */
export const PayoutMoneyDeltaSchema = defineEntity({
  name: 'PayoutMoneyDelta',
  tableName: 'payout_money_deltas',
  indexes: [{ name: 'payout_money_deltas_coach_idx', properties: ['coachId'] }],
  properties: {
    id: p.bigint().primary().autoincrement(),
    ...moneyColumns,
  },
})
export class PayoutMoneyDelta extends PayoutMoneyDeltaSchema.class {}
PayoutMoneyDeltaSchema.setClass(PayoutMoneyDelta)
