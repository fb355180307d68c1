/**
 * The conversation's mail: at most one per 10 minutes per conversation and reader, summarising
 * what is new since their last mail or visit. A reader's row is due (`mail_due_at`) when a
 * message arrived; one conditional UPDATE hands each due row to exactly one worker (SKIP
 * LOCKED), whatever the retries or the number of app servers.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { log } from '../../platform/log'
import { layout, sendMail } from '../../platform/mail'
import { conversationPath } from './conversation.service'
import { nameSql, type Role } from './people'

interface Due {
  booking_id: string
  user_id: string
  since: Date | null
  email: string
  first_name: string | null
  title: string
  role: Role
}

/** Messages quoted in one summary (the rest are counted). */
const QUOTED = 5
const fmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })

/** Sends every due summary (of one booking, when given); answers how many mails went. */
export async function mailDueReaders(em: EntityManager, at = clock.now(), bookingId?: string): Promise<number> {
  const conn = em
  const claimed = await conn.execute<Due[]>(
    `with due as (
       select r.booking_id, r.user_id, greatest(r.mailed_through, r.last_read_at) as since
         from conversation_readers r
        where r.mail_due_at <= ? ${bookingId ? 'and r.booking_id = ?' : ''}
        order by r.mail_due_at limit 200 for update skip locked),
     claimed as (
       update conversation_readers r set mail_due_at = null, mailed_through = ?
         from due where r.booking_id = due.booking_id and r.user_id = due.user_id
       returning r.booking_id, r.user_id, due.since)
     select c.booking_id, c.user_id, c.since, u.email, u.profile->>'firstName' as first_name, w.title,
            case when s.coach_id = c.user_id then 'coach' when b.user_id = c.user_id
                   or exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.user_id = c.user_id and bs.status = 'ACCEPTED' and bs.deleted_at is null)
                 then 'client' else 'manager' end as role
       from claimed c join users u on u.id = c.user_id join bookings b on b.id = c.booking_id
       join workshop_schedules s on s.id = b.workshop_schedule_id join workshops w on w.id = s.workshop_id`,
    bookingId ? [at, bookingId, at] : [at, at],
  )
  let sent = 0
  for (const d of claimed) {
    const news = await conn.execute<{ body: string; created_at: Date; author: string }[]>(
      `select m.body, m.created_at, ${nameSql('u')} as author from booking_messages m join users u on u.id = m.author_id
        where m.booking_id = ? and m.author_id <> ? and m.created_at <= ? ${d.since ? 'and m.created_at > ?' : ''}
        order by m.created_at desc, m.id desc`,
      d.since ? [d.booking_id, d.user_id, at, d.since] : [d.booking_id, d.user_id, at],
    )
    if (!news.length) continue
    const n = news.length
    const quoted = news.slice(0, QUOTED).reverse()
    const url = `${config.APP_URL}${conversationPath(d.booking_id, d.role)}`
    const mail = layout(
      `${n === 1 ? 'A new message' : `${n} new messages`} about ${d.title}`,
      `${n === 1 ? 'A new message' : `${n} new messages`} about ${d.title}`,
      [
        { p: d.first_name ? `Hi ${d.first_name},` : 'Hello,' },
        ...(n > QUOTED ? [{ p: `The latest ${QUOTED} of ${n}:` }] : []),
        ...quoted.map((m) => ({ p: `${m.author} (${fmt.format(new Date(m.created_at))}): ${m.body.length > 600 ? `${m.body.slice(0, 599)}…` : m.body}` })),
        { button: { label: 'Reply on the booking page', url } },
        { note: { text: 'You get at most one mail every 10 minutes per conversation; everything new is on the booking page.' } },
      ],
    )
    try {
      await sendMail({ to: d.email, ...mail })
      // The throttle counts from the mail that went.
      await conn.execute(`update conversation_readers set mailed_at = ? where booking_id = ? and user_id = ?`, [at, d.booking_id, d.user_id])
      sent++
    } catch (err) {
      // Due again in a minute (the sweep retries); what was claimed is not lost.
      log.warn({ err: err instanceof Error ? err.message : String(err), bookingId: d.booking_id }, 'conversation mail not sent: will retry')
      await conn.execute(`update conversation_readers set mail_due_at = ?, mailed_through = ? where booking_id = ? and user_id = ?`, [
        new Date(at.getTime() + 60_000),
        d.since,
        d.booking_id,
        d.user_id,
      ])
    }
  }
  return sent
}
