import type { EntityManager } from '@mikro-orm/postgresql'
import { getOrm } from './db/current'
import { schedule, work } from './jobs'

/**
 * Hourly clean-up of short-lived rows: expired sessions, finished rate-limit windows,
 * one-time codes and passkey challenges past their use. Answers how many rows each step removed.
 */
export async function sweepExpired(em: EntityManager) {
  const conn = em.getConnection()
  const sessions = await conn.execute('delete from sessions where expires_at < now()', [], 'run')
  const limits = await conn.execute('delete from rate_limits where reset_at < now()', [], 'run')
  const codes = await conn.execute("delete from one_time_codes where expires_at < now() - interval '1 day' or used_at < now() - interval '1 day'", [], 'run')
  const challenges = await conn.execute("delete from webauthn_challenges where expires_at < now() - interval '1 day'", [], 'run')
  const n = (r: unknown) => (r as { affectedRows: number }).affectedRows
  return { sessions: n(sessions), rateLimits: n(limits), codes: n(codes), challenges: n(challenges) }
}

work('platform.sweep-expired', async () => {
  await sweepExpired(getOrm().em.fork() as EntityManager)
})
schedule('platform.sweep-expired', '17 * * * *')

/**
 * Page changes older than ten minutes (db/changes.ts): every server has read them long since (a
 * server that has not read for five minutes starts again from scratch). Answers how many went.
 */
export async function prunePageChanges(em: EntityManager) {
  const r = await em.getConnection().execute("delete from page_changes where at < now() - interval '10 minutes'", [], 'run')
  return (r as unknown as { affectedRows: number }).affectedRows
}

work('platform.prune-page-changes', async () => {
  await prunePageChanges(getOrm().em.fork() as EntityManager)
})
schedule('platform.prune-page-changes', '* * * * *')
