/**
 * Sessions: one-to-one time a coach sells (session types), the coach's weekly hours and date
 * overrides, busy calendars read from ICS addresses, and the free times that follow. The
 * booking of a session is a row of the bookings module's one booking table (bookings stands
 * above this module and books through `checkSessionTime` and the exclusion constraint).
 */
import './feed.jobs'
import './workshop-guard'

export { availabilityRoutes } from './availability.routes'
export {
  AVAILABILITY_MESSAGES,
  AvailabilitySchema as AvailabilityBodySchema,
  CalendarFeedCreateSchema,
  isTimeZone,
  SlotsQuerySchema,
} from './availability.schema'
export { availabilityOf, serializeAvailability } from './availability.service'
export { type ComingSession, coachSessionTypes, comingSessions, SESSIONS_PER_PAGE } from './coach.view'
export { lockCoachTime } from './coach-time'
export { listFeeds, serializeFeed } from './feed.service'
export { localDate } from './local-time'
export { loadSessionOccasion, loadSessionOccasions, type SessionOccasion } from './occasion'
export { publicSessionRoutes, SlotsAnswer, slotsAnswer } from './public.routes'
export { findPublicSessionType, MAX_SLOT_DAYS, publicSessionTypesOf, publicSlots } from './public.service'
export { Availability, CalendarFeed, SessionType } from './session.entity'
export { checkSessionTime, SESSION_TIME_TAKEN } from './session-time'
export { sessionTypeRoutes } from './session-type.routes'
export { SESSION_MODE_LABEL, SESSION_MODES, type SessionMode, SessionTypeView } from './session-type.schema'
export { type PublicSessionType, serializeSessionType } from './session-type.serialize'
export { changeSessionTypesCurrency } from './team-money'
