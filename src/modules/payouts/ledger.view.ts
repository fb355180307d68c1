/**
 * What coaches (and operators) read of payouts: the balance per currency, the transfers (one
 * per paid booking) and the per-session summary, each one SQL statement over the ledger
 * (./ledger.ts), so every figure reconciles to the bookings' payments and refunds.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { type PageRequest, pagedSql } from '../../platform/db/paged-sql'
import { isId } from '../../platform/http/ids'
import { LEDGER_SQL, type LedgerRow, ledgerRow, scheduleMoneySql, type TransferStatus } from './ledger'

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

/** A coach's balance per currency. */
export async function coachBalance(em: EntityManager, coachId: string, at = clock.now()): Promise<BalanceRow[]> {
  const rows = await em.execute<any[]>(
    `select l.currency,
            coalesce(sum(greatest(l.gross - l.refunded, 0) - l.fee) filter (where l.state in ('pending', 'sending') and not l.due), 0)::int as pending,
            coalesce(sum(greatest(l.gross - l.refunded, 0) - l.fee) filter (where l.state in ('pending', 'sending') and l.due), 0)::int as available,
            coalesce(sum(l.amount - l.reversed) filter (where l.state in ('transferred', 'manual')), 0)::int as transferred,
            coalesce(sum(l.gross), 0)::int as gross, coalesce(sum(least(l.refunded, l.gross)), 0)::int as refunded, coalesce(sum(l.fee), 0)::int as fee,
            coalesce(sum(greatest(l.gross - l.refunded, 0) - l.fee), 0)::int as net,
            coalesce(sum((select coalesce(sum(r.amount), 0) from payout_reversals r where r.transfer_id = l.id and r.status = 'pending')), 0)::int as reversing,
            0 as paid_out
       from (${LEDGER_SQL} and t.coach_id = ? and t.state <> 'void') l group by l.currency
     union all
     select p.currency, 0, 0, 0, 0, 0, 0, 0, 0, coalesce(sum(p.amount), 0)::int
       from connect_payouts p join connected_accounts a on a.id = p.account_id
      where a.user_id = ? and p.status = 'paid' group by p.currency`,
    [at, coachId, coachId],
  )
  const byCurrency = new Map<string, BalanceRow>()
  for (const r of rows) {
    const b = byCurrency.get(r.currency) ?? {
      currency: r.currency,
      pending: 0,
      available: 0,
      transferred: 0,
      paidOut: 0,
      gross: 0,
      refunded: 0,
      fee: 0,
      net: 0,
      reversing: 0,
    }
    b.pending += n(r.pending)
    b.available += n(r.available)
    b.transferred += n(r.transferred)
    b.paidOut += n(r.paid_out)
    b.gross += n(r.gross)
    b.refunded += n(r.refunded)
    b.fee += n(r.fee)
    b.net += n(r.net)
    b.reversing += n(r.reversing)
    byCurrency.set(r.currency, b)
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
  session: 't.start_date',
  startDate: 't.start_date',
  transferredAt: 't.transferred_at',
  net: '(greatest(t.gross - t.refunded, 0) - t.fee)',
  gross: 't.gross',
  status: 't.state',
  client: 'lower(coalesce(t.first_name, t.username, t.email))',
}

/** One page of transfers (one statement); scope ids that are not ids match nothing. */
export async function transfersPage(em: EntityManager, scope: TransferScope, req: PageRequest, at = clock.now()) {
  const id = (v: string | null | undefined) => (v == null ? null : isId(v) ? v : '00000000-0000-0000-0000-000000000000')
  const status = scope.status && Object.hasOwn(STATUS_SQL, scope.status) ? STATUS_SQL[scope.status as TransferStatus] : 'true'
  const [row, coach, tenant, workshop, schedule] = [id(scope.id), id(scope.coachId), id(scope.tenantId), id(scope.workshopId), id(scope.scheduleId)]
  const page = await pagedSql(
    em,
    `${LEDGER_SQL} and t.state <> 'void' and ${status}
        and (?::uuid is null or t.coach_id = ?::uuid) and (?::uuid is null or t.tenant_id = ?::uuid)
        and (?::uuid is null or w.id = ?::uuid) and (?::uuid is null or s.id = ?::uuid) and (?::uuid is null or t.id = ?::uuid)`,
    [at, coach, coach, tenant, tenant, workshop, workshop, schedule, schedule, row, row],
    req,
    TRANSFER_SORTS,
    't.start_date desc, t.id',
  )
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

/** The sessions a coach's transfers belong to (a table's filter), newest first. */
export async function transferSessions(em: EntityManager, coachId: string, workshopId?: string | null) {
  const rows = await em.execute<any[]>(
    `select s.id, s.start_date, s.timezone, w.title from workshop_schedules s join workshops w on w.id = s.workshop_id
      where exists (select 1 from payout_transfers t where t.workshop_schedule_id = s.id and t.coach_id = ? and t.state <> 'void')
        and (?::uuid is null or w.id = ?::uuid)
      order by s.start_date desc limit 200`,
    [coachId, workshopId && isId(workshopId) ? workshopId : null, workshopId && isId(workshopId) ? workshopId : null],
  )
  return rows.map((r) => ({ id: r.id as string, title: r.title as string, startDate: new Date(r.start_date), timezone: r.timezone as string }))
}
