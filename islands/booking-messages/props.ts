import * as v from 'valibot'

const Message = v.object({
  id: v.string(),
  bookingId: v.string(),
  body: v.string(),
  author: v.object({ id: v.string(), name: v.string(), role: v.picklist(['client', 'coach', 'manager']) }),
  mine: v.boolean(),
  createdAt: v.string(),
})

/** A booking's conversation (newest last) and, on the client's side, the messages the coach sent to everyone on the date. */
export const BookingMessagesProps = v.object({
  bookingId: v.string(),
  side: v.picklist(['client', 'coach']),
  canWrite: v.boolean(),
  tz: v.string(),
  messages: v.array(Message),
  hasOlder: v.boolean(),
  announcements: v.array(v.object({ id: v.string(), subject: v.string(), body: v.string(), author: v.string(), createdAt: v.string() })),
})
export type BookingMessagesProps = v.InferOutput<typeof BookingMessagesProps>
export type ConversationMessage = v.InferOutput<typeof Message>
