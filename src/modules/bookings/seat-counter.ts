/**
 * The schedule's seat counter (`workshop_schedules.seats_taken`): seats of PENDING and CONFIRMED
 * bookings, of waitlist offers and of pending reschedules. It only grows through one guarded
 * UPDATE (`seats_taken + n <= max_seats`), so the database decides and concurrent requests can
 * never oversell. A transaction that changes several counters changes them in schedule id
 * order (`adjustSeats`), so two opposite moves never wait on each other in a circle.
 *
 * Lock order everywhere: booking row, schedule seat counters (by id), waitlist entries (by
 * position), voucher, tenant invoice counter.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { conflict } from '../../platform/http/errors'
import { count } from '../../shared/words'

export const seatsLeftMessage = (left: number) => (left <= 0 ? 'This workshop is fully booked.' : `Only ${count(left, 'seat')} left.`)

/**
 * Takes `n` seats of a schedule, or answers how many are left. One statement: the UPDATE only
 * matches while `seats_taken + n <= max_seats`.
 */
export async function takeSeats(em: EntityManager, scheduleId: string, n: number): Promise<{ ok: true; seatsTaken: number } | { ok: false; left: number }> {
  const rows = await em.execute(
    `update workshop_schedules s set seats_taken = s.seats_taken + ?, updated_at = now()
       from workshops w
      where s.id = ? and w.id = s.workshop_id and s.seats_taken + ? <= w.max_seats
      returning s.seats_taken`,
    [n, scheduleId, n],
  )
  if (rows.length) return { ok: true, seatsTaken: Number(rows[0].seats_taken) }
  const [r] = await em.execute(
    `select greatest(w.max_seats - s.seats_taken, 0) as left from workshop_schedules s join workshops w on w.id = s.workshop_id where s.id = ?`,
    [scheduleId],
  )
  return { ok: false, left: Number(r?.left ?? 0) }
}

export async function releaseSeats(em: EntityManager, scheduleId: string, n: number) {
  await em.execute(`update workshop_schedules set seats_taken = greatest(seats_taken - ?, 0), updated_at = now() where id = ?`, [n, scheduleId])
}

/**
 * Locks a schedule's counter row (nothing else) and reads what the waitlist needs of it. `FOR NO
 * KEY UPDATE`, the lock the counter's UPDATE takes: it queues behind other counter changes but
 * not behind the key-share locks that inserting a booking (a foreign key to the schedule) holds
 * until its commit, so a booker waiting for the counter and a canceller holding it never wait on
 * each other in a circle (a plain FOR UPDATE did: 50 parallel cancellations, joins and bookings
 * deadlocked).
 */
export async function lockCounter(em: EntityManager, scheduleId: string) {
  const [r] = await em.execute<{ seats_taken: number; max_seats: number; status: string; start_date: Date; deleted_at: Date | null }[]>(
    `select s.seats_taken, w.max_seats, s.status, s.start_date, s.deleted_at
       from workshop_schedules s join workshops w on w.id = s.workshop_id where s.id = ? for no key update of s`,
    [scheduleId],
  )
  return r
    ? { seatsTaken: Number(r.seats_taken), maxSeats: Number(r.max_seats), status: r.status, startDate: new Date(r.start_date), deleted: !!r.deleted_at }
    : null
}

/**
 * Several counter changes in one transaction, in schedule id order: positive deltas through the
 * guarded UPDATE (409 with the seats left when they do not fit), negative ones given back.
 */
export async function adjustSeats(em: EntityManager, changes: { scheduleId: string; delta: number }[]) {
  const net = new Map<string, number>()
  for (const c of changes) net.set(c.scheduleId, (net.get(c.scheduleId) ?? 0) + c.delta)
  for (const id of [...net.keys()].sort()) {
    const delta = net.get(id)!
    if (delta > 0) {
      const taken = await takeSeats(em, id, delta)
      if (!taken.ok) throw conflict(seatsLeftMessage(taken.left))
    } else if (delta < 0) await releaseSeats(em, id, -delta)
  }
}
