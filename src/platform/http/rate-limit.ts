import type { EntityManager } from '@mikro-orm/postgresql'
import { tooManyRequests } from './errors'

/**
 * Fixed-window counter in PostgreSQL (shared by every app server): one atomic upsert.
 * Throws 429 with Retry-After once `limit` hits in `windowSeconds` are exceeded.
 */
export async function hit(em: EntityManager, key: string, limit: number, windowSeconds: number) {
  const rows = await em.getConnection().execute<{ hits: number; reset_at: Date }[]>(
    `insert into rate_limits (key, hits, reset_at) values (?, 1, now() + make_interval(secs => ?))
     on conflict (key) do update set
       hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning hits, reset_at`,
    [key, windowSeconds],
  )
  const { hits, reset_at } = rows[0]
  if (hits > limit) throw tooManyRequests((new Date(reset_at).getTime() - Date.now()) / 1000)
}

export async function clearHits(em: EntityManager, key: string) {
  await em.getConnection().execute('delete from rate_limits where key = ?', [key])
}
