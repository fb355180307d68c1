/**
 * A pending reschedule holds seats on its target (counted in the target's seats_taken) while
 * the price difference is being paid. These give that hold back; callers hold the booking row.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { adjustSeats } from './seat-counter'
import { offerFreedSeats } from './waitlist.service'

/**
 * In the caller's transaction (booking row locked): the booking's pending reschedule, if any,
 * becomes `to` and its held target seats go back (with `also`, more counter changes made in the
 * same id-ordered pass). Answers the schedules that got seats back.
 */
export async function dropPendingReschedule(
  tem: EntityManager,
  bookingId: string,
  to: 'CANCELLED' | 'EXPIRED',
  at: Date,
  opts: { also?: { scheduleId: string; delta: number }[]; onlyExpired?: boolean; except?: string } = {},
) {
  const { also = [], onlyExpired = false } = opts
  const [r] = await tem.execute<{ id: string; to_schedule_id: string; seats: number; hold_expires_at: Date | null }[]>(
    `select id, to_schedule_id, seats, hold_expires_at from booking_reschedules where booking_id = ? and status = 'PENDING' and id <> ?`,
    [bookingId, opts.except ?? '00000000-0000-0000-0000-000000000000'],
  )
  const expiredNow = !!r && (!onlyExpired || (!!r.hold_expires_at && new Date(r.hold_expires_at).getTime() <= at.getTime()))
  const changes = [...also]
  if (r && expiredNow) {
    await tem.execute(`update booking_reschedules set status = ?, hold_expires_at = null, updated_at = now() where id = ?`, [to, r.id])
    changes.push({ scheduleId: r.to_schedule_id, delta: -Number(r.seats) })
  }
  await adjustSeats(tem, changes)
  const freed = [...new Set(changes.filter((c) => c.delta < 0).map((c) => c.scheduleId))].sort()
  for (const id of freed) await offerFreedSeats(tem, id, at)
  return { dropped: expiredNow ? r!.id : null, freed }
}
