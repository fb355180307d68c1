/**
 * A coach's message to everyone on a date: every confirmed seat holder (invitees who accepted
 * included, cancelled bookings not) gets it by mail and on their booking page. Written in one
 * transaction: the message, one delivery row per recipient (unique per message and recipient)
 * and their bell items; the mail goes through the job queue after COMMIT. At most 10 per
 * schedule in 24 hours (counted under a lock of that schedule's messages only).
 *
 * Sending claims pending rows with one conditional UPDATE (SKIP LOCKED), so each recipient is
 * mailed by exactly one worker whatever the retries or the number of app servers. A service
 * message: the reminders' unsubscribe does not stop it. A row left `sending` by a crash between
 * claim and send is not sent again (at most once beats twice).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { afterCommit, transaction } from '../../platform/db/after-commit'
import { HttpError, notFound } from '../../platform/http/errors'
import { enqueue } from '../../platform/jobs'
import { log } from '../../platform/log'
import { layout, sendMail } from '../../platform/mail'
import { tell } from '../inbox'
import { MESSAGE_LIMITS, MESSAGE_MESSAGES, type ScheduleMessageRow } from './message.schema'
import { nameSql } from './people'

export const SCHEDULE_MESSAGE_JOB = 'messages.schedule-deliver'
/** Sends are tried this many times in all. */
export const MAX_ATTEMPTS = 5
const BATCH = 20

export interface ScheduleRef {
  id: string
  tenantId: string
  coachId: string
  title: string
  startDate: Date
}

/**
 * The schedule a person may message: its coach, a manager of its team, or a super-admin
 * (anyone else: null, a 404).
 */
export async function messageableSchedule(em: EntityManager, user: { id: string; isSuperAdmin: boolean }, scheduleId: string): Promise<ScheduleRef | null> {
  const [r] = await em.execute<any[]>(
    `select s.id, s.tenant_id, s.coach_id, s.start_date, w.title,
            s.coach_id = ? or exists (select 1 from memberships m where m.tenant_id = s.tenant_id and m.user_id = ? and m.status = 'ACTIVE' and 'manager' = any(m.roles)) as mine
       from workshop_schedules s join workshops w on w.id = s.workshop_id where s.id = ? and s.deleted_at is null`,
    [user.id, user.id, scheduleId],
  )
  if (!r || !(r.mine || user.isSuperAdmin)) return null
  return { id: r.id, tenantId: r.tenant_id, coachId: r.coach_id, title: r.title, startDate: r.start_date }
}

const selectMessages = `select m.id, m.schedule_id, m.subject, m.body, m.recipients, m.created_at, m.author_id, ${nameSql('u')} as author_name,
    (select count(*)::int from schedule_message_deliveries d where d.message_id = m.id and d.status = 'sent') as sent
  from schedule_messages m join users u on u.id = m.author_id`

const toView = (r: any): ScheduleMessageRow => ({
  id: r.id,
  scheduleId: r.schedule_id,
  subject: r.subject,
  body: r.body,
  author: { id: r.author_id, name: r.author_name },
  recipients: r.recipients,
  sent: r.sent,
  createdAt: new Date(r.created_at).toISOString(),
})

/** What was sent to a date, newest first, a page at a time. */
export async function scheduleMessages(em: EntityManager, scheduleId: string, page = 1, perPage = 10) {
  const conn = em
  const rows = await conn.execute<any[]>(`${selectMessages} where m.schedule_id = ? order by m.created_at desc, m.id desc limit ? offset ?`, [
    scheduleId,
    perPage,
    (page - 1) * perPage,
  ])
  const [{ n }] = await conn.execute<{ n: number }[]>(`select count(*)::int as n from schedule_messages where schedule_id = ?`, [scheduleId])
  return { data: rows.map(toView), meta: { page, perPage, total: n, lastPage: Math.max(1, Math.ceil(n / perPage)) } }
}

export async function sendScheduleMessage(
  em: EntityManager,
  s: ScheduleRef,
  author: { id: string; name: string },
  input: { subject: string; body: string },
  at = clock.now(),
): Promise<ScheduleMessageRow> {
  const id = Bun.randomUUIDv7()
  await transaction(em, async (tem) => {
    const conn = tem
    // Only this schedule's messages queue here (a transaction-scoped advisory lock, released at COMMIT).
    await conn.execute(`select pg_advisory_xact_lock(hashtextextended('schedule_messages:' || ?, 0))`, [s.id])
    const [{ n, oldest }] = await conn.execute<{ n: number; oldest: Date | null }[]>(
      `select count(*)::int as n, min(created_at) as oldest from schedule_messages where schedule_id = ? and created_at > ?`,
      [s.id, new Date(at.getTime() - 86_400_000)],
    )
    if (n >= MESSAGE_LIMITS.perScheduleDay) {
      const retry = oldest ? (new Date(oldest).getTime() + 86_400_000 - at.getTime()) / 1000 : 60
      throw new HttpError(429, MESSAGE_MESSAGES.scheduleDay, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retry))) })
    }
    await conn.execute(
      `insert into schedule_messages (id, tenant_id, schedule_id, author_id, subject, body, recipients, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      [id, s.tenantId, s.id, author.id, input.subject, input.body, at, at],
    )
    // Every confirmed seat holder once (a person with seats in two bookings: the first).
    const recipients = await conn.execute<{ user_id: string; booking_id: string }[]>(
      `insert into schedule_message_deliveries (id, message_id, booking_id, user_id, status, attempts, created_at, updated_at)
       select gen_random_uuid(), ?, r.booking_id, r.user_id, 'pending', 0, ?, ?
         from (select distinct on (bs.user_id) bs.user_id, b.id as booking_id
                 from bookings b join booking_seats bs on bs.booking_id = b.id
                 join users u on u.id = bs.user_id and u.deleted_at is null
                where b.workshop_schedule_id = ? and b.status = 'CONFIRMED' and b.deleted_at is null
                  and bs.status = 'ACCEPTED' and bs.deleted_at is null and bs.user_id is not null
                order by bs.user_id, b.created_at) r
       on conflict (message_id, user_id) do nothing
       returning user_id, booking_id`,
      [id, at, at, s.id],
    )
    await conn.execute(`update schedule_messages set recipients = ? where id = ?`, [recipients.length, id])
    await tell(
      tem,
      recipients.map((r) => ({
        userId: r.user_id,
        kind: 'schedule_message' as const,
        title: `${input.subject} · ${s.title}`,
        body: input.body.replace(/\s+/g, ' ').slice(0, 160),
        url: `/b/bookings/${r.booking_id}#messages`,
        eventKey: `schedule_message:${id}`,
      })),
      at,
    )
    afterCommit(tem, () => enqueue(SCHEDULE_MESSAGE_JOB, { messageId: id }))
  })
  const [row] = await em.execute<any[]>(`${selectMessages} where m.id = ?`, [id])
  return toView(row)
}

interface Claimed {
  id: string
  attempts: number
  email: string
  first_name: string | null
  booking_id: string
}

/**
 * Sends what is left of one message. Throws when a send was refused (pg-boss retries the job;
 * the refused rows are pending again, the sent ones never go twice).
 */
export async function deliverScheduleMessage(em: EntityManager, messageId: string): Promise<{ sent: number; failed: number }> {
  const conn = em
  const [m] = await conn.execute<any[]>(
    `select m.id, m.subject, m.body, w.title, s.start_date, s.timezone, ${nameSql('u')} as author
       from schedule_messages m join workshop_schedules s on s.id = m.schedule_id join workshops w on w.id = s.workshop_id join users u on u.id = m.author_id
      where m.id = ?`,
    [messageId],
  )
  if (!m) throw notFound('Message')
  let sent = 0
  let failed = 0
  const refusedRows: { id: string; attempts: number; note: string }[] = []
  try {
    for (;;) {
      const batch = await conn.execute<Claimed[]>(
        `update schedule_message_deliveries d set status = 'sending', attempts = d.attempts + 1, updated_at = now()
           from users u
          where d.id in (select id from schedule_message_deliveries where message_id = ? and status = 'pending' order by id limit ? for update skip locked)
            and u.id = d.user_id
          returning d.id, d.attempts, u.email, u.profile->>'firstName' as first_name, d.booking_id`,
        [messageId, BATCH],
      )
      if (!batch.length) break
      for (const d of batch) {
        const url = `${config.APP_URL}/b/bookings/${d.booking_id}#messages`
        const mail = layout(`${m.subject} · ${m.title}`, m.subject, [
          { p: d.first_name ? `Hi ${d.first_name},` : 'Hello,' },
          { p: `${m.author} wrote to everyone booked on ${m.title}:` },
          ...String(m.body)
            .split(/\n{2,}/)
            .map((p: string) => ({ p })),
          { button: { label: 'View your booking', url } },
          { note: { text: 'You get this message because you have a seat at this workshop. Messages from your coach about your booking are always sent.' } },
        ])
        try {
          await sendMail({ to: d.email, ...mail })
          await conn.execute(`update schedule_message_deliveries set status = 'sent', sent_at = now(), note = null, updated_at = now() where id = ?`, [d.id])
          sent++
        } catch (err) {
          const note = (err instanceof Error ? err.message : String(err)).slice(0, 500)
          log.warn({ err: note, deliveryId: d.id }, 'schedule message not sent: will retry')
          refusedRows.push({ id: d.id, attempts: d.attempts, note })
          failed++
        }
      }
    }
  } finally {
    // A refused row waits for the job's next try (pending again, or failed after the last attempt):
    // set back only now, so this run does not claim it again at once and spend every attempt in a row.
    for (const r of refusedRows)
      await conn.execute(`update schedule_message_deliveries set status = ?, note = ?, updated_at = now() where id = ?`, [
        r.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        r.note,
        r.id,
      ])
  }
  if (failed) throw new Error(`${failed} mail(s) of schedule message ${messageId} were refused: retrying`)
  return { sent, failed }
}

/** Messages whose queued job got lost (the queue was down): those with rows still pending a minute after they were written. */
export async function stalledMessages(em: EntityManager, at = clock.now()): Promise<string[]> {
  const rows = await em.execute<{ message_id: string }[]>(
    `select distinct d.message_id from schedule_message_deliveries d where d.status = 'pending' and d.updated_at < ? limit 50`,
    [new Date(at.getTime() - 60_000)],
  )
  return rows.map((r) => r.message_id)
}

/** The messages to this date that a holder of this booking got (the booking page), newest first. */
export async function messagesToBooking(em: EntityManager, userId: string, bookingId: string, limit = 5) {
  const rows = await em.execute<any[]>(
    `${selectMessages} join schedule_message_deliveries d on d.message_id = m.id and d.user_id = ? and d.booking_id = ?
      order by m.created_at desc, m.id desc limit ?`,
    [userId, bookingId, limit],
  )
  return rows.map(toView)
}
