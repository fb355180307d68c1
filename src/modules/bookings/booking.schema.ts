/**
 * Booking and seat request bodies with the messages of docs/product-rules.md section 5, word for word.
 * No server imports: the booking forms validate with the same schemas.
 */
import * as v from 'valibot'
import { countryRule } from '../../shared/country-codes'
import { RefundPolicyView } from '../../shared/refund-policy'
import { metaObject, withinMetaSize } from '../../shared/rules'
import { DateTime, NullableDateTime, Obj } from '../../shared/view'
import { BillingSchema, BookingTaxView } from '../tax/tax.schema'
import { voucherCodeRule } from '../vouchers/voucher.schema'
import { AnswersInput, StoredAnswersView } from '../workshops/question.schema'
import { attendanceNotesRule, BookingCancelSchema, coachNotesRule, NOTE_MESSAGES, noteText } from './booking-notes.schema'

export { BookingCancelSchema }

export const BOOKING_STATUS_VALUES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'] as const

export const BOOKING_MESSAGES = {
  userId: 'User ID is required',
  workshopScheduleId: 'Workshop schedule is required',
  seats: 'At least 1 seat is required',
  seatsMax: 'At most 100 seats can be booked at once',
  voucherCode: 'Voucher code cannot exceed 32 characters',
  addressLine1: 'Address line 1 is required',
  city: 'City is required',
  state: 'State is required',
  zip: 'ZIP code is required',
  country: 'Please select a valid country',
  status: 'Please select a valid status',
  resourceId: 'Resource ID is required',
  bookingId: 'Booking ID is required',
  userOrEmail: 'Either user ID or email must be provided',
  email: 'Please enter a valid email address',
  attendanceNotes: NOTE_MESSAGES.attendanceNotes,
  reason: NOTE_MESSAGES.reason,
  notes: 'Notes cannot exceed 5000 characters',
  resourcePreferencesMax: 'At most 200 resource preferences per booking',
  sessionTypeId: 'Session type is required',
  startsAt: 'Please choose a time for the session',
  oneThing: 'Book seats on a workshop schedule or a session, not both',
} as const
const M = BOOKING_MESSAGES

const uuid = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.uuid(message))
const required = (message: string, max = 255) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `Must be at most ${max} characters`))
const text = noteText

export const AddressSchema = v.object({
  addressLine1: v.optional(required(M.addressLine1), ''),
  addressLine2: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(255, 'Must be at most 255 characters'))),
  city: v.optional(required(M.city), ''),
  state: v.optional(required(M.state), ''),
  zip: v.optional(required(M.zip, 32), ''),
  country: v.nullish(countryRule),
})

export const ResourcePreferenceSchema = v.object({
  id: v.optional(uuid(M.resourceId), ''),
  isVisible: v.optional(v.boolean(), true),
  isBroadcast: v.optional(v.boolean()),
})

export const BookingMetaSchema = withinMetaSize(
  v.looseObject({
    workshopResourcePreferences: v.optional(v.pipe(v.array(ResourcePreferenceSchema), v.maxLength(200, M.resourcePreferencesMax))),
  }),
)

/** An empty voucher field means "no voucher". */
const voucherCode = v.nullish(v.union([v.literal(''), voucherCodeRule], M.voucherCode))

/** An ISO 8601 instant with a time and a zone or offset ("2026-12-01T09:00:00Z"). */
const instant = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)), message),
  )
const optionalId = (message: string) => v.optional(v.union([v.literal(''), uuid(message)], message), '')

/**
 * The fields of `POST /v1/bookings` one by one (the checkout's forms run them per field):
 * seats on a schedule (`workshopScheduleId`, `userId`, `seats`...) or a one-to-one session
 * (`sessionTypeId`, `startsAt`; the booker is the caller). BookingCreateBody adds which are required.
 */
export const BookingCreateSchema = v.strictObject({
  userId: optionalId(M.userId),
  workshopScheduleId: optionalId(M.workshopScheduleId),
  sessionTypeId: optionalId(M.sessionTypeId),
  startsAt: v.nullish(instant(M.startsAt)),
  seats: v.optional(v.pipe(v.number(M.seats), v.integer(M.seats), v.minValue(1, M.seats), v.maxValue(100, M.seatsMax)), 1),
  voucherCode,
  notes: text(5000, M.notes),
  address: v.nullish(AddressSchema),
  meta: v.nullish(BookingMetaSchema),
  /** Book the seats a waitlist offer holds for you (exactly its seats). */
  waitlistEntryId: v.nullish(v.union([v.literal(''), uuid('This waitlist offer is not valid.')])),
  /**
   * Who the invoice is made out to, and where the buyer is (the tax depends on it): the country;
   * a company adds its name, address and VAT ID (a valid EU VAT ID of another member state than
   * the seller's makes an online sale reverse charge).
   */
  billing: v.nullish(BillingSchema),
  /** Answers to the workshop's questions, `{ [questionId]: value }` (checked against them: 422 on `answers.<id>`). */
  answers: v.nullish(AnswersInput),
})

type CreateBody = v.InferOutput<typeof BookingCreateSchema>
const pathTo = (key: string, value: unknown) => [{ type: 'object' as const, origin: 'value' as const, input: {}, key, value }] as unknown as [v.IssuePathItem]

/**
 * The body of `POST /v1/bookings`: seats on a schedule (with their booker) or a session (with
 * its time; the booker is the caller), not both. One check reports every missing field at once.
 */
export const BookingCreateBody = v.pipe(
  BookingCreateSchema,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const d = dataset.value as CreateBody
    const missing = (key: keyof CreateBody, message: string) => addIssue({ message, path: pathTo(key, d[key]) })
    if (!d.workshopScheduleId && !d.sessionTypeId) missing('workshopScheduleId', M.workshopScheduleId)
    // Seats name their booker (the API books for others too); a session is the caller's own.
    if (!d.sessionTypeId && !d.userId) missing('userId', M.userId)
    if (d.sessionTypeId && !d.startsAt) missing('startsAt', M.startsAt)
    if (d.workshopScheduleId && d.sessionTypeId) missing('sessionTypeId', M.oneThing)
  }),
)

/** Moving a session booking to another free time of its type. */
export const SessionTimeSchema = v.strictObject({ startsAt: v.optional(instant(M.startsAt), '') })

/** Edit: status is required (the current one to keep it); a change goes through the state machine. */
export const BookingUpdateSchema = v.strictObject({
  status: v.optional(v.picklist(BOOKING_STATUS_VALUES, M.status), '' as never),
  notes: text(5000, M.notes),
  coachNotes: coachNotesRule,
  cancellationReason: text(1000, NOTE_MESSAGES.cancellationReason),
  address: v.nullish(AddressSchema),
  meta: v.nullish(BookingMetaSchema),
})

const seatTarget = {
  userId: v.nullish(v.union([v.literal(''), uuid('Please select a valid user')])),
  email: v.nullish(v.union([v.literal(''), v.pipe(v.string(M.email), v.trim(), v.toLowerCase(), v.maxLength(255, M.email), v.email(M.email))])),
}
const eitherUserOrEmail = v.forward<any, any, any>(
  v.check((d: { userId?: string | null; email?: string | null }) => !!(d.userId || d.email), M.userOrEmail),
  ['userId'],
)

export const SeatCreateSchema = v.pipe(
  v.strictObject({
    bookingId: v.optional(uuid(M.bookingId), ''),
    ...seatTarget,
    attendanceNotes: attendanceNotesRule,
    meta: v.nullish(metaObject()),
  }),
  eitherUserOrEmail,
)

export const SeatUpdateSchema = v.strictObject({
  ...seatTarget,
  attended: v.optional(v.boolean('Attended must be true or false')),
  attendanceNotes: attendanceNotesRule,
  meta: v.nullish(metaObject()),
})

export const InvitationTokenSchema = v.strictObject({
  /** The holder's answers to the workshop's per-seat questions (422 on `answers.<id>`). */
  answers: v.nullish(AnswersInput),
  invitation_token: v.optional(
    v.pipe(
      v.string('The invitation token is required'),
      v.trim(),
      v.nonEmpty('The invitation token is required'),
      v.maxLength(200, 'The invitation token is not valid'),
    ),
    '',
  ),
})

/** Accepting a seat addressed to me: the holder's answers to the per-seat questions. */
export const SeatAnswersSchema = v.strictObject({ answers: v.nullish(AnswersInput) })

// Views: what the booking routes answer (booking.serialize.ts is typed by them).
const ns = v.nullable(v.string())
export const PersonView = v.object({ id: v.string(), name: v.string(), username: ns, email: v.string(), avatarUrl: ns })
export const ScheduleBriefView = v.object({
  id: v.string(),
  startDate: DateTime,
  endDate: DateTime,
  timezone: v.string(),
  mode: v.string(),
  country: ns,
  status: v.string(),
  visibility: v.string(),
  coachId: ns,
  workshop: v.object({
    id: ns,
    title: v.optional(v.string()),
    slug: v.optional(v.string()),
    image: v.optional(ns),
    price: v.optional(v.number()),
    currency: v.optional(v.string()),
    minSeats: v.optional(v.number()),
    maxSeats: v.optional(v.number()),
  }),
})
/** What a session booking books (the session type's public fields, the coach and the time zone of its hours). */
export const SessionBriefView = v.object({
  id: v.string(),
  title: v.string(),
  durationMinutes: v.number(),
  mode: v.string(),
  coachId: ns,
})
export const BookingView = v.object({
  id: v.string(),
  tenantId: ns,
  userId: ns,
  workshopScheduleId: v.pipe(ns, v.description('The schedule of a seat booking; null for a one-to-one session')),
  sessionTypeId: v.pipe(ns, v.description('The session type of a one-to-one session; null for seats')),
  startsAt: v.pipe(NullableDateTime, v.description("A session's start (a seat booking: its schedule's)")),
  endsAt: v.pipe(NullableDateTime, v.description("A session's end")),
  seats: v.number(),
  voucherCode: ns,
  status: v.picklist(BOOKING_STATUS_VALUES),
  amountTotal: v.number(),
  discount: v.number(),
  amountDue: v.number(),
  amountPaid: v.number(),
  currency: v.string(),
  paymentMethod: ns,
  paymentTransactionId: ns,
  notes: ns,
  coachNotes: v.optional(v.pipe(ns, v.description('For the coach and super-admins only'))),
  cancellationReason: ns,
  meta: Obj,
  address: v.nullable(Obj),
  holdExpiresAt: NullableDateTime,
  confirmedAt: NullableDateTime,
  cancelledAt: NullableDateTime,
  refundAmount: v.pipe(v.nullable(v.number()), v.description('What the cancellation refunds (decimal); null until a paid booking is cancelled')),
  billing: v.pipe(
    v.nullable(v.object({ company: ns, address: ns, country: v.string(), region: ns, vatId: ns })),
    v.description('The billing details the invoice is made out to'),
  ),
  tax: v.pipe(
    v.nullable(BookingTaxView),
    v.description('The tax the server computed: kind (none, standard, reverse_charge, outside_scope), rate, where, and net, tax and gross (gross = amountDue)'),
  ),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: NullableDateTime,
  workshopSchedule: v.optional(ScheduleBriefView),
  sessionType: v.optional(SessionBriefView),
  user: v.optional(PersonView),
  answers: v.optional(
    v.pipe(v.nullable(StoredAnswersView), v.description("Answers to the workshop's once-per-booking questions, each with the question as asked")),
  ),
})
export const RefundQuoteView = v.object({
  bookingId: v.string(),
  status: v.picklist(BOOKING_STATUS_VALUES),
  currency: v.string(),
  amountPaid: v.pipe(v.number(), v.description('What the booking holds now (decimal): paid, less what was already refunded')),
  refundAmount: v.pipe(v.number(), v.description('What cancelling now gives back (decimal)')),
  percent: v.number(),
  tier: v.picklist(['full', 'partial', 'none']),
  appliesPolicy: v.pipe(
    v.boolean(),
    v.description('True when the caller is the client (the refund policy decides); false for the coach or a super-admin (a full refund)'),
  ),
  policy: RefundPolicyView,
  description: v.string(),
  fullRefundUntil: v.pipe(NullableDateTime, v.description('Until when (inclusive) a cancellation is refunded in full; null: always')),
  partialRefundUntil: v.pipe(NullableDateTime, v.description('Until when (inclusive) the partial refund holds; null: no partial step')),
  quotedAt: DateTime,
})
export const SeatView = v.object({
  id: v.string(),
  tenantId: ns,
  bookingId: ns,
  userId: ns,
  email: ns,
  inviterId: ns,
  status: v.string(),
  attended: v.nullable(v.boolean()),
  attendanceNotes: ns,
  meta: Obj,
  invitationSentAt: NullableDateTime,
  invitationExpiresAt: NullableDateTime,
  respondedAt: NullableDateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: NullableDateTime,
  user: v.optional(PersonView),
  inviter: v.optional(PersonView),
  answers: v.optional(v.pipe(v.nullable(StoredAnswersView), v.description("The holder's answers to the per-seat questions"))),
})

/**
 * `POST /v1/bookings/quote`: what booking these seats would cost the caller, tax included, before
 * booking (the checkout's summary). The same fields as the booking's, and the same rules.
 */
export const BookingQuoteSchema = v.strictObject({
  workshopScheduleId: uuid(M.workshopScheduleId),
  seats: BookingCreateSchema.entries.seats,
  voucherCode,
  billing: v.nullish(BillingSchema),
})

/** The price of a booking before it is made: decimals of its currency, the tax as the server decides it. */
export const BookingQuoteView = v.object({
  currency: v.string(),
  seats: v.number(),
  amountTotal: v.pipe(v.number(), v.description('The seats at the workshop price')),
  discount: v.number(),
  amountDue: v.pipe(v.number(), v.description('What the booking would charge: the tax’s gross')),
  tax: BookingTaxView,
})
