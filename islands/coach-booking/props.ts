import * as v from 'valibot'

export const CoachBookingProps = v.object({
  view: v.picklist(['overview', 'seats', 'resources']),
  bookingId: v.string(),
  status: v.string(),
  ended: v.boolean(),
  coachNotes: v.string(),
  paid: v.boolean(),
  seats: v.array(v.object({ id: v.string(), holder: v.nullable(v.string()), status: v.string(), attended: v.boolean(), attendanceNotes: v.string() })),
  resources: v.array(v.object({ id: v.string(), title: v.string(), type: v.string(), defaultVisible: v.boolean(), isVisible: v.boolean() })),
  /** A one-to-one session (the coach may move it to another free time of its type before it starts), on the coach's clock. */
  session: v.optional(v.nullable(v.object({ title: v.string(), startDate: v.string(), endDate: v.string(), timeZone: v.string() })), null),
  /** The reader's zone and the render's instant (the move dialog's times). */
  tz: v.optional(v.string(), 'UTC'),
  now: v.optional(v.string(), ''),
})
export type CoachBookingProps = v.InferOutput<typeof CoachBookingProps>
