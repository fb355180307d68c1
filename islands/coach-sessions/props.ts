import * as v from 'valibot'
import { AvailabilityView, CalendarFeedView } from '../../src/modules/sessions/availability.schema'
import { SessionTypeView } from '../../src/modules/sessions/session-type.schema'

/**
 * /c/sessions: the coach's session types in the current team, their weekly hours and date
 * overrides, their busy calendars, and a preview of the free times that follow.
 */
export const CoachSessionsProps = v.object({
  types: v.array(SessionTypeView),
  availability: AvailabilityView,
  calendars: v.array(CalendarFeedView),
  currency: v.string(),
  /** The coach's public profile path (each type's booking page is under it). */
  profilePath: v.string(),
  /** Booking managers of the team see its session types but change only their own. */
  coachId: v.string(),
})
export type CoachSessionsProps = v.InferOutput<typeof CoachSessionsProps>
