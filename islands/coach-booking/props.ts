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
})
export type CoachBookingProps = v.InferOutput<typeof CoachBookingProps>
