/**
 * The money of each paid booking as payouts sees it, from the recorded payments and refund rows
 * (never assuming a refund was full): gross (what was paid), refunded (refunds recorded, sent or
 * not), the platform fee on what is left and the coach's net. The fee is PLATFORM_FEE_PERCENT,
 * or the tenant plan's (PLAN_FEE_PERCENT); a made transfer keeps the percent it was made with.
 */
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { PLAN_FEE_PERCENT } from '../tenants'
import type { TransferState } from './payout.entity'

export const feeOf = (base: number, percent: number) => Math.round((Math.max(base, 0) * percent) / 100)
export const netOf = (base: number, percent: number) => Math.max(base, 0) - feeOf(base, percent)

/** The current fee percent of a tenant row (`alias.plan`), as SQL. */
export function planFeeSql(alias: string) {
  const cases = Object.entries(PLAN_FEE_PERCENT)
    .filter(([, pct]) => pct !== null)
    .map(([plan, pct]) => `when '${plan}' then ${Number(pct)}`)
  return cases.length ? `(case ${alias}.plan ${cases.join(' ')} else ${config.PLATFORM_FEE_PERCENT} end)` : `${config.PLATFORM_FEE_PERCENT}`
}

/** How long after a session ends its money may still be refunded before it goes to the coach. */
export const refundWindowMs = () => config.PAYOUT_REFUND_WINDOW_HOURS * 3_600_000
/** When a session's money becomes due to its coach. */
export const dueAt = (endDate: Date) => new Date(endDate.getTime() + refundWindowMs())

/**
 * Every transfer row with the booking's money now (kept on the row by triggers from its payments
 * and refunds: migration payout_ledger), its session (a schedule of a workshop, or a one-to-one
 * session: the booking's own times and its session type's title) and its fee. `?` is the moment "due" is
 * measured against. Callers add their conditions after `where true`.
 */
export const LEDGER_SQL = `
  select t.id, t.booking_id, t.workshop_schedule_id, t.coach_id, t.tenant_id, t.currency, t.state, t.amount, t.reversed,
         t.stripe_transfer_id, t.transferred_at, t.failure_message, t.attempt, t.starts_at,
         t.paid as gross, t.refunds as refunded, t.refunds_pending,
         coalesce(t.fee_percent, ${planFeeSql('tn')}) as fee_percent,
         coalesce(s.start_date, b.starts_at) as start_date, coalesce(s.end_date, b.ends_at) as end_date,
         coalesce(s.timezone, av.time_zone, 'UTC') as timezone, w.id as workshop_id, coalesce(w.title, st.title) as title,
         b.session_type_id, b.seats, b.status as booking_status,
         u.email, u.username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name,
         coalesce(a.payouts_enabled and a.transfers_active, false) as account_enabled,
         (coalesce(s.end_date, b.ends_at) + make_interval(hours => ${config.PAYOUT_REFUND_WINDOW_HOURS}) <= ?::timestamptz) as due,
         t.live_fee as fee
    from payout_transfers t
    join tenants tn on tn.id = t.tenant_id
    join bookings b on b.id = t.booking_id
    left join workshop_schedules s on s.id = t.workshop_schedule_id
    left join workshops w on w.id = s.workshop_id
    left join session_types st on st.id = b.session_type_id
    left join availabilities av on av.coach_id = b.session_coach_id
    join users u on u.id = b.user_id
    left join connected_accounts a on a.user_id = t.coach_id
   where true`

export type TransferStatus = 'pending' | 'transferred' | 'reversed' | 'partially_reversed'

/** The API's status of a row: waiting, transferred (by Stripe or outside it), reversed in full or in part. */
export function statusOf(state: TransferState, amount: number, reversed: number): TransferStatus {
  if (state === 'pending' || state === 'sending' || state === 'void') return 'pending'
  if (reversed <= 0) return 'transferred'
  return reversed >= amount ? 'reversed' : 'partially_reversed'
}

export interface LedgerRow {
  id: string
  bookingId: string
  bookingStatus: string
  seats: number
  client: string
  /** Null for a one-to-one session. */
  scheduleId: string | null
  /** Null for a one-to-one session. */
  workshopId: string | null
  sessionTypeId: string | null
  title: string
  coachId: string
  tenantId: string
  currency: string
  state: TransferState
  status: TransferStatus
  gross: number
  refunded: number
  fee: number
  feePercent: number
  net: number
  amount: number
  reversed: number
  due: boolean
  /** The session is over (its refund window may still be open until `dueAt`). */
  ended: boolean
  dueAt: Date
  /** The coach's account can receive transfers. */
  accountEnabled: boolean
  startDate: Date
  endDate: Date
  timezone: string
  stripeTransferId: string | null
  transferredAt: Date | null
  failureMessage: string | null
}

const n = (v: unknown) => Number(v ?? 0)

export function ledgerRow(r: any, at = clock.now()): LedgerRow {
  const gross = n(r.gross)
  const refunded = n(r.refunded)
  const fee = n(r.fee)
  return {
    id: r.id,
    bookingId: r.booking_id,
    bookingStatus: r.booking_status,
    seats: n(r.seats),
    client: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username || r.email || 'Unknown',
    scheduleId: r.workshop_schedule_id ?? null,
    workshopId: r.workshop_id ?? null,
    sessionTypeId: r.session_type_id ?? null,
    title: r.title,
    coachId: r.coach_id,
    tenantId: r.tenant_id,
    currency: r.currency,
    state: r.state,
    status: statusOf(r.state, n(r.amount), n(r.reversed)),
    gross,
    refunded: Math.min(refunded, gross),
    fee,
    feePercent: n(r.fee_percent),
    net: Math.max(gross - refunded, 0) - fee,
    amount: n(r.amount),
    reversed: n(r.reversed),
    due: Boolean(r.due),
    ended: new Date(r.end_date) <= at,
    dueAt: dueAt(new Date(r.end_date)),
    accountEnabled: Boolean(r.account_enabled),
    startDate: new Date(r.start_date),
    endDate: new Date(r.end_date),
    timezone: r.timezone,
    stripeTransferId: r.stripe_transfer_id ?? null,
    transferredAt: r.transferred_at ? new Date(r.transferred_at) : null,
    failureMessage: r.failure_message ?? null,
  }
}

/**
 * Per schedule, from its transfer rows (void ones left out): bookings (and seats) that kept
 * money after refunds, revenue
 * after refunds, fee, net, what went to the coach and how many rows still wait. `where` adds
 * conditions on the ledger (`t.`, `s.`, `w.` aliases); its parameters follow the ledger's `?`.
 */
export const scheduleMoneySql = (where: string) => `
  select l.workshop_schedule_id as schedule_id, count(*) filter (where l.gross > l.refunded)::int as bookings,
         coalesce(sum(l.seats) filter (where l.gross > l.refunded), 0)::int as seats,
         coalesce(sum(l.gross), 0)::int as gross, coalesce(sum(least(l.refunded, l.gross)), 0)::int as refunded,
         coalesce(sum(l.fee), 0)::int as fee, coalesce(sum(greatest(l.gross - l.refunded, 0) - l.fee), 0)::int as net,
         coalesce(sum(l.amount - l.reversed) filter (where l.state in ('transferred', 'manual')), 0)::int as transferred,
         count(*) filter (where l.state in ('pending', 'sending'))::int as open,
         count(*) filter (where l.state in ('transferred', 'manual'))::int as settled,
         max(l.fee_percent)::int as fee_percent
    from (${LEDGER_SQL} and t.state <> 'void' ${where}) l group by l.workshop_schedule_id`
