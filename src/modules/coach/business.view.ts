/** Feedback, the payout ledger (per schedule, from payouts' ledger) and invoices as the coach reads them: fixed statement counts. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { type ListQuery, pagedSql } from '../../platform/db/paged-sql'
import { decimalString } from '../../shared/money'
import { isUuid, num, personName, ratingsOf } from './sql'
import { iso } from './tables.view'

/** How many workshops a filter offers (the latest touched, plus the one selected). */
export const WORKSHOP_CHOICES = 40

/**
 * The coach's workshops with their rating (the feedback filter and summary), from the rating counts
 * (feedback_totals): in the current team, or in every team (`null` with everyTeam: the account's payouts).
 */
export async function coachWorkshopRatings(
  em: EntityManager,
  coachId: string,
  tenantId: string | null,
  opts: { everyTeam?: boolean; selected?: string | null } = {},
) {
  // A filter's screenful: the workshops touched last (each workshop's own page reaches the rest), and the one selected.
  const rows = await em.execute<any[]>(
    `select * from (
       (select w.id, w.title, w.updated_at, t.n1, t.n2, t.n3, t.n4, t.n5 from workshops w
          left join feedback_totals t on t.kind = 'w' and t.id = w.id and t.tenant_id = w.tenant_id
         where w.coach_id = ? and w.deleted_at is null and (?::uuid is null or w.tenant_id = ?::uuid) order by w.updated_at desc, w.id limit ${WORKSHOP_CHOICES})
       union
       (select w.id, w.title, w.updated_at, t.n1, t.n2, t.n3, t.n4, t.n5 from workshops w
          left join feedback_totals t on t.kind = 'w' and t.id = w.id and t.tenant_id = w.tenant_id
         where w.id = ?::uuid and w.coach_id = ? and w.deleted_at is null and (?::uuid is null or w.tenant_id = ?::uuid))) x
     order by x.title, x.id`,
    [
      coachId,
      opts.everyTeam ? null : tenantId,
      opts.everyTeam ? null : tenantId,
      isUuid(opts.selected) ? opts.selected : null,
      coachId,
      opts.everyTeam ? null : tenantId,
      opts.everyTeam ? null : tenantId,
    ],
  )
  return rows.map((r) => {
    const rating = ratingsOf(r)
    return { id: r.id as string, title: r.title as string, average: rating.average, count: rating.count }
  })
}

/**
 * Per schedule of a coach: its money, summed over its own transfer rows (which keep the booking's
 * money: payouts' ledger), one row per schedule that took money. Parameters: coach, coach, status,
 * status, workshop, workshop.
 */
const scheduleLedgerSql = () => `
  select s.id, s.start_date, s.end_date, s.timezone, s.payout_status, s.paid_out_at, w.id as workshop_id, w.title, w.currency,
         m.bookings, m.seats, m.gross, m.refunded, m.fee, m.net, m.transferred, m.open
    from workshop_schedules s join workshops w on w.id = s.workshop_id
    cross join lateral (
      select count(*)::int as n, count(*) filter (where t.paid > t.refunds)::int as bookings,
             coalesce(sum(b.seats) filter (where t.paid > t.refunds), 0)::int as seats,
             coalesce(sum(t.paid), 0)::int as gross, coalesce(sum(least(t.refunds, t.paid)), 0)::int as refunded,
             coalesce(sum(t.live_fee), 0)::int as fee, coalesce(sum(greatest(t.paid - t.refunds, 0) - t.live_fee), 0)::int as net,
             coalesce(sum(t.amount - t.reversed) filter (where t.state in ('transferred', 'manual')), 0)::int as transferred,
             count(*) filter (where t.state in ('pending', 'sending'))::int as open
        from payout_transfers t join bookings b on b.id = t.booking_id
       where t.workshop_schedule_id = s.id and t.coach_id = ? and t.state <> 'void') m
   where m.n > 0 and s.coach_id = ? and s.deleted_at is null and (?::text is null or s.payout_status = ?) and (?::uuid is null or s.workshop_id = ?::uuid)`

const LEDGER_ORDER = { session: 't.start_date', workshop: 'lower(t.title)', bookings: 't.bookings', gross: 't.gross', status: 't.payout_status' }

function ledgerFilters(f: { status?: string | null; workshop?: string | null }) {
  const status = f.status === 'paid' || f.status === 'pending' ? f.status : null
  const workshop = isUuid(f.workshop) ? f.workshop : null
  return { status, workshop }
}

const ledgerRowOf = (r: any, at: Date) => ({
  id: r.id as string,
  workshopId: r.workshop_id as string,
  title: r.title as string,
  startDate: iso(r.start_date)!,
  endDate: iso(r.end_date)!,
  timezone: r.timezone as string,
  ended: new Date(r.end_date) <= at,
  bookings: num(r.bookings),
  seats: num(r.seats),
  currency: r.currency as string,
  gross: num(r.gross),
  refunded: num(r.refunded),
  fee: num(r.fee),
  net: num(r.net),
  transferred: num(r.transferred),
  open: num(r.open),
  status: r.payout_status as string,
  paidAt: iso(r.paid_out_at),
})

const csvCell = (v: unknown) => {
  const s = v instanceof Date ? v.toISOString() : String(v ?? '')
  // Quote always; a leading = + - @ is neutralised so spreadsheets never run it as a formula.
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`
}
const amount = (minor: number, currency: string) => decimalString(minor, currency)

/** The payout ledger per schedule as CSV (RFC 4180, CRLF): gross, fee and net after refunds, what was transferred. */
export async function payoutLedgerCsv(em: EntityManager, coachId: string, f: { status?: string | null; workshop?: string | null }) {
  const { status, workshop } = ledgerFilters(f)
  const at = now()
  const rows = await em.execute<any[]>(`${scheduleLedgerSql()} order by s.start_date desc limit 100000`, [coachId, coachId, status, status, workshop, workshop])
  const head = [
    'Schedule',
    'Workshop',
    'Start',
    'End',
    'Time zone',
    'Bookings',
    'Seats',
    'Currency',
    'Gross',
    'Refunds',
    'Platform fee',
    'Net',
    'Transferred',
    'Status',
    'Paid at',
  ]
  const lines = [
    head,
    ...rows
      .map((r) => ledgerRowOf(r, at))
      .map((r) => [
        r.id,
        r.title,
        r.startDate,
        r.endDate,
        r.timezone,
        r.bookings,
        r.seats,
        r.currency.toUpperCase(),
        amount(r.gross, r.currency),
        amount(r.refunded, r.currency),
        amount(r.fee, r.currency),
        amount(r.net, r.currency),
        amount(r.transferred, r.currency),
        r.status,
        r.paidAt ?? '',
      ]),
  ]
  return `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`
}

/**
 * The payout ledger, one row per schedule that took money, latest session first: filters status,
 * workshop (a workshop's schedules are walked in start order, each summed over its own transfers).
 */
export async function coachPayoutsPage(em: EntityManager, coachId: string, q: ListQuery, scope: { workshop?: string } = {}) {
  const { status, workshop } = ledgerFilters({ status: q.filters.status, workshop: isUuid(scope.workshop) ? scope.workshop : q.filters.workshop })
  const at = now()
  const params = [coachId, coachId, status, status, workshop, workshop]
  const page = await pagedSql(em, scheduleLedgerSql(), params, q, LEDGER_ORDER, 't.start_date desc, t.id', {
    sql: `select 1 from workshop_schedules s where s.coach_id = ? and s.deleted_at is null and (?::text is null or s.payout_status = ?) and (?::uuid is null or s.workshop_id = ?::uuid)
            and exists (select 1 from payout_transfers t where t.workshop_schedule_id = s.id and t.coach_id = ? and t.state <> 'void')`,
    params: [coachId, status, status, workshop, workshop, coachId],
  })
  return { ...page, rows: page.rows.map((r: any) => ledgerRowOf(r, at)) }
}

/**
 * One page of a workshop's paid bookings with their invoice and credit note numbers (numbered on
 * first download), latest session first: one statement over the workshop's bookings in index order.
 */
export async function workshopInvoicesPage(em: EntityManager, coachId: string, tenantId: string | null, workshopId: string | undefined, q: ListQuery) {
  if (!isUuid(workshopId)) return { rows: [], total: 0, page: 0 }
  const status = ['PENDING', 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'NO_SHOW'].includes(q.filters.status ?? '') ? q.filters.status : null
  const where = `b.workshop_id = ? and b.coach_id = ? and b.tenant_id = ? and b.deleted_at is null and (?::text is null or b.status = ?)
        and (b.amount_paid > 0 or exists (select 1 from invoices x where x.booking_id = b.id))`
  const params = [workshopId, coachId, tenantId, status, status]
  const page = await pagedSql(
    em,
    `select b.id, b.status, b.amount_paid, b.currency, b.starts_at, s.start_date, s.timezone, u.email, u.username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name,
            (select max(i.number) from invoices i where i.booking_id = b.id and i.kind = 'invoice') as invoice_no,
            (select max(i.number) from invoices i where i.booking_id = b.id and i.kind = 'credit_note') as credit_no
       from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join users u on u.id = b.user_id
      where ${where}`,
    params,
    q,
    { client: `lower(coalesce(t.first_name, t.username, t.email))`, session: 't.starts_at', paid: 't.amount_paid', status: 't.status' },
    't.starts_at desc, t.id',
    { sql: `select 1 from bookings b where ${where}`, params },
  )
  return {
    ...page,
    rows: page.rows.map((r: any) => ({
      id: r.id as string,
      status: r.status as string,
      amountPaid: num(r.amount_paid),
      currency: r.currency as string,
      client: personName(r),
      startDate: iso(r.start_date)!,
      timezone: r.timezone as string,
      invoice: r.invoice_no != null ? `INV-${String(r.invoice_no).padStart(6, '0')}` : null,
      creditNote: r.credit_no != null ? `CN-${String(r.credit_no).padStart(6, '0')}` : null,
    })),
  }
}

const MODES = ['ONLINE', 'IN-PERSON', 'HYBRID']

/** One page of a workshop's past sessions with seats sold, attendance and rating: one statement. */
export async function workshopHistoryPage(em: EntityManager, coachId: string, tenantId: string | null, workshopId: string | undefined, q: ListQuery) {
  if (!isUuid(workshopId)) return { rows: [], total: 0, page: 0 }
  const mode = q.filters.mode && MODES.includes(q.filters.mode) ? q.filters.mode : null
  const page = await pagedSql(
    em,
    `select s.id, s.start_date, s.timezone, s.mode, s.status, w.max_seats,
            coalesce((select sum(b.seats) from bookings b where b.workshop_schedule_id = s.id and b.deleted_at is null
                       and b.status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW')), 0)::int as confirmed,
            (select count(*) from booking_seats bs join bookings bb on bb.id = bs.booking_id
              where bb.workshop_schedule_id = s.id and bb.deleted_at is null and bs.deleted_at is null and bs.attended)::int as attended,
            (select count(*) from booking_seats bs join bookings bb on bb.id = bs.booking_id
              where bb.workshop_schedule_id = s.id and bb.deleted_at is null and bs.deleted_at is null and bs.status = 'ACCEPTED'
                and bb.status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW'))::int as accepted,
            ft.n1, ft.n2, ft.n3, ft.n4, ft.n5
       from workshop_schedules s join workshops w on w.id = s.workshop_id
       left join feedback_totals ft on ft.kind = 's' and ft.id = s.id and ft.tenant_id = s.tenant_id
      where s.workshop_id = ? and w.coach_id = ? and w.tenant_id = ? and s.deleted_at is null and s.end_date <= ? and (?::text is null or s.mode = ?)`,
    [workshopId, coachId, tenantId, now(), mode, mode],
    q,
    {
      session: 't.start_date',
      seats: 't.confirmed',
      fill: 't.confirmed',
      attended: 't.attended',
      rating: '(t.n1 + 2 * t.n2 + 3 * t.n3 + 4 * t.n4 + 5 * t.n5)::float / nullif(t.n1 + t.n2 + t.n3 + t.n4 + t.n5, 0)',
    },
    't.start_date desc, t.id',
  )
  return {
    ...page,
    rows: page.rows.map((r: any) => ({
      id: r.id as string,
      startDate: iso(r.start_date)!,
      timezone: r.timezone as string,
      mode: r.mode as string,
      cancelled: r.status === 'ARCHIVED',
      maxSeats: num(r.max_seats),
      confirmed: num(r.confirmed),
      attended: num(r.attended),
      accepted: num(r.accepted),
      rating: ratingsOf(r).average,
      ratings: ratingsOf(r).count,
    })),
  }
}
