/**
 * Groups (client area): the people a user has booked with or invited, derived from seats of
 * the bookings they made or hold a seat in (their latest GROUP_BOOKINGS, as the groups page reads
 * them: booking_people in its index order). One aggregate query plus one for names, whatever
 * the page size.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { listResponse, parseListQuery } from '../../platform/http/list-query'
import { GROUP_BOOKINGS, serializePerson } from '../bookings'
import { User } from '../users'

export async function listGroups(em: EntityManager, me: User, url: URL) {
  const p = parseListQuery(url, { sortable: ['lastBookedAt'], filterable: [], includes: [], defaultSort: '-lastBookedAt' })
  const rows = await em.execute(
    `with mine as (
       select p.booking_id as id from booking_people p where p.user_id = ? order by p.starts_at desc, p.booking_id limit ${GROUP_BOOKINGS}
     ), people as (
       select s.user_id, lower(s.email) as email, s.booking_id, s.updated_at as at, s.status
         from booking_seats s
        where s.booking_id in (select id from mine) and s.deleted_at is null
          and (s.user_id is not null or s.email is not null) and s.status in ('PENDING', 'ACCEPTED')
       union all
       select b.user_id, null, b.id, b.created_at, 'ACCEPTED' from bookings b where b.id in (select id from mine)
     ), keyed as (
       select coalesce(p.user_id::text, 'email:' || p.email) as key, p.user_id::text as user_id, coalesce(u.email, p.email) as email,
              p.booking_id, p.at, p.status
         from people p left join users u on u.id = p.user_id
        where p.user_id is distinct from ?::uuid
     )
     select key, max(user_id) as user_id, max(email) as email, count(distinct booking_id)::int as bookings,
            bool_or(status = 'ACCEPTED') as accepted, max(at) as last_at, count(*) over ()::int as total
       from keyed group by key
      order by max(at) ${p.sort[0]?.dir === 'asc' ? 'asc' : 'desc'}, key
      limit ? offset ?`,
    [me.id, me.id, p.perPage, p.offset],
  )
  const ids = rows.map((r: any) => r.user_id).filter(Boolean)
  const users = ids.length ? await em.find(User, { id: { $in: ids } }) : []
  const byId = new Map(users.map((u) => [u.id, u]))
  const data = rows.map((r: any) => {
    const u = r.user_id ? byId.get(r.user_id) : undefined
    return {
      key: r.key,
      userId: r.user_id ?? null,
      email: r.email ?? null,
      person: u ? serializePerson(u) : null,
      bookings: Number(r.bookings),
      status: r.accepted ? 'ACCEPTED' : 'PENDING',
      lastBookedAt: new Date(r.last_at),
    }
  })
  return listResponse(data, rows[0] ? Number(rows[0].total) : 0, p)
}
