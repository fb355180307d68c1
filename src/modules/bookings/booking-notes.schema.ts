/**
 * The booking rules a coach's booking page checks as the coach types: coach notes, a seat's
 * attendance notes, and the cancel reason, with their section 5 messages. A file of its own (the
 * booking schema imports these rules, so the API and the forms share them): the coach booking
 * island loads these few rules, not the whole booking schema with the voucher, address and
 * country rules it does not use.
 */
import * as v from 'valibot'

export const NOTE_MESSAGES = {
  attendanceNotes: 'Attendance notes cannot exceed 1000 characters',
  reason: 'A reason is required to cancel a booking',
  coachNotes: 'Coach notes cannot exceed 5000 characters',
  cancellationReason: 'Cancellation reason cannot exceed 1000 characters',
} as const

/** Optional text of at most `max` characters (null or absent: none). */
export const noteText = (max: number, message: string) => v.nullish(v.pipe(v.string(message), v.maxLength(max, message)))

export const coachNotesRule = noteText(5000, NOTE_MESSAGES.coachNotes)
export const attendanceNotesRule = noteText(1000, NOTE_MESSAGES.attendanceNotes)

export const BookingCancelSchema = v.strictObject({
  reason: v.optional(
    v.pipe(v.string(NOTE_MESSAGES.reason), v.trim(), v.nonEmpty(NOTE_MESSAGES.reason), v.maxLength(1000, NOTE_MESSAGES.cancellationReason)),
    '',
  ),
  /** The refund the client was shown (decimal, from the refund quote): if it changed meanwhile the cancel answers 409 and nothing changes. */
  expectedRefund: v.nullish(v.pipe(v.number('The expected refund must be an amount'), v.minValue(0, 'The expected refund must be an amount'))),
})

/** The coach's notes form of a booking. */
export const CoachNotesSchema = v.object({ coachNotes: coachNotesRule })
/** A seat's attendance notes form. */
export const AttendanceNotesSchema = v.object({ attendanceNotes: attendanceNotesRule })
