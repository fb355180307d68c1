/** Names and roles of the people of a booking, read in SQL (no entity loads). */
import type { EntityManager } from '@mikro-orm/postgresql'

/** A person's display name in SQL: first and last name, else the username, else the mail's local part. */
export const nameSql = (u: string) =>
  `coalesce(nullif(trim(concat_ws(' ', ${u}.profile->>'firstName', ${u}.profile->>'lastName')), ''), ${u}.username, split_part(${u}.email, '@', 1))`

export type Role = 'client' | 'coach' | 'manager'

export interface BookingAccess {
  bookingId: string
  tenantId: string
  status: string
  title: string
  scheduleId: string
  coachId: string
  bookerId: string
  role: Role
  /** Text can be added (not on a cancelled booking). */
  canWrite: boolean
}

/**
 * Who may read and write a booking's conversation: its booker, its accepted seat holders, the
 * coach of its schedule and the managers of its team. Anyone else (another client, another
 * coach, a seat holder removed or who declined, a super-admin) gets null: the route says 404.
 */
export async function bookingAccess(em: EntityManager, userId: string, bookingId: string): Promise<BookingAccess | null> {
  const [r] = await em.execute<any[]>(
    `select b.id, b.tenant_id, b.status, b.user_id as booker_id, s.id as schedule_id, s.coach_id, w.title,
            b.user_id = ? as booker,
            exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.user_id = ? and bs.status = 'ACCEPTED' and bs.deleted_at is null) as holder,
            s.coach_id = ? as coach,
            exists (select 1 from memberships m where m.tenant_id = b.tenant_id and m.user_id = ? and m.status = 'ACTIVE' and 'manager' = any(m.roles)) as manager
       from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join workshops w on w.id = s.workshop_id
      where b.id = ? and b.deleted_at is null`,
    [userId, userId, userId, userId, bookingId],
  )
  if (!r) return null
  const role: Role | null = r.coach ? 'coach' : r.manager ? 'manager' : r.booker || r.holder ? 'client' : null
  if (!role) return null
  return {
    bookingId: r.id,
    tenantId: r.tenant_id,
    status: r.status,
    title: r.title,
    scheduleId: r.schedule_id,
    coachId: r.coach_id,
    bookerId: r.booker_id,
    role,
    canWrite: r.status !== 'CANCELLED',
  }
}

export interface Participant {
  userId: string
  email: string
  name: string
  role: Role
}

/**
 * The people a new message of the conversation goes to: the booker, the accepted seat holders
 * and the coach, plus any manager who wrote in it; never the author.
 */
export async function participants(em: EntityManager, a: BookingAccess, exceptUserId: string): Promise<Participant[]> {
  const rows = await em.execute<{ user_id: string; email: string; name: string; role: Role }[]>(
    `select distinct on (u.id) u.id as user_id, u.email, ${nameSql('u')} as name, p.role
       from (select b.user_id, 'client' as role, 1 as rank from bookings b where b.id = ?
             union all select bs.user_id, 'client', 2 from booking_seats bs where bs.booking_id = ? and bs.status = 'ACCEPTED' and bs.deleted_at is null and bs.user_id is not null
             union all select ?::uuid, 'coach', 0
             union all select m.author_id, 'manager', 3 from booking_messages m
                join memberships ms on ms.user_id = m.author_id and ms.tenant_id = ? and ms.status = 'ACTIVE' and 'manager' = any(ms.roles)
               where m.booking_id = ?) p
       join users u on u.id = p.user_id and u.deleted_at is null
      where u.id <> ?
      order by u.id, p.rank`,
    [a.bookingId, a.bookingId, a.coachId, a.tenantId, a.bookingId, exceptUserId],
  )
  return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, role: r.role }))
}
