import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { queryPrepared } from '../../platform/db/prepared'
import { toMajor } from '../../shared/money'
import { EARNING_STATUSES, split } from '../payouts'

export interface Range {
  from: Date
  to: Date
}

const n = (v: unknown) => Number(v ?? 0)

/**
 * Sums of money are kept per currency (a client may pay teams in euros and in yen; adding them
 * up would mean nothing): `sql` is a statement whose rows are (currency, amount), largest first;
 * this reads them as one json column.
 */
const perCurrency = (sql: string) =>
  `(select coalesce(json_agg(json_build_object('currency', x.currency, 'amount', x.amount) order by x.amount desc, x.currency), '[]'::json) from (${sql}) x)`
type Sums = { currency: string; amount: number }[]
const sums = (v: unknown): Sums =>
  ((typeof v === 'string' ? JSON.parse(v) : v) as Sums | null)?.map((s) => ({ currency: s.currency, amount: n(s.amount) })) ?? []
/** The main currency of some sums (the largest; the team's default when there is none) and the others, as decimals. */
function mainAndOthers(list: Sums, fallback = 'usd') {
  const [main, ...rest] = list
  return {
    currency: main?.currency ?? fallback,
    amount: main?.amount ?? 0,
    others: rest.map((s) => ({ currency: s.currency, amount: toMajor(s.amount, s.currency) })),
  }
}
const avg = (v: unknown) => (v == null ? null : Math.round(Number(v) * 10) / 10)

/**
 * A client: what is coming (bookings not cancelled whose schedule has not started: their own,
 * and those of others where they hold an accepted seat, one seat each, as the dashboard lists
 * them), and for bookings they made in the range their seats and what was paid. Read from
 * indexes (booking_people's coming rows, the client's bookings by date): the cost of what is
 * coming and of the range, not of everything booked before.
 */
export async function clientMetrics(em: EntityManager, userId: string, r: Range) {
  const t = now()
  const [row] = await queryPrepared<any>(
    em,
    `select c.upcoming, c.upcoming_seats, c.next_start, m.bookings, m.seats,
            ${perCurrency(`select b2.currency, sum(b2.amount_paid)::bigint as amount from bookings b2
               where b2.user_id = ? and b2.deleted_at is null and b2.created_at between ? and ? and b2.status <> 'CANCELLED' group by b2.currency`)} as spent
       from (select count(*) as upcoming, coalesce(sum(p.seats), 0) as upcoming_seats, min(p.starts_at) as next_start
               from booking_people p where p.user_id = ? and p.starts_at > ? and p.status in ('PENDING', 'CONFIRMED')) c,
            (select count(*) as bookings, coalesce(sum(b.seats) filter (where b.status <> 'CANCELLED'), 0) as seats
               from bookings b where b.user_id = ? and b.deleted_at is null and b.created_at between ? and ?) m`,
    [userId, r.from, r.to, userId, t, userId, r.from, r.to],
  )
  const spent = mainAndOthers(sums(row.spent))
  return {
    upcomingBookings: n(row.upcoming),
    upcomingSeats: n(row.upcoming_seats),
    nextWorkshopAt: row.next_start ?? null,
    bookings: n(row.bookings),
    seats: n(row.seats),
    spent: toMajor(spent.amount, spent.currency),
    /** The currency of `spent` (what most was paid in); amounts paid in other currencies are in `spentOther`. */
    currency: spent.currency,
    spentOther: spent.others,
  }
}

/**
 * A coach: coming published schedules; for schedules starting in the range: seats sold,
 * capacity and fill rate; revenue of bookings paid in the range (gross, fee, net); rating.
 */
export async function coachMetrics(em: EntityManager, coachId: string, r: Range) {
  const [sched] = await queryPrepared<any>(
    em,
    `select
       count(*) filter (where s.start_date > ? and s.status = 'PUBLISHED') as upcoming,
       count(*) filter (where s.start_date between ? and ?) as in_range,
       coalesce(sum(w.max_seats) filter (where s.start_date between ? and ?), 0) as capacity
     from workshop_schedules s join workshops w on w.id = s.workshop_id
     where s.coach_id = ? and s.deleted_at is null and s.status <> 'DRAFT'`,
    [now(), r.from, r.to, r.from, r.to, coachId],
  )
  const [sold] = await queryPrepared<any>(
    em,
    `select
       coalesce(sum(b.seats) filter (where s.start_date between ? and ?), 0) as seats_sold,
       ${perCurrency(`select b2.currency, sum(b2.amount_paid)::bigint as amount from bookings b2 join workshop_schedules s2 on s2.id = b2.workshop_schedule_id
          where s2.coach_id = ? and s2.deleted_at is null and b2.deleted_at is null and b2.status in ${EARNING_STATUSES} and b2.created_at between ? and ? group by b2.currency`)} as revenue,
       count(*) filter (where b.created_at between ? and ?) as bookings
     from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
     where s.coach_id = ? and s.deleted_at is null and b.deleted_at is null and b.status in ${EARNING_STATUSES}`,
    [r.from, r.to, coachId, r.from, r.to, r.from, r.to, coachId],
  )
  const [rating] = await queryPrepared<any>(
    em,
    `select avg(rating) as avg, count(*) as n, avg(rating) filter (where created_at between ? and ?) as avg_range
       from feedbacks where coach_id = ? and deleted_at is null`,
    [r.from, r.to, coachId],
  )
  const capacity = n(sched.capacity)
  const seatsSold = n(sold.seats_sold)
  const main = mainAndOthers(sums(sold.revenue))
  const money = split(main.amount)
  const c = main.currency
  return {
    upcomingSchedules: n(sched.upcoming),
    schedules: n(sched.in_range),
    seatsSold,
    capacity,
    fillRate: capacity ? Math.round((seatsSold / capacity) * 1000) / 10 : null,
    bookings: n(sold.bookings),
    revenue: toMajor(money.revenue, c),
    fees: toMajor(money.fee, c),
    net: toMajor(money.net, c),
    /** The currency of revenue, fees and net (what most was sold in); revenue in other currencies is in `revenueOther`. */
    currency: c,
    revenueOther: main.others,
    rating: { average: avg(rating.avg), count: n(rating.n), averageInRange: avg(rating.avg_range) },
  }
}

/** Operators: bookings and revenue in the range, users and tenants (total and new). */
export async function adminMetrics(em: EntityManager, r: Range) {
  const [row] = await queryPrepared<any>(
    em,
    `select
       (select count(*) from bookings where deleted_at is null and created_at between ? and ?) as bookings,
       ${perCurrency(`select currency, sum(amount_paid)::bigint as amount from bookings where deleted_at is null and created_at between ? and ? and status in ${EARNING_STATUSES} group by currency`)} as revenue,
       (select count(*) from users where deleted_at is null) as users,
       (select count(*) from users where deleted_at is null and created_at between ? and ?) as new_users,
       (select count(*) from tenants where deleted_at is null) as tenants,
       (select count(*) from tenants where deleted_at is null and created_at between ? and ?) as new_tenants,
       (select count(*) from workshop_schedules where deleted_at is null and status = 'PUBLISHED' and start_date > ?) as upcoming_schedules`,
    [r.from, r.to, r.from, r.to, r.from, r.to, r.from, r.to, now()],
  )
  const main = mainAndOthers(sums(row.revenue))
  const money = split(main.amount)
  return {
    bookings: n(row.bookings),
    revenue: toMajor(money.revenue, main.currency),
    platformFees: toMajor(money.fee, main.currency),
    /** The currency of revenue and fees (the largest); revenue in other currencies is in `revenueOther`. */
    currency: main.currency,
    revenueOther: main.others,
    users: n(row.users),
    newUsers: n(row.new_users),
    tenants: n(row.tenants),
    newTenants: n(row.new_tenants),
    upcomingSchedules: n(row.upcoming_schedules),
  }
}
