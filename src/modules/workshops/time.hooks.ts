/**
 * The coach's time is shared by workshops and one-to-one sessions. Workshops sit below the
 * sessions module, which plugs its check in here: a schedule placed over a booked session is
 * refused in the transaction that would save it (the check throws a 409).
 */
import type { EntityManager } from '@mikro-orm/postgresql'

export interface ScheduleTime {
  coachId: string
  start: Date
  end: Date
  /** The schedule being changed (none when it is new). */
  scheduleId?: string | null
}
type TimeCheck = (tem: EntityManager, time: ScheduleTime) => Promise<void> | void
const checks: TimeCheck[] = []

export function onScheduleTime(fn: TimeCheck) {
  checks.push(fn)
}

/** In the caller's transaction, before the schedule row is written. */
export async function checkScheduleTime(tem: EntityManager, time: ScheduleTime) {
  for (const fn of checks) await fn(tem, time)
}
