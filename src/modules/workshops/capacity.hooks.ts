/**
 * More seats on a workshop (the coach raised maxSeats) free seats on its coming schedules. The
 * bookings module, which sits above, plugs its waitlist in here: the listeners run in the
 * transaction that raised the limit, so freed seats are offered before anyone else can book them.
 */
import type { EntityManager } from '@mikro-orm/postgresql'

type SeatsAddedListener = (tem: EntityManager, scheduleIds: string[], at: Date) => Promise<void> | void
const listeners: SeatsAddedListener[] = []

export function onSeatsAdded(fn: SeatsAddedListener) {
  listeners.push(fn)
}

/** In the caller's transaction, after the workshop row changed: tells the listeners which coming schedules gained seats. */
export async function seatsAdded(tem: EntityManager, workshopId: string, at: Date) {
  if (!listeners.length) return
  const rows = await tem.execute<{ id: string }[]>(
    `select id from workshop_schedules where workshop_id = ? and deleted_at is null and status = 'PUBLISHED' and start_date > ? order by id`,
    [workshopId, at],
  )
  if (!rows.length) return
  for (const fn of listeners)
    await fn(
      tem,
      rows.map((r) => r.id),
      at,
    )
}
