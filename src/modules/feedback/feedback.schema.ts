/** Feedback request bodies (the feedback form validates with them; no view or server imports, so its bundle stays small). */
import * as v from 'valibot'

const RATING = 'Please choose a rating from 1 to 5'

export const FeedbackCreateSchema = v.strictObject({
  workshopScheduleId: v.optional(v.pipe(v.string('Workshop schedule is required'), v.uuid('Workshop schedule is required')), null as any),
  rating: v.optional(v.pipe(v.number(RATING), v.integer(RATING), v.minValue(1, RATING), v.maxValue(5, RATING)), null as any),
  comment: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Comment must be at most 2000 characters')))),
})

/** Rating a one-to-one session (after it ended): the booking it was. */
export const SessionFeedbackCreateSchema = v.strictObject({
  bookingId: v.optional(v.pipe(v.string('Booking is required'), v.uuid('Booking is required')), null as any),
  rating: FeedbackCreateSchema.entries.rating,
  comment: FeedbackCreateSchema.entries.comment,
})

export const FeedbackUpdateSchema = v.strictObject({
  rating: v.optional(v.pipe(v.number(RATING), v.integer(RATING), v.minValue(1, RATING), v.maxValue(5, RATING))),
  comment: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Comment must be at most 2000 characters')))),
})
