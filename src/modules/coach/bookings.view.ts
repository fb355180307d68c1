/** The bookings of the coach's schedules: a filtered page (one statement) and one booking in full (five). */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { type ListQuery, likePattern, pagedSql } from '../../platform/db/paged-sql'
import { queryPrepared } from '../../platform/db/prepared'
import { BOOKING_STATUSES } from '../bookings'
import { isUuid, num, personName } from './sql'
import { iso } from './tables.view'

export interface BookingFilters {
  schedule?: string | null
  status?: string | null
  from?: string | null
  to?: string | null
  q?: string | null
  page: number
}

const day = (s: string | null | undefined) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) ? s : null)

/**
 * Schedules of the coach in the current team for the filter: the 15 next and the 10 latest
 * (a screenful around now, newest first), plus `selected` when it is another of theirs.
 */
export async function coachScheduleOptions(em: EntityManager, coachId: string, tenantId: string | null, selected?: string | null) {
  const at = now()
  // Prepared: planned once per connection (the ids are parameters, not part of the text).
  const rows = await queryPrepared<any>(
    em,
    `select * from (
       (select s.id, s.start_date, s.timezone, w.title from workshop_schedules s join workshops w on w.id = s.workshop_id
         where s.coach_id = ? and s.tenant_id = ? and s.deleted_at is null and s.start_date >= ? order by s.start_date limit 15)
       union
       (select s.id, s.start_date, s.timezone, w.title from workshop_schedules s join workshops w on w.id = s.workshop_id
         where s.coach_id = ? and s.tenant_id = ? and s.deleted_at is null and s.start_date < ? order by s.start_date desc limit 10)
       union
       (select s.id, s.start_date, s.timezone, w.title from workshop_schedules s join workshops w on w.id = s.workshop_id
         where s.id = ? and s.coach_id = ? and s.tenant_id = ? and s.deleted_at is null)) x order by x.start_date desc`,
    [coachId, tenantId, at, coachId, tenantId, at, isUuid(selected) ? selected : null, coachId, tenantId],
  )
  return rows.map((r) => ({ id: r.id as string, title: r.title as string, startDate: new Date(r.start_date), timezone: r.timezone as string }))
}

export async function coachBooking(em: EntityManager, coachId: string, tenantId: string | null, id: string) {
  if (!isUuid(id)) return null
  // Seats on one of the coach's schedules, or one of the coach's one-to-one sessions (its own times, its type's title).
  const [b] = await em.execute<any[]>(
    `select b.*, s.id as schedule_id, coalesce(s.start_date, b.starts_at) as start_date, coalesce(s.end_date, b.ends_at) as end_date,
            coalesce(s.timezone, av.time_zone, 'UTC') as timezone, coalesce(s.mode, st.mode) as mode, s.status as schedule_status,
            w.id as workshop_id, coalesce(w.title, st.title) as title,
            u.email, u.username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name, u.profile->>'phoneNumber' as phone
       from bookings b left join workshop_schedules s on s.id = b.workshop_schedule_id left join workshops w on w.id = s.workshop_id
       left join session_types st on st.id = b.session_type_id left join availabilities av on av.coach_id = b.session_coach_id
       join users u on u.id = b.user_id
      where b.id = ? and (s.coach_id = ? or b.session_coach_id = ?) and b.tenant_id = ? and b.deleted_at is null`,
    [id, coachId, coachId, tenantId],
  )
  if (!b) return null
  const seats = await em.execute<any[]>(
    `select bs.id, bs.status, bs.email as seat_email, bs.attended, bs.attendance_notes, bs.user_id, u.email, u.username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name
       from booking_seats bs left join users u on u.id = bs.user_id where bs.booking_id = ? and bs.deleted_at is null order by bs.created_at, bs.id`,
    [id],
  )
  const payments = await em.execute<any[]>(
    `select id, kind, status, amount, amount_refunded, currency, card_brand, card_last4, failure_message, reason, created_at from payments where booking_id = ? order by created_at`,
    [id],
  )
  // Its moves, newest first (a workshop's from schedule to schedule, a session's from time to time).
  const moves = await em.execute<any[]>(
    `select r.completed_at, coalesce(fs.start_date, r.from_starts_at) as from_start, coalesce(ts.start_date, r.to_starts_at) as to_start, r.difference, r.currency
       from booking_reschedules r left join workshop_schedules fs on fs.id = r.from_schedule_id left join workshop_schedules ts on ts.id = r.to_schedule_id
      where r.booking_id = ? and r.status = 'DONE' order by r.completed_at desc limit 20`,
    [id],
  )
  const resources = await em.execute<any[]>(
    `select id, title, type, is_visible from workshop_resources where workshop_id = ? and deleted_at is null order by sort_order, created_at`,
    [b.workshop_id],
  )
  const meta = (typeof b.meta === 'string' ? JSON.parse(b.meta) : b.meta) ?? {}
  const prefs = new Map<string, boolean>((meta.workshopResourcePreferences ?? []).map((p: any) => [p.id, !!p.isVisible]))
  const endDate = new Date(b.end_date)
  return {
    booking: {
      id: b.id as string,
      status: b.status as string,
      seats: num(b.seats),
      amountTotal: num(b.amount_total),
      discount: num(b.discount),
      amountDue: num(b.amount_due),
      amountPaid: num(b.amount_paid),
      currency: b.currency as string,
      voucherCode: b.voucher_code as string | null,
      notes: b.notes as string | null,
      coachNotes: (b.coach_notes ?? '') as string,
      cancellationReason: b.cancellation_reason as string | null,
      createdAt: new Date(b.created_at),
      confirmedAt: b.confirmed_at ? new Date(b.confirmed_at) : null,
      cancelledAt: b.cancelled_at ? new Date(b.cancelled_at) : null,
    },
    schedule: {
      /** Null for a one-to-one session. */
      id: (b.schedule_id ?? null) as string | null,
      workshopId: (b.workshop_id ?? null) as string | null,
      title: b.title as string,
      startDate: new Date(b.start_date),
      endDate,
      timezone: b.timezone as string,
      mode: b.mode as string,
      ended: endDate <= now(),
    },
    client: { name: personName(b), email: b.email as string, phone: (b.phone ?? null) as string | null, username: b.username as string | null },
    seats: seats.map((s) => ({
      id: s.id as string,
      status: s.status as string,
      holder: s.user_id ? personName(s) : (s.seat_email ?? null),
      email: (s.email ?? s.seat_email ?? null) as string | null,
      attended: !!s.attended,
      attendanceNotes: (s.attendance_notes ?? '') as string,
    })),
    payments: payments.map((p) => ({
      id: p.id as string,
      kind: p.kind as string,
      status: p.status as string,
      amount: num(p.amount),
      amountRefunded: num(p.amount_refunded),
      currency: p.currency as string,
      card: p.card_last4 ? `${p.card_brand ?? 'Card'} •••• ${p.card_last4}` : null,
      failure: (p.failure_message ?? null) as string | null,
      reason: (p.reason ?? null) as string | null,
      createdAt: new Date(p.created_at),
    })),
    moves: moves.map((m) => ({
      from: new Date(m.from_start),
      to: new Date(m.to_start),
      at: new Date(m.completed_at),
      /** Minor units: charged when positive, refunded when negative. */
      difference: num(m.difference),
      currency: m.currency as string,
    })),
    resources: resources.map((r) => ({
      id: r.id as string,
      title: r.title as string,
      type: r.type as string,
      defaultVisible: !!r.is_visible,
      isVisible: prefs.has(r.id) ? prefs.get(r.id)! : !!r.is_visible,
    })),
  }
}
export type CoachBooking = NonNullable<Awaited<ReturnType<typeof coachBooking>>>

/**
 * One page of the bookings table (section 9), ordered by session on the server: filters
 * schedule, status, from, to (days), q (client or workshop). The coach's bookings are read from
 * bookings_coach_starts_idx in the page's order (and counted from it), whatever their number.
 */
export async function coachBookingsPage(em: EntityManager, coachId: string, tenantId: string | null, q: ListQuery) {
  const f = q.filters
  const where = ['b.coach_id = ?', 'b.tenant_id = ?', 'b.deleted_at is null']
  const params: unknown[] = [coachId, tenantId]
  if (isUuid(f.schedule)) where.push('b.workshop_schedule_id = ?') && params.push(f.schedule)
  if (f.status && (BOOKING_STATUSES as readonly string[]).includes(f.status)) where.push('b.status = ?') && params.push(f.status)
  if (day(f.from)) where.push('b.starts_at >= ?::date') && params.push(day(f.from))
  if (day(f.to)) where.push('b.starts_at < ?::date + 1') && params.push(day(f.to))
  const filter = [...where]
  const like = likePattern(f.q)
  if (like) {
    where.push(`(u.email ilike ? or u.profile->>'firstName' ilike ? or u.profile->>'lastName' ilike ? or coalesce(w.title, st.title) ilike ?)`)
    params.push(like, like, like, like)
  }
  // Seats on the coach's schedules and the coach's one-to-one sessions (their own times, their type's title).
  const from = `from bookings b left join workshop_schedules s on s.id = b.workshop_schedule_id left join workshops w on w.id = s.workshop_id
      left join session_types st on st.id = b.session_type_id left join availabilities av on av.coach_id = b.session_coach_id join users u on u.id = b.user_id
      where ${where.join(' and ')}`
  const page = await pagedSql(
    em,
    `select b.id, b.status, b.seats, b.amount_paid, b.currency, b.created_at, b.starts_at, s.id as schedule_id, coalesce(s.start_date, b.starts_at) as start_date,
            coalesce(s.end_date, b.ends_at) as end_date, coalesce(s.timezone, av.time_zone, 'UTC') as timezone, coalesce(w.title, st.title) as title,
            u.email, u.username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name,
            trim(coalesce(u.profile->>'firstName', '') || ' ' || coalesce(u.profile->>'lastName', '')) as client_name,
            (select count(*) from booking_seats bs where bs.booking_id = b.id and bs.deleted_at is null and bs.attended)::int as attended
       ${from}`,
    params,
    q,
    {
      client: `lower(coalesce(nullif(t.client_name, ''), t.username, t.email))`,
      workshop: 'lower(t.title)',
      session: 't.starts_at',
      seats: 't.seats',
      paid: 't.amount_paid',
      status: 't.status',
    },
    't.starts_at desc, t.created_at desc, t.id',
    like ? { sql: `select 1 ${from}`, params } : { sql: `select 1 from bookings b where ${filter.join(' and ')}`, params },
  )
  return {
    ...page,
    rows: page.rows.map((r: any) => ({
      id: r.id as string,
      status: r.status as string,
      seats: num(r.seats),
      amountPaid: num(r.amount_paid),
      currency: r.currency as string,
      /** Null for a one-to-one session. */
      scheduleId: (r.schedule_id ?? null) as string | null,
      startDate: iso(r.start_date)!,
      endDate: iso(r.end_date)!,
      timezone: r.timezone as string,
      title: r.title as string,
      client: personName(r),
      email: r.email as string,
      attended: num(r.attended),
    })),
  }
}
