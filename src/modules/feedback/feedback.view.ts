import * as v from 'valibot'
import { DateTime } from '../../shared/view'
import { PublicUserView } from '../users'

/** One feedback (feedback.routes.ts serializeFeedback). */
export const FeedbackView = v.object({
  id: v.string(),
  tenantId: v.string(),
  workshopScheduleId: v.pipe(v.nullable(v.string()), v.description('The schedule rated; null for a one-to-one session')),
  sessionTypeId: v.pipe(v.nullable(v.string()), v.description('The session type of a rated one-to-one session')),
  coachId: v.string(),
  userId: v.string(),
  bookingSeatId: v.string(),
  rating: v.number(),
  comment: v.nullable(v.string()),
  user: v.optional(PublicUserView),
  createdAt: DateTime,
  updatedAt: DateTime,
})
