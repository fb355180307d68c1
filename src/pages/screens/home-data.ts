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

export async function featuredCoaches(em: EntityManager, limit = 6) {
  const users = await em.find(User, { roles: { $contains: ['coach'] }, status: 'active', username: { $ne: null } }, { orderBy: { createdAt: 'asc' }, limit })
  return users.map((u) => serializePublicUser(u))
}

/**
 * The next public schedules that have not started, as the marketplace lists them (one statement,
 * cached cards; schedules of deleted workshops, teams or coaches never show), in the home's shape.
 */
export async function upcomingWorkshops(em: EntityManager, limit = 6) {
  try {
    const rows = (await listPublicSchedules(em, { page: 1, perPage: limit, when: 'upcoming', from: new Date() })).data
    return rows.map((s) => ({
      id: s.id,
      title: s.workshop.title,
      image: s.workshop.image ?? null,
      price: toMinor(s.price ?? 0, s.currency ?? 'usd'),
      currency: s.currency ?? 'usd',
      startDate: new Date(s.startDate ?? 0),
      mode: s.mode,
      level: s.level,
      city: s.city,
      coach: s.coach?.name ?? '',
    }))
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'upcoming workshops unavailable')
    return []
  }
}
