/**
 * Reminders 24 hours and 1 hour before a session and the feedback request after it, to every
 * holder of an accepted seat of a confirmed booking. A sweep (a pg-boss cron job, every
 * minute, on whichever app server takes it) does three things:
 *
 *  1. claim: one INSERT ... SELECT per kind writes a `sent_notifications` row for each seat
 *     that is due and has none. The unique key (seat, kind, start it was planned for) makes the
 *     database pick one winner when sweeps overlap (a retry, a slow run, two app servers):
 *     ON CONFLICT DO NOTHING ... RETURNING hands each row to exactly one of them;
 *  2. send what this run claimed (re-checked first: still confirmed, seat still accepted,
 *     session neither cancelled nor moved, kind not turned off; else `skipped`);
 *  3. retry the sends the mail server refused (`failed`, with backoff).
 * A row left in `sending` by a crash between claim and send is not sent again: at most once
 * beats twice for a reminder.
 *
 * Due means: the session (not cancelled) starts within the window of the kind, and the seat
 * was held before the reminder's moment (a booking made 10 hours before the start gets the
 * 1-hour reminder only). Windows look back a little (a sweep missed for a while still sends:
 * the 24-hour reminder up to 2 hours late, the 1-hour one up to 45 minutes, the feedback
 * request up to 6 hours); the 24-hour reminder is dropped once the 1-hour one is due. The
 * windows are short because every run probes every seat in them: at 100,000 sessions over 40
 * days the three claims take about 10 ms each (scripts/bench-reminders.ts). Finding them walks partial indexes on the session's start or end
 * (`workshop_schedules_start_due_idx`, `_end_due_idx`) over a window of minutes to hours, then
 * the bookings and seats of those sessions by their foreign-key indexes: the work per run
 * follows the sessions in the window, not the size of the tables. One job per seat would also
 * work, but it has to be re-planned on every move, cancellation or seat change; the sweep reads
 * the truth at the moment it sends.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { getOrm } from '../../platform/db/current'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mail'
import { loadSessionOccasion } from '../sessions'
import { WorkshopSchedule } from '../workshops'
import type { NotificationKind } from './notification.schema'
import { composeReminder } from './reminder.mail'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

interface KindRule {
  /** How long before the start (reminders) the mail is due; feedback requests are due at the end. */
  lead: number
  /** How late a mail may still go. */
  lookback: number
}
export const KIND_RULES: Record<NotificationKind, KindRule> = {
  reminder_24h: { lead: 24 * HOUR, lookback: 2 * HOUR },
  reminder_1h: { lead: HOUR, lookback: 45 * MINUTE },
  feedback_request: { lead: 0, lookback: 6 * HOUR },
}
/** A refused feedback request is still retried this long after the session ended. */
const LATEST_FEEDBACK_RETRY = 48 * HOUR
/** Sends the mail server refused are tried this many times in all, 2, 4, 8... minutes apart. */
export const MAX_ATTEMPTS = 5
/** Claimed rows sent at once by one sweep. */
const SEND_CONCURRENCY = 4
/** Rows one claim statement takes (the next run takes the rest). */
const CLAIM_LIMIT = 1000

/** Conditions shared by the claim and the re-check: a confirmed booking's accepted seat of a session that takes place. */
const HOLDS_SEAT = `b.deleted_at is null and bs.deleted_at is null and bs.status = 'ACCEPTED' and bs.user_id is not null
  and s.deleted_at is null and s.status <> 'ARCHIVED' and u.deleted_at is null`
/** The same for a one-to-one session (a booking with no schedule: its own start and end). */
const HOLDS_SESSION_SEAT = `b.deleted_at is null and bs.deleted_at is null and bs.status = 'ACCEPTED' and bs.user_id is not null and u.deleted_at is null`

/**
 * The claim statement of `kind` at `at` for seats on schedules, or (`sessions`) for one-to-one
 * sessions, found by their own start or end on the bookings' partial indexes
 * (`bookings_session_start_due_idx`, `_end_due_idx`). Exported for the benchmark's query plans.
 */
export function claimStatement(kind: NotificationKind, at: Date, limit = CLAIM_LIMIT, sessions = false): { sql: string; params: unknown[] } {
  if (sessions) return sessionClaimStatement(kind, at, limit)
  const rule = KIND_RULES[kind]
  const feedback = kind === 'feedback_request'
  // Reminders: the start is within [at + lead - lookback, at + lead] (and, for the day-before
  // one, still more than an hour away); feedback requests: the end is within [at - lookback, at].
  const [from, to] = feedback
    ? [new Date(at.getTime() - rule.lookback), at]
    : [new Date(at.getTime() + rule.lead - rule.lookback), new Date(at.getTime() + rule.lead)]
  const notBefore = kind === 'reminder_24h' ? new Date(at.getTime() + KIND_RULES.reminder_1h.lead) : at
  const sql = `insert into sent_notifications (id, seat_id, booking_id, user_id, kind, starts_at, status, attempts, created_at, updated_at)
     select gen_random_uuid(), bs.id, b.id, bs.user_id, ?, s.start_date, 'sending', 1, now(), now()
       from workshop_schedules s
       join bookings b on b.workshop_schedule_id = s.id and b.status in (${feedback ? `'CONFIRMED', 'COMPLETED'` : `'CONFIRMED'`})
       join booking_seats bs on bs.booking_id = b.id
       join users u on u.id = bs.user_id
      where ${feedback ? 's.end_date > ? and s.end_date <= ?' : 's.start_date >= ? and s.start_date <= ? and s.start_date > ?'}
        and ${HOLDS_SEAT}
        and greatest(coalesce(b.confirmed_at, b.created_at), coalesce(bs.responded_at, bs.created_at)) <= ${feedback ? 's.end_date' : 's.start_date - ?::interval'}
        and not exists (select 1 from mail_opt_outs o where o.user_id = bs.user_id and o.kind = ?)
        -- Already claimed ones are left out before the limit (the unique key still decides races).
        and not exists (select 1 from sent_notifications n where n.seat_id = bs.id and n.kind = ? and n.starts_at = s.start_date)
        ${feedback ? 'and not exists (select 1 from feedbacks f where f.booking_seat_id = bs.id and f.deleted_at is null)' : ''}
      limit ${Math.max(1, Math.floor(limit))}
     on conflict (seat_id, kind, starts_at) do nothing
     returning id`
  // The seat must have been held when the mail became due: no reminder that had already passed.
  const params = feedback ? [kind, from, to, kind, kind] : [kind, from, to, notBefore, `${rule.lead / 1000} seconds`, kind, kind]
  return { sql, params }
}

function sessionClaimStatement(kind: NotificationKind, at: Date, limit: number): { sql: string; params: unknown[] } {
  const rule = KIND_RULES[kind]
  const feedback = kind === 'feedback_request'
  const [from, to] = feedback
    ? [new Date(at.getTime() - rule.lookback), at]
    : [new Date(at.getTime() + rule.lead - rule.lookback), new Date(at.getTime() + rule.lead)]
  const notBefore = kind === 'reminder_24h' ? new Date(at.getTime() + KIND_RULES.reminder_1h.lead) : at
  const sql = `insert into sent_notifications (id, seat_id, booking_id, user_id, kind, starts_at, status, attempts, created_at, updated_at)
     select gen_random_uuid(), bs.id, b.id, bs.user_id, ?, b.starts_at, 'sending', 1, now(), now()
       from bookings b
       join booking_seats bs on bs.booking_id = b.id
       join users u on u.id = bs.user_id
      where b.session_type_id is not null and b.status in (${feedback ? `'CONFIRMED', 'COMPLETED'` : `'CONFIRMED'`})
        and ${feedback ? 'b.ends_at > ? and b.ends_at <= ?' : 'b.starts_at >= ? and b.starts_at <= ? and b.starts_at > ?'}
        and ${HOLDS_SESSION_SEAT}
        and greatest(coalesce(b.confirmed_at, b.created_at), coalesce(bs.responded_at, bs.created_at)) <= ${feedback ? 'b.ends_at' : 'b.starts_at - ?::interval'}
        and not exists (select 1 from mail_opt_outs o where o.user_id = bs.user_id and o.kind = ?)
        and not exists (select 1 from sent_notifications n where n.seat_id = bs.id and n.kind = ? and n.starts_at = b.starts_at)
        ${feedback ? 'and not exists (select 1 from feedbacks f where f.booking_seat_id = bs.id and f.deleted_at is null)' : ''}
      limit ${Math.max(1, Math.floor(limit))}
     on conflict (seat_id, kind, starts_at) do nothing
     returning id`
  const params = feedback ? [kind, from, to, kind, kind] : [kind, from, to, notBefore, `${rule.lead / 1000} seconds`, kind, kind]
  return { sql, params }
}

/**
 * Claims every due mail of `kind` at `at` that nobody claimed yet (seats on schedules, then
 * sessions); answers the claimed row ids. One statement each: the unique key decides between
 * concurrent sweeps.
 */
export async function claimDue(em: EntityManager, kind: NotificationKind, at: Date, limit = CLAIM_LIMIT): Promise<string[]> {
  const ids: string[] = []
  for (const sessions of [false, true]) {
    const { sql, params } = claimStatement(kind, at, limit, sessions)
    const rows = await em.getConnection().execute<{ id: string }[]>(sql, params)
    ids.push(...rows.map((r) => r.id))
  }
  return ids
}

interface Due {
  id: string
  kind: NotificationKind
  starts_at: Date
  user_id: string
  booking_id: string
  schedule_id: string
  email: string
  first_name: string | null
  current_start: Date
  end_date: Date
  ok: boolean
  opted_out: boolean
  gave_feedback: boolean
}

/** Why a claimed mail should not go now (null: send it). */
function skipReason(d: Due, at: Date): string | null {
  if (!d.ok) return 'The booking, the seat or the session was cancelled.'
  if (new Date(d.current_start).getTime() !== new Date(d.starts_at).getTime()) return 'The session was moved.'
  if (d.opted_out) return 'Turned off by the recipient.'
  if (d.kind === 'feedback_request') {
    if (d.gave_feedback) return 'Feedback already given.'
    if (at.getTime() > new Date(d.end_date).getTime() + LATEST_FEEDBACK_RETRY) return 'Too late to ask.'
    return null
  }
  const start = new Date(d.starts_at).getTime()
  if (at.getTime() >= start) return 'The session has started.'
  if (d.kind === 'reminder_24h' && at.getTime() >= start - KIND_RULES.reminder_1h.lead) return 'The 1-hour reminder is due instead.'
  return null
}

/** Sends one claimed (or re-claimed) mail, re-checking that it is still due; records the outcome. */
export async function deliver(em: EntityManager, id: string, at = clock.now()): Promise<'sent' | 'skipped' | 'failed'> {
  const conn = em.getConnection()
  // A seat on a schedule, or a one-to-one session (no schedule: the booking's own times).
  const [d] = await conn.execute<Due[]>(
    `select n.id, n.kind, n.starts_at, n.user_id, n.booking_id, s.id as schedule_id, u.email, u.profile->>'firstName' as first_name,
            coalesce(s.start_date, b.starts_at) as current_start, coalesce(s.end_date, b.ends_at) as end_date,
            ((case when s.id is null then ${HOLDS_SESSION_SEAT} else ${HOLDS_SEAT} end) and bs.user_id = n.user_id
              and (b.status = 'CONFIRMED' or (n.kind = 'feedback_request' and b.status = 'COMPLETED'))) as ok,
            exists (select 1 from mail_opt_outs o where o.user_id = n.user_id and o.kind = n.kind) as opted_out,
            exists (select 1 from feedbacks f where f.booking_seat_id = n.seat_id and f.deleted_at is null) as gave_feedback
       from sent_notifications n join booking_seats bs on bs.id = n.seat_id join bookings b on b.id = n.booking_id
       left join workshop_schedules s on s.id = b.workshop_schedule_id join users u on u.id = n.user_id
      where n.id = ? and n.status = 'sending'`,
    [id],
  )
  if (!d) return 'skipped'
  const why = skipReason(d, at)
  if (why) {
    await conn.execute(`update sent_notifications set status = 'skipped', note = ?, updated_at = now() where id = ?`, [why, id])
    return 'skipped'
  }
  try {
    const schedule = d.schedule_id
      ? await em.fork().findOneOrFail(WorkshopSchedule, { id: d.schedule_id }, { populate: ['workshop', 'coach'], filters: false })
      : await loadSessionOccasion(em.fork() as EntityManager, d.booking_id)
    if (!schedule) throw new Error('the session of this reminder is gone')
    await sendMail(composeReminder({ kind: d.kind, to: { id: d.user_id, email: d.email, firstName: d.first_name }, bookingId: d.booking_id, schedule, at }))
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500)
    log.warn({ err: message, notificationId: id, kind: d.kind }, 'reminder not sent: will retry')
    await conn.execute(
      `update sent_notifications set status = 'failed', note = ?, next_attempt_at = ?::timestamptz + (power(2, attempts) * interval '1 minute'), updated_at = now() where id = ?`,
      [message, at, id],
    )
    return 'failed'
  }
  await conn.execute(`update sent_notifications set status = 'sent', sent_at = ?, note = null, updated_at = now() where id = ?`, [at, id])
  return 'sent'
}

/** Takes back the failed sends that are due for another try (each by one sweep only: SKIP LOCKED). */
async function claimRetries(em: EntityManager, at: Date): Promise<string[]> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `update sent_notifications set status = 'sending', attempts = attempts + 1, updated_at = now()
      where id in (select id from sent_notifications where status = 'failed' and next_attempt_at <= ? and attempts < ?
                   order by next_attempt_at limit 200 for update skip locked)
      returning id`,
    [at, MAX_ATTEMPTS],
  )
  return rows.map((r) => r.id)
}

export interface SweepResult {
  claimed: Record<NotificationKind, number>
  sent: number
  skipped: number
  failed: number
}

async function inBatches(ids: string[], fn: (id: string) => Promise<'sent' | 'skipped' | 'failed'>, tally: SweepResult) {
  for (let i = 0; i < ids.length; i += SEND_CONCURRENCY) {
    const outcomes = await Promise.all(ids.slice(i, i + SEND_CONCURRENCY).map(fn))
    for (const o of outcomes) tally[o]++
  }
}

/** One sweep: claim what is due of every kind, send it, retry refused sends. Safe to run any number of times at once. */
export async function sweepNotifications(em: EntityManager = getOrm().em.fork() as EntityManager, at = clock.now()): Promise<SweepResult> {
  const result: SweepResult = { claimed: { reminder_24h: 0, reminder_1h: 0, feedback_request: 0 }, sent: 0, skipped: 0, failed: 0 }
  const claimed: string[] = []
  for (const kind of ['reminder_1h', 'reminder_24h', 'feedback_request'] as const) {
    const ids = await claimDue(em, kind, at)
    result.claimed[kind] = ids.length
    claimed.push(...ids)
  }
  await inBatches(claimed, (id) => deliver(em, id, at), result)
  await inBatches(await claimRetries(em, at), (id) => deliver(em, id, at), result)
  return result
}
