import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
import { Booking, BookingSeat } from '../bookings'
import { User } from '../users'
import type { NotificationKind } from './notification.schema'

/** sending: claimed, being sent; sent; failed: the mail server refused it (retried); skipped: no longer due when its turn came. */
export const DELIVERY_STATUSES = ['sending', 'sent', 'failed', 'skipped'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/**
 * One reminder or follow-up of one seat: the row is the right to send it. It is inserted
 * (`sending`) by the statement that finds it due, and the unique key (seat, kind, start it was
 * planned for) lets exactly one inserter win, whatever the retries or the number of app
 * servers: each mail goes at most once per seat and kind. A moved session has a new start, so
 * its reminders are planned again.
 */
export const SentNotificationSchema = defineEntity({
  name: 'SentNotification',
  tableName: 'sent_notifications',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('sent_notifications', [scope.user()])],
  uniques: [{ name: 'sent_notifications_seat_kind_start_unique', properties: ['seat', 'kind', 'startsAt'] }],
  indexes: [
    // The retry pass reads only the failed ones that are due.
    {
      name: 'sent_notifications_retry_idx',
      expression: `create index "sent_notifications_retry_idx" on "sent_notifications" ("next_attempt_at") where status = 'failed'`,
    },
  ],
  properties: {
    ...baseProperties,
    seat: () => p.manyToOne(BookingSeat).deleteRule('cascade'),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    kind: p.string().length(24).$type<NotificationKind>(),
    /** The session start this mail was planned for. */
    startsAt: p.datetime(),
    status: p.string().length(16).default('sending').$type<DeliveryStatus>(),
    attempts: p.integer().default(1),
    nextAttemptAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    /** Why it failed or was skipped. */
    note: p.string().length(500).nullable(),
  },
})
export class SentNotification extends SentNotificationSchema.class {}
SentNotificationSchema.setClass(SentNotification)

/** A kind of mail a user turned off (settings, or the unsubscribe link): one row per user and kind. */
export const MailOptOutSchema = defineEntity({
  name: 'MailOptOut',
  tableName: 'mail_opt_outs',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('mail_opt_outs', [scope.user()])],
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    kind: p.string().length(24).primary().$type<NotificationKind>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
})
export class MailOptOut extends MailOptOutSchema.class {}
MailOptOutSchema.setClass(MailOptOut)
