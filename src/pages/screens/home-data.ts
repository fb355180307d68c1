/** What the marketing home shows: public coaches and upcoming public workshop schedules. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { serializePublicUser, User } from '../../modules/users'
import { listPublicSchedules } from '../../modules/workshops'
import { log } from '../../platform/log'
import { toMinor } from '../../shared/money'

/**
 * Public marketing data changes rarely and every visitor sees the same: each app server keeps
 * it for a few seconds (a cache, not state: any server can answer any request).
 */
/** The memo's window (tests set it to 0 to read fresh data). */
export const homeMemo = { ttlMs: 15_000 }
const memo = new Map<string, { at: number; value: Promise<unknown> }>()
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = memo.get(key)
  if (hit && Date.now() - hit.at < homeMemo.ttlMs) return hit.value as Promise<T>
  const value = load()
  memo.set(key, { at: Date.now(), value })
  value.catch(() => memo.delete(key))
  return value
}

export const featuredCoachesCached = (em: EntityManager) => cached('coaches', () => featuredCoaches(em))
export const upcomingWorkshopsCached = (em: EntityManager) => cached('workshops', () => upcomingWorkshops(em))

/**
 * Coaches worth featuring: an active coach with a public profile (a username), a photo, a
 * headline, and at least one published public workshop date still ahead (something a visitor
 * can book). One statement for the ids, the oldest profiles first.
 */
export async function featuredCoaches(em: EntityManager, limit = 6) {
  const rows = await em.execute<{ id: string }[]>(
    `select u.id from users u
      where 'coach' = any(u.roles) and u.status = 'active' and u.deleted_at is null and u.username is not null
        and u.avatar is not null and coalesce(btrim(u.profile->>'headline'), '') <> ''
        and exists (select 1 from workshop_schedules s join workshops w on w.id = s.workshop_id
                     where s.coach_id = u.id and s.status = 'PUBLISHED' and s.visibility = 'PUBLIC' and s.deleted_at is null
                       and w.deleted_at is null and s.end_date > now())
      order by u.created_at, u.id
      limit ?`,
    [limit],
  )
  if (!rows.length) return []
  const users = await em.find(User, { id: { $in: rows.map((r) => r.id) } }, { orderBy: { createdAt: 'asc', id: 'asc' } })
  return users.map((u) => serializePublicUser(u))
}

/**
 * The next public schedules that have not started, as the marketplace lists them (one statement,
 * cached cards; schedules of deleted workshops, teams or coaches never show), in the home's shape.
 */
export async function upcomingWorkshops(em: EntityManager, limit = 6) {
  try {
    // The marketplace's own rows: the home shows them with the marketplace's card.
    return (await listPublicSchedules(em, { page: 1, perPage: limit, when: 'upcoming', from: new Date() })).data
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'upcoming workshops unavailable')
    return []
  }
}
