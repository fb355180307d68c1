/**
 * The coach's sessions page (/c/sessions): the session types of the current team (the coach's
 * own; a booking manager's view holds the team's), and the coach's coming booked sessions, a
 * page of 10 at a time in start order from the coach's index (`bookings_session_coach_idx`).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { toMajor } from '../../shared/money'
import { SessionType } from './session.entity'

/** At most this many session types on the page (a coach offers a handful). */
export const TYPES_ON_PAGE = 30
export const SESSIONS_PER_PAGE = 10

export async function coachSessionTypes(em: EntityManager, tenantId: string, coachId: string, teamWide: boolean) {
  return em.find(
    SessionType,
    { tenant: tenantId, ...(teamWide ? {} : { coach: coachId }) },
    { filters: { tenant: false }, orderBy: { createdAt: 'asc', id: 'asc' }, limit: TYPES_ON_PAGE },
  )
}

export interface ComingSession {
  id: string
  status: string
  startsAt: Date
  endsAt: Date
  title: string
  client: string
  email: string
  amountPaid: number
  currency: string
}

/** The coach's coming sessions (not cancelled, not ended), page `page` (1-based), with the total. */
export async function comingSessions(em: EntityManager, coachId: string, page: number) {
  const at = clock.now()
  const offset = (Math.max(1, Math.min(page, 10_000)) - 1) * SESSIONS_PER_PAGE
  // Coming: not ended (a session lasts at most 8 hours, so the index range starts a day back).
  const coming = `b.session_coach_id = ? and b.deleted_at is null and b.starts_at > ?::timestamptz - interval '1 day' and b.ends_at > ?
        and b.status in ('PENDING', 'CONFIRMED')`
  const [rows, [count]] = await Promise.all([
    em.execute<any[]>(
      `select b.id, b.status, b.starts_at, b.ends_at, b.amount_paid, b.currency, st.title, u.email, u.username,
              trim(coalesce(u.profile->>'firstName', '') || ' ' || coalesce(u.profile->>'lastName', '')) as name
         from bookings b join session_types st on st.id = b.session_type_id join users u on u.id = b.user_id
        where ${coming}
        order by b.starts_at, b.id limit ${SESSIONS_PER_PAGE} offset ${offset}`,
      [coachId, at, at],
    ),
    em.execute<{ n: number }[]>(`select count(*)::int as n from bookings b where ${coming}`, [coachId, at, at]),
  ])
  const total = Number(count?.n ?? 0)
  return {
    total,
    rows: rows.map(
      (r): ComingSession => ({
        id: r.id,
        status: r.status,
        startsAt: new Date(r.starts_at),
        endsAt: new Date(r.ends_at),
        title: r.title,
        client: r.name || r.username || r.email,
        email: r.email,
        amountPaid: toMajor(Number(r.amount_paid), r.currency),
        currency: r.currency,
      }),
    ),
  }
}
