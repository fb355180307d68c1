/**
 * One-to-one session types (what a coach sells from their own time): request bodies with their
 * messages, and the views the routes answer. No server imports: the coach's form and the booking
 * island validate with the same rules.
 */
import * as v from 'valibot'
import { RefundPolicyField, RefundPolicyView } from '../../shared/refund-policy'
import { DateTime, NullableDateTime } from '../../shared/view'

export const SESSION_MODES = ['ONLINE', 'IN_PERSON', 'PHONE'] as const
export type SessionMode = (typeof SESSION_MODES)[number]
export const SESSION_TYPE_STATUSES = ['ACTIVE', 'HIDDEN'] as const
export type SessionTypeStatus = (typeof SESSION_TYPE_STATUSES)[number]

export const SESSION_MODE_LABEL: Record<SessionMode, string> = { ONLINE: 'Online', IN_PERSON: 'In person', PHONE: 'Phone call' }

/** Limits of a session type (the form's hints say the same). */
export const SESSION_LIMITS = {
  minDuration: 15,
  maxDuration: 480,
  maxBuffer: 240,
  /** Minimum notice: at most 30 days. */
  maxNoticeMinutes: 43_200,
  maxWindowDays: 365,
  maxPerDay: 48,
} as const
const L = SESSION_LIMITS

export const SESSION_TYPE_MESSAGES = {
  titleMin: 'Title must be at least 3 characters',
  titleMax: 'Title must be at most 255 characters',
  description: 'Description must be at most 5000 characters',
  duration: `Duration must be a whole number of minutes from ${L.minDuration} to ${L.maxDuration}`,
  price: 'Price cannot be negative',
  priceMax: 'Price must be at most 1000000',
  mode: 'Please select how the session takes place: online, in person or by phone',
  location: 'Where must be at most 500 characters',
  address: 'An address is required for in-person sessions',
  buffer: `Buffers must be a whole number of minutes from 0 to ${L.maxBuffer}`,
  notice: `Minimum notice must be a whole number of minutes from 0 to ${L.maxNoticeMinutes}`,
  window: `How far ahead must be a whole number of days from 1 to ${L.maxWindowDays}`,
  maxPerDay: `At most per day must be a whole number from 1 to ${L.maxPerDay}, or empty for no limit`,
  status: 'Please select a valid status: ACTIVE or HIDDEN',
} as const
const M = SESSION_TYPE_MESSAGES

const whole = (min: number, max: number, message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message))

const title = v.pipe(v.string('Title is required'), v.trim(), v.minLength(3, M.titleMin), v.maxLength(255, M.titleMax))
const description = v.nullish(v.pipe(v.string(M.description), v.trim(), v.maxLength(5000, M.description)))
const price = v.pipe(v.number(M.price), v.minValue(0, M.price), v.maxValue(1_000_000, M.priceMax))
const location = v.nullish(v.pipe(v.string(M.location), v.trim(), v.maxLength(500, M.location)))

const fields = {
  title,
  description,
  /** Minutes, 15 to 480. */
  durationMinutes: whole(L.minDuration, L.maxDuration, M.duration),
  /** Decimal, as the API shows money; 0 is a free call. */
  price,
  mode: v.picklist(SESSION_MODES, M.mode),
  /** The meeting link (online), the address (in person, required) or how the call happens (phone). */
  location,
  bufferBeforeMinutes: whole(0, L.maxBuffer, M.buffer),
  bufferAfterMinutes: whole(0, L.maxBuffer, M.buffer),
  minimumNoticeMinutes: whole(0, L.maxNoticeMinutes, M.notice),
  bookingWindowDays: whole(1, L.maxWindowDays, M.window),
  maxPerDay: v.nullish(whole(1, L.maxPerDay, M.maxPerDay)),
  refundPolicy: RefundPolicyField,
  status: v.picklist(SESSION_TYPE_STATUSES, M.status),
}

/** In person needs an address (the location). */
const addressForInPerson = v.forward<any, any, any>(
  v.check((d: { mode?: string; location?: string | null }) => d.mode !== 'IN_PERSON' || !!d.location?.trim(), M.address),
  ['location'],
)

/** A required key answers its own message when missing (the key defaults to null, which the rule refuses). */
const required = <S extends v.GenericSchema>(schema: S) => v.optional(schema, null as never) as unknown as S

export const SessionTypeCreateSchema = v.pipe(
  v.strictObject({
    title: required(fields.title),
    description: fields.description,
    durationMinutes: required(fields.durationMinutes),
    price: v.optional(fields.price, 0),
    mode: v.optional(fields.mode, 'ONLINE'),
    location: fields.location,
    bufferBeforeMinutes: v.optional(fields.bufferBeforeMinutes, 0),
    bufferAfterMinutes: v.optional(fields.bufferAfterMinutes, 0),
    minimumNoticeMinutes: v.optional(fields.minimumNoticeMinutes, 240),
    bookingWindowDays: v.optional(fields.bookingWindowDays, 60),
    maxPerDay: fields.maxPerDay,
    refundPolicy: fields.refundPolicy,
    status: v.optional(fields.status, 'ACTIVE'),
  }),
  addressForInPerson,
)

/** Partial; the merged row is checked again (an in-person type keeps its address). */
export const SessionTypeUpdateSchema = v.strictObject({
  title: v.optional(fields.title),
  description: fields.description,
  durationMinutes: v.optional(fields.durationMinutes),
  price: v.optional(fields.price),
  mode: v.optional(fields.mode),
  location: fields.location,
  bufferBeforeMinutes: v.optional(fields.bufferBeforeMinutes),
  bufferAfterMinutes: v.optional(fields.bufferAfterMinutes),
  minimumNoticeMinutes: v.optional(fields.minimumNoticeMinutes),
  bookingWindowDays: v.optional(fields.bookingWindowDays),
  maxPerDay: fields.maxPerDay,
  refundPolicy: fields.refundPolicy,
  status: v.optional(fields.status),
})

export type SessionTypeInput = v.InferOutput<typeof SessionTypeCreateSchema>

const ns = v.nullable(v.string())

/** A session type as its coach and team see it. */
export const SessionTypeView = v.object({
  id: v.string(),
  tenantId: v.string(),
  coachId: v.string(),
  title: v.string(),
  description: ns,
  durationMinutes: v.number(),
  price: v.pipe(v.number(), v.description('Decimal; 0 is free')),
  currency: v.string(),
  mode: v.picklist(SESSION_MODES),
  location: ns,
  bufferBeforeMinutes: v.number(),
  bufferAfterMinutes: v.number(),
  minimumNoticeMinutes: v.number(),
  bookingWindowDays: v.number(),
  maxPerDay: v.nullable(v.number()),
  refundPolicy: RefundPolicyView,
  status: v.picklist(SESSION_TYPE_STATUSES),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: NullableDateTime,
})

/** What a visitor sees of a session type: never the meeting link or address before booking, never the coach's limits. */
export const PublicSessionTypeView = v.object({
  id: v.string(),
  title: v.string(),
  description: ns,
  durationMinutes: v.number(),
  price: v.number(),
  currency: v.string(),
  /** What the price shows beside it: "incl. VAT", "+ VAT" (the team's tax profile), or null. */
  priceNote: v.nullable(v.string()),
  mode: v.picklist(SESSION_MODES),
  /** The refund policy in force (the session type's, else the team's; null: a full refund whenever cancelled). */
  refundPolicy: RefundPolicyView,
  coach: v.object({ id: v.string(), username: ns, name: v.string() }),
  /** The coach's IANA time zone (where the weekly hours are kept). */
  timeZone: v.string(),
  url: v.string(),
})
