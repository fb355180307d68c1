/**
 * The coach dashboard in four statements whatever the size of the business: revenue and seats
 * per day over the range, coming schedules with their fill, the next sessions, latest feedback
 * with the average, and pending payouts. Everything is the coach's own in the current team.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { queryPrepared } from '../../platform/db/prepared'
import { moneyTotals, split } from '../payouts'
import { num, personName, ratingsOf } from './sql'

/** The dashboard's coming schedules: a screenful, with the workshops page and calendars for the rest. */
export const COMING_LIMIT = 12

export interface DayPoint {
  day: string
  gross: number
  seats: number
}

export async function coachDashboard(em: EntityManager, coachId: string, tenantId: string | null, from: Date, to: Date) {
  const at = now()
  const series = await queryPrepared<{ day: string; gross: string; seats: string }>(
    em,
    `select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(x.gross, 0) as gross, coalesce(x.seats, 0) as seats
       from generate_series(date_trunc('day', ?::timestamptz), date_trunc('day', ?::timestamptz), interval '1 day') as d(day)
       left join (select date_trunc('day', coalesce(b.confirmed_at, b.created_at)) as day, sum(b.amount_paid) as gross, sum(b.seats) as seats
                    from bookings b
                   where b.coach_id = ? and b.tenant_id = ? and b.deleted_at is null and b.status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW')
                     and coalesce(b.confirmed_at, b.created_at) >= date_trunc('day', ?::timestamptz)
                     and coalesce(b.confirmed_at, b.created_at) < date_trunc('day', ?::timestamptz) + interval '1 day'
                   group by 1) x on x.day = d.day
      order by d.day`,
    [from, to, coachId, tenantId, from, to],
  )
  const coming = await queryPrepared<any>(
    em,
    `select s.id, s.start_date, s.end_date, s.timezone, s.status, s.mode, s.seats_taken, w.id as workshop_id, w.title, w.min_seats, w.max_seats,
            coalesce((select sum(b.seats) from bookings b where b.workshop_schedule_id = s.id and b.deleted_at is null and b.status = 'CONFIRMED'), 0) as confirmed,
            (select count(*) from booking_seats bs join bookings b on b.id = bs.booking_id
              where b.workshop_schedule_id = s.id and b.deleted_at is null and bs.deleted_at is null and b.status = 'CONFIRMED' and bs.status = 'ACCEPTED') as attendees
       from workshop_schedules s join workshops w on w.id = s.workshop_id
      where s.coach_id = ? and s.tenant_id = ? and s.deleted_at is null and w.deleted_at is null and s.start_date > ?::timestamptz - interval '7 days'
        and s.end_date > ? and s.status = 'PUBLISHED'
      order by s.start_date limit ${COMING_LIMIT}`,
    [coachId, tenantId, at, at],
  )
  // The average and count with the latest five in one statement (a row even without feedback).
  const fb = await queryPrepared<any>(
    em,
    `select a.n1, a.n2, a.n3, a.n4, a.n5, f.* from (select 1) one left join feedback_totals a on a.kind = 'c' and a.id = ? and a.tenant_id = ?
       left join lateral (
         select f.id, f.rating, f.comment, f.created_at, w.title, s.id as schedule_id, s.start_date, u.username, u.email, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name
           from feedbacks f join workshop_schedules s on s.id = f.workshop_schedule_id join workshops w on w.id = s.workshop_id join users u on u.id = f.user_id
          where f.coach_id = ? and f.tenant_id = ? and f.deleted_at is null order by f.created_at desc limit 5) f on true
      order by f.created_at desc`,
    [coachId, tenantId, coachId, tenantId],
  )
  const totals = ratingsOf(fb[0])
  const rating = { average: totals.average, count: totals.count }
  const latest = fb.filter((x) => x.id)
  // Money still on its way to the coach (not transferred yet): their payout totals in this team.
  const open = (await moneyTotals(em, coachId, tenantId))[0]
  const revenue = open ? open.openPaid - open.openRefunded : 0
  const fee = open?.openFee ?? 0
  const gross = series.reduce((sum, r) => sum + num(r.gross), 0)
  return {
    series: series.map((r): DayPoint => ({ day: r.day, gross: num(r.gross), seats: num(r.seats) })),
    money: split(gross),
    seatsSold: series.reduce((sum, r) => sum + num(r.seats), 0),
    coming: coming.map((r) => ({
      id: r.id as string,
      workshopId: r.workshop_id as string,
      title: r.title as string,
      startDate: new Date(r.start_date),
      endDate: new Date(r.end_date),
      timezone: r.timezone as string,
      mode: r.mode as string,
      seatsTaken: num(r.seats_taken),
      confirmed: num(r.confirmed),
      attendees: num(r.attendees),
      minSeats: num(r.min_seats),
      maxSeats: num(r.max_seats),
      running: new Date(r.start_date) <= at,
    })),
    rating,
    latestFeedback: latest.map((r) => ({
      id: r.id as string,
      rating: num(r.rating),
      comment: r.comment as string | null,
      createdAt: new Date(r.created_at),
      title: r.title as string,
      scheduleId: r.schedule_id as string,
      startDate: new Date(r.start_date),
      author: personName(r),
    })),
    payoutsPending: { bookings: open?.openHeld ?? 0, revenue, fee, net: revenue - fee },
  }
}
export type CoachDashboard = Awaited<ReturnType<typeof coachDashboard>>
