import * as v from 'valibot'
import { DateTime } from '../../shared/view'
import { PublicUserView } from '../users/user.schema'

const RATING = 'Please choose a rating from 1 to 5'

export const FeedbackCreateSchema = v.strictObject({
  workshopScheduleId: v.optional(v.pipe(v.string('Workshop schedule is required'), v.uuid('Workshop schedule is required')), null as any),
  rating: v.optional(v.pipe(v.number(RATING), v.integer(RATING), v.minValue(1, RATING), v.maxValue(5, RATING)), null as any),
  comment: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Comment must be at most 2000 characters')))),
})

export const FeedbackUpdateSchema = v.strictObject({
  rating: v.optional(v.pipe(v.number(RATING), v.integer(RATING), v.minValue(1, RATING), v.maxValue(5, RATING))),
  comment: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Comment must be at most 2000 characters')))),
})

/** One feedback (feedback.routes.ts serializeFeedback). */
export const FeedbackView = v.object({
  id: v.string(),
  tenantId: v.string(),
  workshopScheduleId: v.string(),
  coachId: v.string(),
  userId: v.string(),
  bookingSeatId: v.string(),
  rating: v.number(),
  comment: v.nullable(v.string()),
  user: v.optional(PublicUserView),
  createdAt: DateTime,
  updatedAt: DateTime,
})
