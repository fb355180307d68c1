/**
 * A workshop schedule the coach places over a booked one-to-one session is refused (409) with
 * the session's time in the message: the client booked that hour and was promised it, so the
 * coach moves or cancels the session first (a warning the coach could click through would leave
 * two commitments at once). The check and a session booking take the same per-coach lock
 * (`lockCoachTime`), so neither can slip past the other between its check and its commit.
 */
import { clock } from '../../platform/clock'
import { conflict } from '../../platform/http/errors'
import { onScheduleTime } from '../workshops'
import { lockCoachTime } from './coach-time'

const when = (d: Date, tz: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(d)

onScheduleTime(async (tem, time) => {
  if (time.end.getTime() <= clock.now().getTime()) return
  await lockCoachTime(tem, time.coachId)
  const [hit] = await tem.execute<{ starts_at: Date; ends_at: Date; title: string; time_zone: string | null }[]>(
    `select b.starts_at, b.ends_at, st.title, a.time_zone
       from bookings b join session_types st on st.id = b.session_type_id left join availabilities a on a.coach_id = b.session_coach_id
      where b.session_coach_id = ? and b.status <> 'CANCELLED' and b.deleted_at is null
        and tstzrange(b.blocked_from, b.blocked_until) && tstzrange(?::timestamptz, ?::timestamptz)
      order by b.starts_at limit 1`,
    [time.coachId, time.start, time.end],
  )
  if (!hit) return
  const tz = hit.time_zone ?? 'UTC'
  throw conflict(
    `This time overlaps a booked one-to-one session (${hit.title}, ${when(new Date(hit.starts_at), tz)}). Move or cancel that session first, or pick another time.`,
  )
})
