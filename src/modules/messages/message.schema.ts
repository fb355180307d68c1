/**
 * Bodies, limits and views of messages: to everyone on a date, and a booking's conversation.
 * Plain text (links stay text; pages turn addresses into links). No server imports: the
 * islands validate with the same rules.
 */
import * as v from 'valibot'
import { DateTime } from '../../shared/view'

export const MESSAGE_LIMITS = {
  subject: 200,
  body: 5000,
  /** Messages to one date in 24 hours. */
  perScheduleDay: 10,
  /** Conversation messages one person may write per minute. */
  perUserMinute: 20,
  /** At most one mail per conversation and reader in this many minutes. */
  mailEveryMinutes: 10,
} as const
const L = MESSAGE_LIMITS

export const MESSAGE_MESSAGES = {
  subject: 'A subject is required',
  subjectMax: `The subject must be at most ${L.subject} characters`,
  body: 'Write a message',
  bodyMax: `A message must be at most ${L.body.toLocaleString('en')} characters`,
  scheduleDay: `At most ${L.perScheduleDay} messages to one date in 24 hours. Try again later.`,
  closed: 'This booking is cancelled: its conversation is closed.',
} as const
const M = MESSAGE_MESSAGES

const bodyRule = v.pipe(v.string(M.body), v.trim(), v.nonEmpty(M.body), v.maxLength(L.body, M.bodyMax))

/** `POST /v1/workshop-schedules/{id}/messages`. */
export const ScheduleMessageCreateSchema = v.strictObject({
  subject: v.optional(v.pipe(v.string(M.subject), v.trim(), v.nonEmpty(M.subject), v.maxLength(L.subject, M.subjectMax)), ''),
  body: v.optional(bodyRule, ''),
})

/** `POST /v1/bookings/{id}/messages`. */
export const BookingMessageCreateSchema = v.strictObject({
  body: v.optional(bodyRule, ''),
})

const Person = v.object({ id: v.string(), name: v.string() })

export const ScheduleMessageView = v.object({
  id: v.string(),
  scheduleId: v.string(),
  subject: v.string(),
  body: v.string(),
  author: Person,
  recipients: v.pipe(v.number(), v.description('Confirmed seat holders it went to')),
  sent: v.pipe(v.number(), v.description('Mails delivered so far')),
  createdAt: DateTime,
})
export type ScheduleMessageRow = Omit<v.InferOutput<typeof ScheduleMessageView>, 'createdAt'> & { createdAt: string }

export const CONVERSATION_ROLES = ['client', 'coach', 'manager'] as const
export const BookingMessageView = v.object({
  id: v.string(),
  bookingId: v.string(),
  body: v.string(),
  author: v.object({ id: v.string(), name: v.string(), role: v.picklist(CONVERSATION_ROLES) }),
  mine: v.boolean(),
  createdAt: DateTime,
})
export type BookingMessageRow = Omit<v.InferOutput<typeof BookingMessageView>, 'createdAt'> & { createdAt: string }

export const ConversationView = v.object({
  data: v.array(BookingMessageView),
  meta: v.object({
    total: v.number(),
    /** Newest last; `before` (a message id) pages back. */
    hasOlder: v.boolean(),
    canWrite: v.boolean(),
  }),
})

export const MessagesQuery = v.looseObject({
  before: v.optional(v.pipe(v.string(), v.uuid('before must be a message id'))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^(?:[1-9]|[1-4]\d|50)$/, 'limit must be a whole number from 1 to 50'))),
})
