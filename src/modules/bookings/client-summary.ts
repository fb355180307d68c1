/**
 * The client area's small reads: the shell's counts and search entries (one statement), the
 * invitations waiting for me, and the workshops I hold seats in. Fixed statement counts.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { likePattern, pagedSql } from '../../platform/db/paged-sql'
import { queryPrepared } from '../../platform/db/prepared'
import { type Question, questionsFor } from '../workshops/question.schema'
import { isUuid, type ListQuery } from './client-views'

export interface ShellSummary {
  counts: Record<string, number>
  /** Search entries: bookings and workshops (label, href, hint). */
  entries: { kind: 'booking' | 'workshop'; label: string; href: string; hint: string }[]
}

/**
 * Client area: coming bookings, bookings waiting for my payment, invitations to me (each counted
 * from an index up to 1,000: a badge says "999+" past that), and my latest bookings and workshops
 * to search. One statement, reading booking_people in its index order.
 */
export async function clientShellSummary(em: EntityManager, user: { id: string; email: string }): Promise<ShellSummary> {
  const at = now()
  const rows = await queryPrepared<any>(
    em,
    `select 'count' as kind, null as id, null as title, null as start_date,
            (select count(*) from (select 1 from booking_people where user_id = ? and starts_at > ? and status in ('PENDING', 'CONFIRMED') limit 1000) x)::int as upcoming,
            (select count(*) from (select 1 from booking_people where user_id = ? and status = 'PENDING' and booker limit 1000) x)::int as unpaid,
            (select count(*) from (${INVITED_SQL} limit 1000) x)::int as invitations
     union all
     (select 'booking', p.booking_id::text, w.title, p.starts_at, null, null, null
        from booking_people p join workshops w on w.id = p.workshop_id where p.user_id = ? order by p.starts_at desc, p.booking_id limit 10)
     union all
     (select 'workshop', c.workshop_id::text, w.title, c.last_start, null, null, null
        from client_workshops c join workshops w on w.id = c.workshop_id where c.user_id = ? order by c.last_start desc, c.workshop_id limit 10)`,
    [user.id, at, user.id, at, user.id, user.email, user.id, user.id, user.id],
  )
  const c = rows.find((r: any) => r.kind === 'count') ?? {}
  const day = (d: unknown) => new Date(d as string).toISOString().slice(0, 10)
  return {
    counts: { '/b/bookings': Number(c.upcoming ?? 0) + 0, unpaid: Number(c.unpaid ?? 0), '/b': Number(c.invitations ?? 0) },
    entries: rows
      .filter((r: any) => r.kind !== 'count')
      .map((r: any) =>
        r.kind === 'booking'
          ? { kind: 'booking' as const, label: r.title, href: `/b/bookings/${r.id}`, hint: `Booking · ${day(r.start_date)}` }
          : { kind: 'workshop' as const, label: r.title, href: `/b/workshops/${r.id}`, hint: 'Workshop' },
      ),
  }
}

/**
 * Seats offered to me and still open (by my account or my email), in others' live bookings:
 * parameters now, user id, email, user id (the two partial indexes booking_seats_invited_*).
 */
const INVITED_SQL = `select x.id from booking_seats x join bookings b on b.id = x.booking_id
      where x.deleted_at is null and x.status = 'PENDING' and x.invitation_token_hash is not null and x.invitation_expires_at > ?
        and (x.user_id = ? or lower(x.email) = lower(?)) and b.user_id <> ? and b.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null`

/**
 * The coach area's counts (coming bookings counted from an index up to 1,000, workshops) and
 * search entries (the latest workshops and bookings): the coach's own, in the current team.
 */
export async function coachShellSummary(em: EntityManager, user: { id: string }, tenantId: string | null): Promise<ShellSummary> {
  const rows = await queryPrepared<any>(
    em,
    `select 'count' as kind, null as id, null as title, null as start_date,
            (select count(*) from (select 1 from bookings b where b.coach_id = ? and b.tenant_id = ? and b.deleted_at is null and b.starts_at > ?
                                      and b.status in ('PENDING', 'CONFIRMED') limit 1000) x)::int as upcoming,
            (select count(*) from workshops w where w.coach_id = ? and w.tenant_id = ? and w.deleted_at is null)::int as workshops
     union all
     (select 'workshop', w.id::text, w.title, w.created_at, null, null from workshops w where w.coach_id = ? and w.tenant_id = ? and w.deleted_at is null order by w.created_at desc limit 10)
     union all
     (select 'booking', b.id::text, w.title || ' · ' || coalesce(u.profile->>'firstName', u.email), b.starts_at, null, null
        from bookings b join workshops w on w.id = b.workshop_id join users u on u.id = b.user_id
       where b.coach_id = ? and b.tenant_id = ? and b.deleted_at is null order by b.created_at desc limit 10)`,
    [user.id, tenantId, now(), user.id, tenantId, user.id, tenantId, user.id, tenantId],
  )
  const c = rows.find((r: any) => r.kind === 'count') ?? {}
  return {
    counts: { '/c/bookings': Number(c.upcoming ?? 0), '/c/workshops': Number(c.workshops ?? 0) },
    entries: rows
      .filter((r: any) => r.kind !== 'count')
      .map((r: any) =>
        r.kind === 'booking'
          ? { kind: 'booking' as const, label: r.title, href: `/c/bookings/${r.id}`, hint: 'Booking' }
          : { kind: 'workshop' as const, label: r.title, href: `/c/workshops/${r.id}`, hint: 'Workshop' },
      ),
  }
}

export interface InvitationToMe {
  seatId: string
  bookingId: string
  status: string
  expiresAt: string | null
  inviter: string | null
  workshopTitle: string
  startDate: string
  timezone: string
  /** The workshop's per-seat questions, answered when accepting. */
  questions: Question[]
}

/** Pending invitations addressed to me (by account or email), soonest session first, at most `limit`: one statement. */
export async function invitationsToMe(em: EntityManager, user: { id: string; email: string }, limit = 50): Promise<InvitationToMe[]> {
  const rows = await queryPrepared<any>(
    em,
    `select x.id, x.booking_id, x.status, x.invitation_expires_at, w.title, w.questions, s.start_date, s.timezone,
            trim(coalesce(i.profile->>'firstName', '') || ' ' || coalesce(i.profile->>'lastName', '')) as inviter, i.email as inviter_email
       from booking_seats x join bookings b on b.id = x.booking_id join workshop_schedules s on s.id = b.workshop_schedule_id
       join workshops w on w.id = s.workshop_id left join users i on i.id = coalesce(x.inviter_id, b.user_id)
      where x.deleted_at is null and x.status = 'PENDING' and x.invitation_token_hash is not null and x.invitation_expires_at > ?
        and (x.user_id = ? or lower(x.email) = lower(?)) and b.user_id <> ? and b.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null
      order by s.start_date, x.id limit ?`,
    [now(), user.id, user.email, user.id, Math.max(1, Math.min(limit, 50))],
  )
  return rows.map((r: any) => ({
    seatId: r.id,
    bookingId: r.booking_id,
    status: r.status,
    expiresAt: r.invitation_expires_at ? new Date(r.invitation_expires_at).toISOString() : null,
    inviter: r.inviter || r.inviter_email || null,
    workshopTitle: r.title,
    startDate: new Date(r.start_date).toISOString(),
    timezone: r.timezone,
    questions: questionsFor((typeof r.questions === 'string' ? JSON.parse(r.questions) : r.questions) ?? [], 'holder'),
  }))
}

export interface ClientWorkshopRow {
  id: string
  title: string
  image: string | null
  description: string | null
  coachName: string
  bookings: number
  seats: number
  nextStart: string | null
  lastStart: string
  /** I have a confirmed or completed booking of it (its resources are mine to see). */
  attending: boolean
}

/**
 * My workshops (client_workshops, kept from booking_people): how many bookings and seats, the
 * latest session, and the next coming one (from booking_people's index, per row shown). "Attending"
 * is a scalar lookup with a limit, not `exists`: PostgreSQL may turn an `exists` into a hashed
 * subplan that reads all of booking_people (300 ms at the real-size seed) for the ten rows shown.
 */
const WORKSHOPS_SQL = (one: boolean) => `select w.id, w.title, w.image, w.description, c.bookings, c.seats, c.last_start,
            trim(coalesce(u.profile->>'firstName', '') || ' ' || coalesce(u.profile->>'lastName', '')) as coach_name,
            (select min(p.starts_at) from booking_people p where p.user_id = c.user_id and p.workshop_id = c.workshop_id and p.starts_at > ? and p.status in ('PENDING', 'CONFIRMED')) as next_start,
            coalesce((select true from booking_people p where p.user_id = c.user_id and p.workshop_id = c.workshop_id and p.status in ('CONFIRMED', 'COMPLETED') limit 1), false) as attending
       from client_workshops c join workshops w on w.id = c.workshop_id join users u on u.id = w.coach_id
      where c.user_id = ? ${one ? 'and c.workshop_id = ?' : ''}`

const workshopRow = (r: any): ClientWorkshopRow => ({
  id: r.id,
  title: r.title,
  image: r.image ?? null,
  description: r.description ?? null,
  coachName: r.coach_name,
  bookings: Number(r.bookings),
  seats: Number(r.seats),
  nextStart: r.next_start ? new Date(r.next_start).toISOString() : null,
  lastStart: new Date(r.last_start).toISOString(),
  attending: !!r.attending,
})

/** One workshop of mine (I booked it or hold a seat in it) with its numbers, or null: one statement. */
export async function clientWorkshop(em: EntityManager, userId: string, workshopId: string): Promise<ClientWorkshopRow | null> {
  if (!isUuid(workshopId)) return null
  const [row] = await queryPrepared<any>(em, WORKSHOPS_SQL(true), [now(), userId, workshopId])
  return row ? workshopRow(row) : null
}

/** One page of my workshops, latest session first, searched on the server: one statement. */
export async function clientWorkshopsPage(em: EntityManager, userId: string, q: ListQuery) {
  const like = likePattern(q.filters.q)
  const page = await pagedSql(
    em,
    `${WORKSHOPS_SQL(false)} ${like ? "and (w.title ilike ? or u.profile->>'firstName' ilike ? or u.profile->>'lastName' ilike ?)" : ''}`,
    [now(), userId, ...(like ? [like, like, like] : [])],
    q,
    { title: 't.title', next: 't.next_start', bookings: 't.bookings', seats: 't.seats' },
    't.last_start desc, t.id',
    like
      ? {
          sql: `select 1 from client_workshops c join workshops w on w.id = c.workshop_id join users u on u.id = w.coach_id
                 where c.user_id = ? and (w.title ilike ? or u.profile->>'firstName' ilike ? or u.profile->>'lastName' ilike ?)`,
          params: [userId, like, like, like],
        }
      : { sql: 'select 1 from client_workshops c where c.user_id = ?', params: [userId] },
  )
  return { ...page, rows: page.rows.map(workshopRow) }
}

export interface ClientGroupRow {
  id: string
  userId: string | null
  name: string
  email: string | null
  workshops: string[]
  bookings: number
  status: 'ACCEPTED' | 'PENDING'
  lastAt: string
}

/** Groups are read from my latest bookings (by session): the people of older ones drop off the list. */
export const GROUP_BOOKINGS = 200

const GROUPS_SQL = `with mine as (
       select p.booking_id as id from booking_people p where p.user_id = ? order by p.starts_at desc, p.booking_id limit ${GROUP_BOOKINGS}
     ), people as (
       select s.user_id, lower(coalesce(u.email, s.email)) as email, s.booking_id, s.status, s.updated_at as at
         from booking_seats s left join users u on u.id = s.user_id
        where s.booking_id in (select id from mine) and s.deleted_at is null and (s.user_id is not null or s.email is not null) and s.status in ('PENDING', 'ACCEPTED')
       union all
       select b.user_id, lower(u.email), b.id, 'ACCEPTED', b.created_at from bookings b join users u on u.id = b.user_id where b.id in (select id from mine)
     )
     select coalesce(p.user_id::text, 'email:' || p.email) as key, max(p.user_id::text) as user_id, max(p.email) as email,
            max(trim(coalesce(u.profile->>'firstName', '') || ' ' || coalesce(u.profile->>'lastName', ''))) as name,
            array_agg(distinct w.title) as workshops, count(distinct p.booking_id)::int as bookings,
            bool_or(p.status = 'ACCEPTED') as accepted, max(p.at) as last_at
       from people p join bookings b on b.id = p.booking_id join workshop_schedules s on s.id = b.workshop_schedule_id
       join workshops w on w.id = s.workshop_id left join users u on u.id = p.user_id
      where p.user_id is distinct from ?::uuid and p.email is distinct from lower(?)
      group by 1`

const groupRow = (r: any): ClientGroupRow => ({
  id: r.key,
  userId: r.user_id ?? null,
  name: r.name || r.email,
  email: r.email ?? null,
  workshops: (Array.isArray(r.workshops)
    ? r.workshops
    : String(r.workshops ?? '')
        .replace(/^\{|\}$/g, '')
        .split(',')
  ).filter(Boolean),
  bookings: Number(r.bookings),
  status: r.accepted ? 'ACCEPTED' : 'PENDING',
  lastAt: new Date(r.last_at).toISOString(),
})

/** The people who share my bookings' seats (booker, accepted or invited), with the workshops we share: one statement. */
export async function clientGroups(em: EntityManager, user: { id: string; email: string }): Promise<ClientGroupRow[]> {
  const rows = await queryPrepared<any>(em, `${GROUPS_SQL} order by max(p.at) desc limit 500`, [user.id, user.id, user.email])
  return rows.map(groupRow)
}

/** One page of the people who share my bookings, filtered (seat status, text) and sorted on the server: one statement. */
export async function clientGroupsPage(em: EntityManager, user: { id: string; email: string }, q: ListQuery) {
  const like = likePattern(q.filters.q)
  const status = q.filters.status === 'ACCEPTED' || q.filters.status === 'PENDING' ? q.filters.status : null
  const where = [like ? "(coalesce(x.name, '') ilike ? or x.email ilike ?)" : null, status ? `x.accepted = ${status === 'ACCEPTED'}` : null].filter(Boolean)
  const page = await pagedSql(
    em,
    `select * from (${GROUPS_SQL}) x ${where.length ? `where ${where.join(' and ')}` : ''}`,
    [user.id, user.id, user.email, ...(like ? [like, like] : [])],
    q,
    { person: "coalesce(nullif(t.name, ''), t.email)", bookings: 't.bookings', status: 't.accepted', last: 't.last_at' },
    't.last_at desc, t.key',
  )
  return { ...page, rows: page.rows.map(groupRow) }
}

/**
 * The teams whose rows a client's pages show, as page-change scopes (`t:<id>`): every team they
 * booked in or hold a seat in (booking_people, read as a loose index scan: one step per team),
 * belong to, are invited to a seat in, or wait in. One statement.
 */
export async function clientPageScopes(em: EntityManager, user: { id: string; email: string }): Promise<string[]> {
  const rows = await queryPrepared<{ id: string }>(
    em,
    `with recursive t(id) as (
       select (select tenant_id from booking_people where user_id = ? order by tenant_id limit 1)
       union all
       select (select p.tenant_id from booking_people p where p.user_id = ? and p.tenant_id > t.id order by p.tenant_id limit 1) from t where t.id is not null
     )
     select id::text from t where id is not null
     union select tenant_id::text from memberships where user_id = ?
     union select x.tenant_id::text from booking_seats x where x.status = 'PENDING' and x.deleted_at is null and (x.user_id = ? or lower(x.email) = lower(?))
     union select e.tenant_id::text from waitlist_entries e where e.user_id = ? and e.status in ('WAITING', 'OFFERED')`,
    [user.id, user.id, user.id, user.id, user.email, user.id],
  )
  return rows.map((r) => `t:${r.id}`)
}
