import type { EntityManager } from '@mikro-orm/postgresql'
import { isId } from '../../platform/http/ids'
import type { ScheduleStats } from './serialize'

/** A uuid[] parameter as one array literal (the statement text stays the same for any size). */
export const uuidArray = (ids: Iterable<string>) => `{${[...ids].filter((id) => isId(id)).join(',')}}`

/** True once the bookings module's tables are part of the ORM (they live in another module). */
export const hasBookings = (em: EntityManager) => !!em.getMetadata().getByClassName('Booking', false)

/**
 * Confirmed seats and ratings for a page of schedules: two statements whatever the page size.
 * Confirmed seats decide whether a schedule runs (minSeats reached).
 */
export async function loadScheduleStats(em: EntityManager, ids: string[], opts: { ratings?: boolean } = {}): Promise<ScheduleStats> {
  const confirmedSeats = new Map<string, number>()
  const stats: ScheduleStats = { confirmedSeats }
  if (!ids.length) return stats
  if (hasBookings(em)) {
    const rows = await em.execute<{ id: string; seats: string }[]>(
      `select workshop_schedule_id as id, coalesce(sum(seats), 0) as seats from bookings
        where workshop_schedule_id = any(?::uuid[]) and status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW') and deleted_at is null
        group by workshop_schedule_id`,
      [uuidArray(ids)],
    )
    for (const r of rows) confirmedSeats.set(r.id, Number(r.seats))
  }
  if (opts.ratings) {
    stats.ratings = new Map()
    const rows = await em.execute<{ id: string; avg: string | null; n: string }[]>(
      `select workshop_schedule_id as id, avg(rating) as avg, count(*) as n from feedbacks
        where workshop_schedule_id = any(?::uuid[]) and deleted_at is null group by workshop_schedule_id`,
      [uuidArray(ids)],
    )
    for (const r of rows) stats.ratings.set(r.id, { average: r.avg === null ? null : Math.round(Number(r.avg) * 10) / 10, count: Number(r.n) })
  }
  return stats
}

/**
 * The schedules (of `ids`) whose meeting link `userId` may read as an attendee: a CONFIRMED
 * (or COMPLETED) booking made by them or holding their ACCEPTED seat. One statement.
 */
export async function loadAttendedSchedules(em: EntityManager, ids: string[], userId: string): Promise<Set<string>> {
  const out = new Set<string>()
  if (!ids.length || !hasBookings(em)) return out
  const rows = await em.execute<{ id: string }[]>(
    `select distinct b.workshop_schedule_id as id from bookings b
      where b.workshop_schedule_id = any(?::uuid[]) and b.status in ('CONFIRMED', 'COMPLETED') and b.deleted_at is null
        and (b.user_id = ? or exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.user_id = ?
             and bs.status = 'ACCEPTED' and bs.deleted_at is null))`,
    [uuidArray(ids), userId, userId],
  )
  for (const r of rows) out.add(r.id)
  return out
}
