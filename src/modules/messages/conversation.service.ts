/**
 * A booking's conversation: its people write text (stored and shown as text), newest last.
 * A new message tells everyone else in it (the bell) and schedules their mail: at most one per
 * 10 minutes per conversation and reader (conversation.mail.ts sends the summary).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { afterCommit, transaction } from '../../platform/db/after-commit'
import { conflict } from '../../platform/http/errors'
import { hit } from '../../platform/http/rate-limit'
import { enqueue } from '../../platform/jobs'
import { markThreadRead, tell } from '../inbox'
import { type BookingMessageRow, MESSAGE_LIMITS, MESSAGE_MESSAGES } from './message.schema'
import { type BookingAccess, bookingAccess, nameSql, participants, type Role } from './people'
import { messagesToBooking } from './schedule-message.service'

export const CONVERSATION_MAIL_JOB = 'messages.conversation-mail'
export const threadKey = (bookingId: string) => `conversation:${bookingId}`
/** Where a person reads a booking's conversation: the coach's side or the client's. */
export const conversationPath = (bookingId: string, role: Role) => `${role === 'client' ? '/b' : '/c'}/bookings/${bookingId}#messages`

interface Row {
  id: string
  booking_id: string
  body: string
  author_id: string
  author_name: string
  author_role: Role
  created_at: Date
}

const select = `select m.id, m.booking_id, m.body, m.author_id, m.created_at, ${nameSql('u')} as author_name,
    case when m.author_id = s.coach_id then 'coach' when m.author_id = b.user_id
           or exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.user_id = m.author_id and bs.status = 'ACCEPTED' and bs.deleted_at is null)
         then 'client' else 'manager' end as author_role
  from booking_messages m join users u on u.id = m.author_id join bookings b on b.id = m.booking_id join workshop_schedules s on s.id = b.workshop_schedule_id`

const toView = (r: Row, me: string): BookingMessageRow => ({
  id: r.id,
  bookingId: r.booking_id,
  body: r.body,
  author: { id: r.author_id, name: r.author_name, role: r.author_role },
  mine: r.author_id === me,
  createdAt: new Date(r.created_at).toISOString(),
})

/** The newest `limit` messages (before the message `before`, when given), oldest first. */
export async function listMessages(em: EntityManager, a: BookingAccess, me: string, opts: { before?: string; limit?: number } = {}) {
  const limit = Math.min(50, Math.max(1, opts.limit ?? 30))
  const conn = em
  const cursor = opts.before ? `and (m.created_at, m.id) < (select created_at, id from booking_messages where id = ? and booking_id = ?)` : ''
  const rows = await conn.execute<Row[]>(
    `${select} where m.booking_id = ? ${cursor} order by m.created_at desc, m.id desc limit ?`,
    opts.before ? [a.bookingId, opts.before, a.bookingId, limit + 1] : [a.bookingId, limit + 1],
  )
  const [{ n }] = await conn.execute<{ n: number }[]>(`select count(*)::int as n from booking_messages where booking_id = ?`, [a.bookingId])
  const hasOlder = rows.length > limit
  return {
    data: rows
      .slice(0, limit)
      .reverse()
      .map((r) => toView(r, me)),
    meta: { total: n, hasOlder, canWrite: a.canWrite },
  }
}

/** Opening the conversation reads it: its bell item goes, and the summary mail leaves out what was seen. */
export async function markConversationRead(em: EntityManager, a: BookingAccess, me: string, at = clock.now()) {
  await em.execute(
    `insert into conversation_readers (booking_id, user_id, last_read_at) values (?, ?, ?) on conflict (booking_id, user_id) do update set last_read_at = excluded.last_read_at`,
    [a.bookingId, me, at],
  )
  await markThreadRead(em, me, threadKey(a.bookingId), at)
}

/** Adds a message: 20 a minute per person; tells and (throttled) mails everyone else in the conversation. */
export async function postMessage(em: EntityManager, a: BookingAccess, author: { id: string; name: string }, body: string, at = clock.now()) {
  if (!a.canWrite) throw conflict(MESSAGE_MESSAGES.closed)
  await hit(em, `booking-messages:${author.id}`, MESSAGE_LIMITS.perUserMinute, 60)
  const id = Bun.randomUUIDv7()
  await transaction(em, async (tem) => {
    const conn = tem
    await conn.execute(`insert into booking_messages (id, tenant_id, booking_id, author_id, body, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)`, [
      id,
      a.tenantId,
      a.bookingId,
      author.id,
      body,
      at,
      at,
    ])
    // The author has read everything up to their own message.
    await conn.execute(
      `insert into conversation_readers (booking_id, user_id, last_read_at) values (?, ?, ?) on conflict (booking_id, user_id) do update set last_read_at = excluded.last_read_at`,
      [a.bookingId, author.id, at],
    )
    const others = await participants(tem, a, author.id)
    const preview = body.replace(/\s+/g, ' ').slice(0, 160)
    await tell(
      tem,
      others.map((p) => ({
        userId: p.userId,
        kind: 'booking_message' as const,
        title: `New message from ${author.name} · ${a.title}`,
        body: preview,
        url: conversationPath(a.bookingId, p.role),
        groupKey: threadKey(a.bookingId),
      })),
      at,
    )
    // Each reader's mail is due now, or 10 minutes after their last one (whichever is later).
    for (const p of others)
      await conn.execute(
        `insert into conversation_readers (booking_id, user_id, mail_due_at) values (?, ?, ?)
         on conflict (booking_id, user_id) do update set mail_due_at = coalesce(conversation_readers.mail_due_at,
           greatest(excluded.mail_due_at, conversation_readers.mailed_at + make_interval(mins => ?)))`,
        [a.bookingId, p.userId, at, MESSAGE_LIMITS.mailEveryMinutes],
      )
    afterCommit(tem, () => enqueue(CONVERSATION_MAIL_JOB, { bookingId: a.bookingId }))
  })
  const [row] = await em.execute<Row[]>(`${select} where m.id = ?`, [id])
  return toView(row, author.id)
}

/** What a booking page shows of its messages (null when this person is not in the conversation). */
export async function bookingMessagesView(em: EntityManager, userId: string, bookingId: string) {
  const a = await bookingAccess(em, userId, bookingId)
  if (!a) return null
  const [page, announcements] = await Promise.all([
    listMessages(em, a, userId, { limit: 20 }),
    a.role === 'client' ? messagesToBooking(em, userId, bookingId, 5) : Promise.resolve([]),
  ])
  return {
    bookingId,
    side: a.role === 'client' ? ('client' as const) : ('coach' as const),
    canWrite: page.meta.canWrite,
    messages: page.data,
    hasOlder: page.meta.hasOlder,
    announcements: announcements.map((m) => ({ id: m.id, subject: m.subject, body: m.body, author: m.author.name, createdAt: m.createdAt })),
  }
}
