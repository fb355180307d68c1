import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'
import { PersonView, ScheduleBriefView } from '../bookings/booking.schema'
import { QuestionView } from '../workshops/question.schema'

/** What an invitation offers (invitation.service.ts showInvitation is typed by it). */
export const InvitationView = v.object({
  seatId: v.string(),
  bookingId: v.string(),
  status: v.string(),
  email: v.nullable(v.string()),
  forUserId: v.nullable(v.string()),
  expiresAt: NullableDateTime,
  bookingStatus: v.string(),
  inviter: v.nullable(v.object({ id: v.string(), name: v.string() })),
  workshopSchedule: ScheduleBriefView,
  questions: v.optional(v.pipe(v.array(QuestionView), v.description("The workshop's per-seat questions the holder answers when accepting"))),
})
/** One person of a client's groups: someone booked with or invited. */
export const GroupView = v.object({
  key: v.string(),
  userId: v.nullable(v.string()),
  email: v.nullable(v.string()),
  person: v.nullable(PersonView),
  bookings: v.number(),
  status: v.picklist(['ACCEPTED', 'PENDING']),
  lastBookedAt: DateTime,
})
