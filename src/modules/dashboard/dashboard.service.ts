import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { queryPrepared } from '../../platform/db/prepared'
import { EARNING_STATUSES, split } from '../payouts'
import { toAmount } from '../workshops'

export interface Range {
  from: Date
  to: Date
}

const n = (v: unknown) => Number(v ?? 0)
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
    `select c.upcoming, c.upcoming_seats, c.next_start, m.bookings, m.seats, m.spent
       from (select count(*) as upcoming, coalesce(sum(p.seats), 0) as upcoming_seats, min(p.starts_at) as next_start
               from booking_people p where p.user_id = ? and p.starts_at > ? and p.status in ('PENDING', 'CONFIRMED')) c,
            (select count(*) as bookings, coalesce(sum(b.seats) filter (where b.status <> 'CANCELLED'), 0) as seats,
                    coalesce(sum(b.amount_paid) filter (where b.status <> 'CANCELLED'), 0) as spent
               from bookings b where b.user_id = ? and b.deleted_at is null and b.created_at between ? and ?) m`,
    [userId, t, userId, r.from, r.to],
  )
  return {
    upcomingBookings: n(row.upcoming),
    upcomingSeats: n(row.upcoming_seats),
    nextWorkshopAt: row.next_start ?? null,
    bookings: n(row.bookings),
    seats: n(row.seats),
    spent: toAmount(n(row.spent)),
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
       coalesce(sum(b.amount_paid) filter (where b.created_at between ? and ?), 0) as revenue,
       count(*) filter (where b.created_at between ? and ?) as bookings
     from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
     where s.coach_id = ? and s.deleted_at is null and b.deleted_at is null and b.status in ${EARNING_STATUSES}`,
    [r.from, r.to, r.from, r.to, r.from, r.to, coachId],
  )
  const [rating] = await queryPrepared<any>(
    em,
    `select avg(rating) as avg, count(*) as n, avg(rating) filter (where created_at between ? and ?) as avg_range
       from feedbacks where coach_id = ? and deleted_at is null`,
    [r.from, r.to, coachId],
  )
  const capacity = n(sched.capacity)
  const seatsSold = n(sold.seats_sold)
  const money = split(n(sold.revenue))
  return {
    upcomingSchedules: n(sched.upcoming),
    schedules: n(sched.in_range),
    seatsSold,
    capacity,
    fillRate: capacity ? Math.round((seatsSold / capacity) * 1000) / 10 : null,
    bookings: n(sold.bookings),
    revenue: toAmount(money.revenue),
    fees: toAmount(money.fee),
    net: toAmount(money.net),
    rating: { average: avg(rating.avg), count: n(rating.n), averageInRange: avg(rating.avg_range) },
  }
}

/** Operators: bookings and revenue in the range, users and tenants (total and new). */
export async function adminMetrics(em: EntityManager, r: Range) {
  const [row] = await queryPrepared<any>(
    em,
    `select
       (select count(*) from bookings where deleted_at is null and created_at between ? and ?) as bookings,
       (select coalesce(sum(amount_paid), 0) from bookings where deleted_at is null and created_at between ? and ? and status in ${EARNING_STATUSES}) as revenue,
       (select count(*) from users where deleted_at is null) as users,
       (select count(*) from users where deleted_at is null and created_at between ? and ?) as new_users,
       (select count(*) from tenants where deleted_at is null) as tenants,
       (select count(*) from tenants where deleted_at is null and created_at between ? and ?) as new_tenants,
       (select count(*) from workshop_schedules where deleted_at is null and status = 'PUBLISHED' and start_date > ?) as upcoming_schedules`,
    [r.from, r.to, r.from, r.to, r.from, r.to, r.from, r.to, now()],
  )
  const money = split(n(row.revenue))
  return {
    bookings: n(row.bookings),
    revenue: toAmount(money.revenue),
    platformFees: toAmount(money.fee),
    users: n(row.users),
    newUsers: n(row.new_users),
    tenants: n(row.tenants),
    newTenants: n(row.new_tenants),
    upcomingSchedules: n(row.upcoming_schedules),
  }
}
