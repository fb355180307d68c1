import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { conflict, fieldError, forbidden } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { WorkshopSchedule } from '../workshops'
import { Feedback } from './feedback.entity'

/**
 * The seats a user attended on a schedule (held seat of a confirmed or completed booking) that
 * have no feedback yet. Seats are the unit: one rating per seat.
 */
async function openSeats(em: EntityManager, scheduleId: string, userId: string) {
  return em.execute<{ id: string }[]>(
    `select bs.id from booking_seats bs join bookings b on b.id = bs.booking_id
      where b.workshop_schedule_id = ? and b.status in ('CONFIRMED', 'COMPLETED') and b.deleted_at is null
        and bs.deleted_at is null and bs.status = 'ACCEPTED' and bs.user_id = ?
        and not exists (select 1 from feedbacks f where f.booking_seat_id = bs.id and f.deleted_at is null)
      order by bs.created_at limit 1`,
    [scheduleId, userId],
  )
}

async function attended(em: EntityManager, scheduleId: string, userId: string) {
  const rows = await em.execute(
    `select 1 from booking_seats bs join bookings b on b.id = bs.booking_id
      where b.workshop_schedule_id = ? and b.status in ('CONFIRMED', 'COMPLETED') and b.deleted_at is null
        and bs.deleted_at is null and bs.status = 'ACCEPTED' and bs.user_id = ? limit 1`,
    [scheduleId, userId],
  )
  return rows.length > 0
}

/** An attendee rates a schedule after it ended: once per seat they hold. */
export async function leaveFeedback(em: EntityManager, userId: string, data: { workshopScheduleId: string; rating: number; comment?: string | null }) {
  const schedule = await em.findOne(WorkshopSchedule, { id: data.workshopScheduleId }, { filters: { tenant: false } })
  if (!schedule) throw fieldError('workshopScheduleId', 'The selected workshop schedule does not exist.')
  if (!(await attended(em, schedule.id, userId))) throw forbidden('Only attendees of this workshop can rate it.')
  if (schedule.endDate > now()) throw conflict('You can rate this workshop once it has ended.')
  const [seat] = await openSeats(em, schedule.id, userId)
  if (!seat) throw conflict('You have already rated this workshop.')
  const feedback = em.create(Feedback, {
    tenant: schedule.tenant,
    workshopSchedule: schedule,
    coach: schedule.coach,
    user: userId,
    bookingSeatId: seat.id,
    rating: data.rating,
    comment: data.comment || null,
  })
  await em.flush()
  return feedback
}

/** The client of a one-to-one session rates it once it ended (their seat of the booking, once). */
export async function leaveSessionFeedback(em: EntityManager, userId: string, data: { bookingId: string; rating: number; comment?: string | null }) {
  const [row] = await em.execute<
    { seat_id: string | null; tenant_id: string; session_type_id: string; session_coach_id: string; ends_at: Date; rated: boolean }[]
  >(
    `select bs.id as seat_id, b.tenant_id, b.session_type_id, b.session_coach_id, b.ends_at,
            exists (select 1 from feedbacks f where f.booking_seat_id = bs.id and f.deleted_at is null) as rated
       from bookings b left join booking_seats bs on bs.booking_id = b.id and bs.user_id = ? and bs.status = 'ACCEPTED' and bs.deleted_at is null
      where b.id = ? and b.session_type_id is not null and b.deleted_at is null and b.status in ('CONFIRMED', 'COMPLETED')`,
    [userId, data.bookingId],
  )
  if (!row) throw fieldError('bookingId', 'The selected session booking does not exist.')
  if (!row.seat_id) throw forbidden('Only the client of this session can rate it.')
  if (new Date(row.ends_at) > now()) throw conflict('You can rate this session once it has ended.')
  if (row.rated) throw conflict('You have already rated this session.')
  const feedback = em.create(Feedback, {
    tenant: row.tenant_id,
    workshopSchedule: null,
    sessionType: row.session_type_id,
    coach: row.session_coach_id,
    user: userId,
    bookingSeatId: row.seat_id,
    rating: data.rating,
    comment: data.comment || null,
  })
  await em.flush()
  return feedback
}

/**
 * Average rating (one decimal) and count per coach over every tenant, for a page of coaches in
 * one statement: the public directory, a coach's profile and the coach dashboard all read it here.
 */
export async function coachRatings(em: EntityManager, coachIds: string[]) {
  const out = new Map<string, { average: number | null; count: number }>()
  if (!coachIds.length) return out
  const rows = await em.execute<{ coach_id: string; avg: string | null; n: string }[]>(
    `select coach_id, avg(rating) as avg, count(*) as n from feedbacks where coach_id = any(?::uuid[]) and deleted_at is null group by coach_id`,
    [`{${[...new Set(coachIds)].filter(isId).join(',')}}`],
  )
  for (const r of rows) out.set(r.coach_id, { average: r.avg == null ? null : Math.round(Number(r.avg) * 10) / 10, count: Number(r.n) })
  return out
}
