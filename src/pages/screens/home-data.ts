/** What the marketing home shows: public coaches and upcoming public workshop schedules. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { serializePublicUser, User } from '../../modules/users'
import { WorkshopSchedule } from '../../modules/workshops'
import { TENANT } from '../../platform/db/schemas'
import { log } from '../../platform/log'

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

export async function upcomingWorkshops(em: EntityManager, limit = 6) {
  try {
    const rows = await em.find(
      WorkshopSchedule,
      { visibility: 'PUBLIC', status: 'PUBLISHED', startDate: { $gt: new Date() } },
      { populate: ['workshop', 'coach'], orderBy: { startDate: 'asc' }, limit, filters: { [TENANT]: false } },
    )
    return rows.map((s) => ({
      id: s.id,
      title: s.workshop.title,
      image: s.workshop.image ?? null,
      price: s.workshop.price,
      currency: s.workshop.currency,
      startDate: s.startDate,
      mode: s.mode,
      level: s.level,
      city: s.city,
      coach: [s.coach.profile?.firstName, s.coach.profile?.lastName].filter(Boolean).join(' '),
    }))
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'upcoming workshops unavailable')
    return []
  }
}
