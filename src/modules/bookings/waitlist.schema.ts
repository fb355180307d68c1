/** Waitlist and reschedule bodies and views. No server imports: islands validate with the same schemas. */
import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'
import { BOOKING_MESSAGES as M } from './booking.schema'

export const WAITLIST_STATUS_VALUES = ['WAITING', 'OFFERED', 'BOOKED', 'EXPIRED', 'LEFT', 'CLOSED'] as const

export const WaitlistJoinSchema = v.strictObject({
  seats: v.optional(v.pipe(v.number(M.seats), v.integer(M.seats), v.minValue(1, M.seats), v.maxValue(100, M.seatsMax)), 1),
})

export const WaitlistView = v.object({
  id: v.string(),
  position: v.pipe(v.nullable(v.number()), v.description('Place in the queue among open entries (1 = next); null once closed')),
  seats: v.number(),
  status: v.picklist(WAITLIST_STATUS_VALUES),
  offerExpiresAt: v.pipe(NullableDateTime, v.description('While OFFERED: until when the seats are held')),
  bookingId: v.nullable(v.string()),
  workshopScheduleId: v.string(),
  createdAt: DateTime,
})

export const MyWaitlistView = v.object({
  ...WaitlistView.entries,
  workshopTitle: v.string(),
  startDate: DateTime,
  endDate: DateTime,
  timezone: v.string(),
})

export const ScheduleWaitlistView = v.object({
  mine: v.nullable(WaitlistView),
  /** Open entries (waiting or offered) and the seats they ask for. */
  waiting: v.number(),
  seatsWaiting: v.number(),
})

export const RESCHEDULE_MESSAGES = { acceptChanges: 'acceptChanges must be true or false.' } as const

export const RescheduleSchema = v.strictObject({
  workshopScheduleId: v.optional(v.pipe(v.string(M.workshopScheduleId), v.trim(), v.nonEmpty(M.workshopScheduleId)), ''),
  /** The client saw and accepted what the new date changes besides the time (format, venue, city). */
  acceptChanges: v.optional(v.boolean(RESCHEDULE_MESSAGES.acceptChanges), false),
})

export const RescheduleView = v.object({
  id: v.string(),
  bookingId: v.string(),
  fromScheduleId: v.string(),
  toScheduleId: v.string(),
  seats: v.number(),
  amountTotal: v.number(),
  discount: v.number(),
  amountDue: v.number(),
  difference: v.pipe(v.number(), v.description('Charged when positive, refunded when negative (decimal)')),
  currency: v.string(),
  status: v.picklist(['PENDING', 'DONE', 'EXPIRED', 'CANCELLED']),
  holdExpiresAt: NullableDateTime,
  completedAt: NullableDateTime,
  createdAt: DateTime,
})

export const RescheduleOptionView = v.object({
  scheduleId: v.string(),
  startDate: DateTime,
  endDate: DateTime,
  timezone: v.pipe(v.string(), v.description('The IANA zone the date is held in (its times read on that clock)')),
  mode: v.picklist(['IN-PERSON', 'ONLINE', 'HYBRID']),
  venue: v.pipe(v.nullable(v.string()), v.description('Venue name and address line; null for an online date')),
  city: v.pipe(v.nullable(v.string()), v.description('City and country; null for an online date')),
  changes: v.pipe(
    v.array(v.picklist(['mode', 'venue', 'city'])),
    v.description('What differs from the booking’s current date besides the time; moving to a date with changes needs acceptChanges: true'),
  ),
  changeNotes: v.pipe(v.array(v.string()), v.description('Each change in a sentence, as the client is told')),
  seatsLeft: v.number(),
  amountTotal: v.number(),
  discount: v.number(),
  amountDue: v.number(),
  difference: v.number(),
  currency: v.string(),
})
