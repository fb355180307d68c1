import * as v from 'valibot'

const s = v.nullable(v.string())
export const CoachScheduleItem = v.object({
  id: v.string(),
  when: v.string(),
  startDate: v.string(),
  endDate: v.string(),
  timezone: v.string(),
  country: s,
  level: v.string(),
  status: v.string(),
  visibility: v.string(),
  mode: v.string(),
  venueName: s,
  addressLine1: s,
  addressLine2: s,
  city: s,
  state: s,
  zip: s,
  meetingUrl: s,
  seatsTaken: v.number(),
  confirmed: v.number(),
  bookings: v.number(),
  /** Open waitlist entries and the seats they wait for. */
  waiting: v.number(),
  waitingSeats: v.number(),
  ended: v.boolean(),
  deleted: v.boolean(),
})
export type CoachScheduleItem = v.InferOutput<typeof CoachScheduleItem>

export const CoachSchedulesProps = v.object({
  workshopId: v.string(),
  coachId: v.string(),
  minSeats: v.number(),
  maxSeats: v.number(),
  defaultTimezone: v.string(),
  plan: v.nullable(v.object({ plan: v.string(), published: v.number(), max: v.nullable(v.number()) })),
  schedules: v.array(CoachScheduleItem),
})
export type CoachSchedulesProps = v.InferOutput<typeof CoachSchedulesProps>
