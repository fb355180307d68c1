/** The notification centre's kinds, bodies and views. No server imports: the bell island uses them. */
import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'

export const INBOX_KINDS = [
  'booking_message',
  'schedule_message',
  'waitlist_offer',
  'booking_moved',
  'booking_cancelled',
  'instalment_due',
  'job_application',
] as const
export type InboxKind = (typeof INBOX_KINDS)[number]

export const INBOX_MESSAGES = {
  ids: 'Send the ids of the notifications to mark read, or all: true',
  id: 'Each id must be a notification id',
  idsMax: 'At most 100 ids at once',
} as const

/** `POST /v1/notifications/read`: `{ ids }` or `{ all: true }`. */
export const InboxReadSchema = v.pipe(
  v.strictObject({
    ids: v.optional(
      v.pipe(v.array(v.pipe(v.string(INBOX_MESSAGES.id), v.uuid(INBOX_MESSAGES.id)), INBOX_MESSAGES.ids), v.maxLength(100, INBOX_MESSAGES.idsMax)),
    ),
    all: v.optional(v.literal(true, INBOX_MESSAGES.ids)),
  }),
  v.forward(
    v.check((b) => !!b.all !== !!b.ids?.length, INBOX_MESSAGES.ids),
    ['ids'],
  ),
)

export const InboxItemView = v.object({
  id: v.string(),
  kind: v.picklist(INBOX_KINDS),
  title: v.string(),
  body: v.nullable(v.string()),
  url: v.pipe(v.string(), v.description('Where the item leads (a path of the site)')),
  count: v.pipe(v.number(), v.description('Events folded into this item (new messages of one conversation)')),
  read: v.boolean(),
  readAt: NullableDateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type InboxItemRow = v.InferOutput<typeof InboxItemView>

export const InboxPageView = v.object({
  data: v.array(InboxItemView),
  meta: v.object({
    page: v.number(),
    perPage: v.number(),
    total: v.number(),
    lastPage: v.number(),
    unread: v.pipe(v.number(), v.description('Unread items in all')),
  }),
})
export const InboxReadView = v.object({ marked: v.number(), unread: v.number() })
