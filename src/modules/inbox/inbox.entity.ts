import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
import { User } from '../users'
import type { InboxKind } from './inbox.schema'

/**
 * One item of a person's notification centre (the bell): a new message, a waitlist offer, a
 * booking moved or cancelled by the coach, an application to a job posting. Items of one
 * thread (`groupKey`, e.g. a booking's conversation) fold into one unread item that counts.
 */
export const InboxItemSchema = defineEntity({
  name: 'InboxItem',
  tableName: 'inbox_items',
  // A person's notification centre (page changes: that person).
  triggers: [...pageChangeTriggers('inbox_items', [scope.user()])],
  uniques: [
    // One unread item per thread and person: a new message of the same thread updates it.
    { name: 'inbox_items_open_group_unique', properties: ['user', 'groupKey'], where: 'read_at is null and group_key is not null' },
    // The same event told twice (a retried job) is one item.
    { name: 'inbox_items_event_unique', properties: ['user', 'eventKey'], where: 'event_key is not null' },
  ],
  indexes: [
    { name: 'inbox_items_user_created_idx', properties: ['user', 'createdAt', 'id'] },
    { name: 'inbox_items_unread_idx', expression: `create index "inbox_items_unread_idx" on "inbox_items" ("user_id") where read_at is null` },
  ],
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    kind: p.string().length(32).$type<InboxKind>(),
    title: p.string().length(255),
    body: p.string().length(500).nullable(),
    /** Where the item leads (a path of the site). */
    url: p.string().length(500),
    /** How many events this item folds (new messages of one conversation). */
    count: p.integer().default(1),
    readAt: p.datetime().nullable(),
    groupKey: p.string().length(200).nullable(),
    eventKey: p.string().length(200).nullable(),
  },
})
export class InboxItem extends InboxItemSchema.class {}
InboxItemSchema.setClass(InboxItem)
