/**
 * What coaches and clients write to each other: a message to everyone on a date (with one
 * delivery row per recipient), and the conversation of a booking (with each reader's mail
 * state). Text only: stored and shown as text, never as HTML.
 */
import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
import { Booking } from '../bookings'
import { Tenant } from '../tenants'
import { User } from '../users'
import { WorkshopSchedule } from '../workshops'

/** A coach's message to every confirmed seat holder of a schedule. */
export const ScheduleMessageSchema = defineEntity({
  name: 'ScheduleMessage',
  tableName: 'schedule_messages',
  // Booking pages of the team's clients and the coach's schedule view show them (page changes: the team).
  triggers: [...pageChangeTriggers('schedule_messages', [scope.tenant()])],
  indexes: [{ name: 'schedule_messages_schedule_created_idx', properties: ['schedule', 'createdAt'] }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    schedule: () => p.manyToOne(WorkshopSchedule).deleteRule('cascade'),
    author: () => p.manyToOne(User).deleteRule('cascade').index(),
    subject: p.string().length(200),
    body: p.text(),
    /** How many people it went to (one delivery row each). */
    recipients: p.integer().default(0),
  },
})
export class ScheduleMessage extends ScheduleMessageSchema.class {}
ScheduleMessageSchema.setClass(ScheduleMessage)

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/**
 * One recipient of a schedule message: the row is the right to mail them, and its unique key
 * (message, recipient) makes it one mail per person whatever the retries or the number of app
 * servers. pending -> sending (claimed by one worker) -> sent; a refused send goes back to
 * pending for the next try (failed after the last).
 */
export const ScheduleMessageDeliverySchema = defineEntity({
  name: 'ScheduleMessageDelivery',
  tableName: 'schedule_message_deliveries',
  // A recipient's booking page shows what reached them (page changes: the recipient).
  triggers: [...pageChangeTriggers('schedule_message_deliveries', [scope.user()])],
  uniques: [{ name: 'schedule_message_deliveries_message_user_unique', properties: ['message', 'user'] }],
  indexes: [
    // A booking page shows the messages its holder got.
    { name: 'schedule_message_deliveries_booking_user_idx', properties: ['booking', 'user'] },
    // The sweep finds what is left to send without reading the sent ones.
    {
      name: 'schedule_message_deliveries_open_idx',
      expression: `create index "schedule_message_deliveries_open_idx" on "schedule_message_deliveries" ("message_id") where status in ('pending', 'sending')`,
    },
  ],
  properties: {
    ...baseProperties,
    message: () => p.manyToOne(ScheduleMessage).deleteRule('cascade'),
    booking: () => p.manyToOne(Booking).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    status: p.string().length(16).default('pending').$type<DeliveryStatus>(),
    attempts: p.integer().default(0),
    sentAt: p.datetime().nullable(),
    note: p.string().length(500).nullable(),
  },
})
export class ScheduleMessageDelivery extends ScheduleMessageDeliverySchema.class {}
ScheduleMessageDeliverySchema.setClass(ScheduleMessageDelivery)

/** One message of a booking's conversation (the booker, its seat holders, the coach, the team's managers). */
export const BookingMessageSchema = defineEntity({
  name: 'BookingMessage',
  tableName: 'booking_messages',
  // Both sides' booking pages show the conversation (page changes: the team, which every client page of it depends on).
  triggers: [...pageChangeTriggers('booking_messages', [scope.tenant()])],
  indexes: [{ name: 'booking_messages_booking_created_idx', properties: ['booking', 'createdAt', 'id'] }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade'),
    author: () => p.manyToOne(User).deleteRule('cascade').index(),
    body: p.text(),
  },
})
export class BookingMessage extends BookingMessageSchema.class {}
BookingMessageSchema.setClass(BookingMessage)

/**
 * A reader of a booking's conversation: when they last read it and the mail throttle (at most
 * one mail per 10 minutes per conversation and reader). `mailDueAt` is set when something new
 * waits to be mailed; the worker that clears it (one conditional UPDATE) sends the summary.
 */
export const ConversationReaderSchema = defineEntity({
  name: 'ConversationReader',
  tableName: 'conversation_readers',
  // What a reader has read shows on their own pages only (page changes: the reader).
  triggers: [...pageChangeTriggers('conversation_readers', [scope.user()])],
  indexes: [
    {
      name: 'conversation_readers_due_idx',
      expression: `create index "conversation_readers_due_idx" on "conversation_readers" ("mail_due_at") where mail_due_at is not null`,
    },
  ],
  properties: {
    booking: () => p.manyToOne(Booking).primary().deleteRule('cascade'),
    user: () => p.manyToOne(User).primary().deleteRule('cascade').index(),
    lastReadAt: p.datetime().nullable(),
    /** When the last summary went out. */
    mailedAt: p.datetime().nullable(),
    /** Messages up to this moment were in a summary already. */
    mailedThrough: p.datetime().nullable(),
    mailDueAt: p.datetime().nullable(),
  },
})
export class ConversationReader extends ConversationReaderSchema.class {}
ConversationReaderSchema.setClass(ConversationReader)
