/**
 * One lock per coach's time, held to the end of the transaction: a session booking (its checks
 * of workshops, busy calendars and the per-day limit) and a workshop schedule placed by the
 * coach take it, so their checks and writes follow one another. The exclusion constraint on
 * `bookings` (`bookings_session_time_excl`) guards sessions against each other whatever runs.
 */
import type { EntityManager } from '@mikro-orm/postgresql'

export async function lockCoachTime(tem: EntityManager, coachId: string) {
  await tem.execute(`select pg_advisory_xact_lock(hashtextextended('coach-time:' || ?, 0))`, [coachId])
}
