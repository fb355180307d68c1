/**
 * What coaches (and operators) read of payouts: the balance per currency, the transfers (one
 * per paid booking) and the per-session summary, each one SQL statement over the ledger
 * (./ledger.ts), so every figure reconciles to the bookings' payments and refunds.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { type PageRequest, pagedSql } from '../../platform/db/paged-sql'
import { isId } from '../../platform/http/ids'
import { LEDGER_SQL, type LedgerRow, ledgerRow, scheduleMoneySql, type TransferStatus } from './ledger'
import { moneyTotals } from './totals'

export interface BalanceRow {
  currency: string
  /** Paid bookings of sessions not over yet (or still in their refund window). */
  pending: number
  /** Sessions over and past the refund window, not transferred yet (waiting for the job or for the account). */
  available: number
  /** Transferred to the coach's account (less reversals), or paid outside Stripe. */
  transferred: number
  /** Paid from the coach's Stripe balance to their bank, as the account reports it. */
  paidOut: number
  /** The reconciliation: gross - refunded - fee = net = pending + available + transferred (once reversals are through). */
  gross: number
  refunded: number
  fee: number
  net: number
  /** Reversals recorded and not through yet. */
  reversing: number
}

const n = (v: unknown) => Number(v ?? 0)

/**
 * A coach's balance per currency, from their totals (./totals.ts) and the open transfers already
 * due (their session over and past its refund window: few, the sweep sends them), not from every
 * transfer they ever had.
 */
export async function coachBalance(em: EntityManager, coachId: string, at = clock.now()): Promise<BalanceRow[]> {
  const [totals, due, other] = await Promise.all([
    moneyTotals(em, coachId),
    em.execute<any[]>(
      `select t.currency, coalesce(sum(greatest(t.paid - t.refunds, 0) - t.live_fee), 0)::bigint as available
         from payout_transfers t where t.coach_id = ? and t.state in ('pending', 'sending') and t.ends_at <= ?::timestamptz - make_interval(hours => ${config.PAYOUT_REFUND_WINDOW_HOURS})
        group by t.currency`,
      [coachId, at],
    ),
    em.execute<any[]>(
      `select currency, 'reversing' as kind, coalesce(sum(r.amount), 0)::bigint as amount
         from payout_reversals r join payout_transfers t on t.id = r.transfer_id where r.status = 'pending' and t.coach_id = ? group by t.currency
       union all
       select p.currency, 'paid_out', coalesce(sum(p.amount), 0)::bigint
         from connect_payouts p join connected_accounts a on a.id = p.account_id where a.user_id = ? and p.status = 'paid' group by p.currency`,
      [coachId, coachId],
    ),
  ])
  const byCurrency = new Map<string, BalanceRow>()
  const row = (currency: string) => {
    let b = byCurrency.get(currency)
    if (!b)
      byCurrency.set(currency, (b = { currency, pending: 0, available: 0, transferred: 0, paidOut: 0, gross: 0, refunded: 0, fee: 0, net: 0, reversing: 0 }))
    return b
  }
  for (const t of totals) {
    const b = row(t.currency)
    b.pending += t.openPaid - t.openRefunded - t.openFee
    b.transferred += t.transferred
    b.gross += t.allPaid
    b.refunded += t.allRefunded
    b.fee += t.allFee
    b.net += t.allPaid - t.allRefunded - t.allFee
  }
  for (const d of due) {
    const b = row(d.currency)
    b.available += n(d.available)
    b.pending -= n(d.available)
  }
  for (const o of other) {
    const b = row(o.currency)
    if (o.kind === 'reversing') b.reversing += n(o.amount)
    else b.paidOut += n(o.amount)
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency))
}

export interface TransferScope {
  id?: string | null
  coachId?: string | null
  tenantId?: string | null
  workshopId?: string | null
  scheduleId?: string | null
  status?: string | null
}

const STATUS_SQL: Record<TransferStatus, string> = {
  pending: `t.state in ('pending', 'sending')`,
  transferred: `t.state in ('transferred', 'manual') and t.reversed = 0`,
  reversed: `t.state = 'transferred' and t.reversed > 0 and t.reversed >= t.amount`,
  partially_reversed: `t.state = 'transferred' and t.reversed > 0 and t.reversed < t.amount`,
}
export const TRANSFER_STATUSES = Object.keys(STATUS_SQL) as TransferStatus[]

/** Sortable columns of the transfers list (API names and the table's column ids). */
export const TRANSFER_SORTS: Record<string, string> = {
  session: 't.starts_at',
  startDate: 't.starts_at',
  transferredAt: 't.transferred_at',
  net: '(greatest(t.gross - t.refunded, 0) - t.fee)',
  gross: 't.gross',
  status: 't.state',
  client: 'lower(coalesce(t.first_name, t.username, t.email))',
}

/**
 * One page of transfers (one statement), newest session first from the coach's index (or in the
 * order asked); scope ids that are not ids match nothing. Counted over the transfer rows alone.
 */
export async function transfersPage(em: EntityManager, scope: TransferScope, req: PageRequest, at = clock.now()) {
  const id = (v: string | null | undefined) => (v == null ? null : isId(v) ? v : '00000000-0000-0000-0000-000000000000')
  const status = scope.status && Object.hasOwn(STATUS_SQL, scope.status) ? STATUS_SQL[scope.status as TransferStatus] : null
  const where: string[] = ["t.state <> 'void'"]
  const params: unknown[] = []
  for (const [column, value] of [
    ['t.coach_id', id(scope.coachId)],
    ['t.tenant_id', id(scope.tenantId)],
    ['t.workshop_schedule_id', id(scope.scheduleId)],
    ['t.id', id(scope.id)],
  ] as const)
    if (value) where.push(`${column} = ?`) && params.push(value)
  if (status) where.push(status)
  const workshop = id(scope.workshopId)
  // The workshop's sessions as an array read first (`= any(array(...))`): the planner then takes each
  // session's transfers from its index, never the coach's 20,000 in order (545 ms at the real-size seed).
  if (workshop) where.push('t.workshop_schedule_id = any(array(select ws.id from workshop_schedules ws where ws.workshop_id = ?))') && params.push(workshop)
  const page = await pagedSql(em, `${LEDGER_SQL} and ${where.join(' and ')}`, [at, ...params], req, TRANSFER_SORTS, 't.starts_at desc, t.id', {
    sql: `select 1 from payout_transfers t where ${where.join(' and ')}`,
    params,
  })
  return { ...page, rows: page.rows.map((r) => ledgerRow(r, at)) }
}

/** A transfer as the API answers it (amounts in minor units). */
export const serializeTransfer = (r: LedgerRow) => ({
  id: r.id,
  bookingId: r.bookingId,
  scheduleId: r.scheduleId,
  currency: r.currency,
  gross: r.gross,
  fee: r.fee,
  refunded: r.refunded,
  net: r.net,
  status: r.status,
  stripeTransferId: r.stripeTransferId,
  transferredAt: r.transferredAt,
})

export interface ScheduleMoney {
  bookings: number
  seats: number
  gross: number
  refunded: number
  fee: number
  net: number
  transferred: number
  open: number
  settled: number
  feePercent: number
}

/** Per schedule of a page: what its paid bookings came to (one statement). */
export async function loadScheduleMoney(em: EntityManager, scheduleIds: string[], at = clock.now()) {
  const out = new Map<string, ScheduleMoney>()
  const ids = scheduleIds.filter(isId)
  if (!ids.length) return out
  const rows = await em.execute<any[]>(scheduleMoneySql('and t.workshop_schedule_id = any(?::uuid[])'), [at, `{${ids.join(',')}}`])
  for (const r of rows) {
    out.set(r.schedule_id, {
      bookings: n(r.bookings),
      seats: n(r.seats),
      gross: n(r.gross),
      refunded: n(r.refunded),
      fee: n(r.fee),
      net: n(r.net),
      transferred: n(r.transferred),
      open: n(r.open),
      settled: n(r.settled),
      feePercent: n(r.fee_percent),
    })
  }
  return out
}

/**
 * The sessions a coach's transfers belong to (a table's filter): the 15 next and the 10 latest
 * around now (of one workshop, or of every one), newest first.
 */
export async function transferSessions(em: EntityManager, coachId: string, workshopId?: string | null) {
  const workshop = workshopId && isId(workshopId) ? workshopId : null
  const at = clock.now()
  const part = (dir: 'next' | 'past') => `(select s.id, s.start_date, s.timezone, w.title from workshop_schedules s join workshops w on w.id = s.workshop_id
      where s.id in (select t.workshop_schedule_id from payout_transfers t where t.coach_id = ? and t.state <> 'void'
                       and t.starts_at ${dir === 'next' ? '>=' : '<'} ? ${workshop ? 'and t.workshop_schedule_id = any(array(select ws.id from workshop_schedules ws where ws.workshop_id = ?))' : ''}
                     order by t.starts_at ${dir === 'next' ? 'asc' : 'desc'} limit ${dir === 'next' ? 60 : 40})
      order by s.start_date ${dir === 'next' ? 'asc' : 'desc'} limit ${dir === 'next' ? 15 : 10})`
  const rows = await em.execute<any[]>(`select * from (${part('next')} union ${part('past')}) x order by x.start_date desc`, [
    ...[coachId, at, ...(workshop ? [workshop] : [])],
    ...[coachId, at, ...(workshop ? [workshop] : [])],
  ])
  return rows.map((r) => ({ id: r.id as string, title: r.title as string, startDate: new Date(r.start_date), timezone: r.timezone as string }))
}
