/**
 * The workshop pages a sitemap lists: PUBLIC + PUBLISHED schedules that are coming, running or
 * ended less than SITEMAP_PAST_DAYS ago, in (start date, id) order, without those whose
 * workshop, team or coach is deleted.
 *
 * Parts are ranges of positions in the partial index `workshop_schedules_sitemap_idx` (exactly
 * the schedules that are not deleted, published and public, in that order, with their last
 * change): a part's first and last keys are found by position in the index alone, its rows are
 * read in keyset batches along it, and the rows of deleted parents are left out inside the range
 * (so a part holds at most `perFile` URLs, a few fewer when a parent is deleted). `lastmod` is
 * the later of the schedule's and its workshop's last change. A part's first key, when the
 * caller knows it from the parts it read, saves the walk to its position.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'

/** Ended sessions stay in the sitemap this long (their page shows the next dates and the reviews). */
export const SITEMAP_PAST_DAYS = 30

/** The index's rows (what positions count), as the planner can read them from the index. */
const INDEXED = `s.deleted_at is null and s.status = 'PUBLISHED' and s.visibility = 'PUBLIC' and s.end_date > ?`
/** Parents that are not deleted (rare exclusions, each a hashed set). */
const LIVE = `s.workshop_id not in (select id from workshops where deleted_at is not null)
  and s.tenant_id not in (select id from tenants where deleted_at is not null)
  and s.coach_id not in (select id from users where deleted_at is not null)`

const cutoff = () => new Date(now().getTime() - SITEMAP_PAST_DAYS * 86_400_000)

export interface SitemapKey {
  start: string
  id: string
}

/**
 * How many parts of `perFile` URLs, and each part's URL count, latest change and first key (so
 * a part read soon after needs no walk to its start). One statement, from the index.
 */
export async function sitemapScheduleParts(em: EntityManager, perFile: number) {
  const rows = await em.execute<{ part: number; n: string; lastmod: Date | string | null; first_key: string | null; first_id: string | null }[]>(
    `select (x.k - 1) / ? as part, count(*) filter (where x.live) as n, max(greatest(x.updated_at, wk.updated_at)) filter (where x.live) as lastmod,
            min(x.start_key) filter (where (x.k - 1) % ? = 0) as first_key, min(x.id::text) filter (where (x.k - 1) % ? = 0) as first_id
       from (select s.id, s.workshop_id, s.updated_at, s.start_date::text as start_key, (${LIVE}) as live, row_number() over (order by s.start_date, s.id) as k
               from workshop_schedules s where ${INDEXED}) x
       join workshops wk on wk.id = x.workshop_id
      group by 1 order by 1`,
    [perFile, perFile, perFile, cutoff()],
  )
  return rows.map((r) => ({
    count: Number(r.n),
    lastmod: r.lastmod ? new Date(r.lastmod) : null,
    start: r.first_key && r.first_id ? ({ start: r.first_key, id: r.first_id } satisfies SitemapKey) : null,
  }))
}

/** The key (start as PostgreSQL writes it, microseconds kept; id) at position `at` of the index, if any. Read from the index alone. */
async function keyAt(em: EntityManager, position: number, after: Date) {
  const [row] = await em.execute<{ start_key: string; id: string }[]>(
    `select s.start_date::text as start_key, s.id from workshop_schedules s where ${INDEXED} order by s.start_date, s.id offset ? limit 1`,
    [after, position],
  )
  return row ? { start: row.start_key, id: row.id } : null
}

/**
 * The rows of part `part` (from 0) in batches of at most `batch`: `/workshops/{id}` and its
 * lastmod. Each batch reads the next positions of the index in order (the keys first, then
 * their workshops), so the part ends after `perFile` positions without looking for its end.
 */
export async function* sitemapSchedules(em: EntityManager, part: number, perFile: number, batch = 5_000, known?: SitemapKey | null) {
  const after = cutoff()
  const start = known ?? (await keyAt(em, part * perFile, after))
  if (!start) return
  let from = { ...start, inclusive: true }
  let left = perFile
  // A small first batch, so the answer starts soon; then full ones.
  let size = Math.min(Math.max(1, Math.floor(batch / 5)), left)
  while (left > 0) {
    const rows = await em.execute<{ id: string; start_key: string; lastmod: Date; live: boolean }[]>(
      `select x.id, x.start_key, x.live, greatest(x.updated_at, wk.updated_at) as lastmod
         from (select s.id, s.start_date, s.start_date::text as start_key, s.updated_at, s.workshop_id, (${LIVE}) as live
                 from workshop_schedules s
                where ${INDEXED} and (s.start_date, s.id) ${from.inclusive ? '>=' : '>'} (?::timestamptz, ?::uuid)
                order by s.start_date, s.id limit ?) x
         join workshops wk on wk.id = x.workshop_id
        order by x.start_date, x.id`,
      [after, from.start, from.id, size],
    )
    if (!rows.length) return
    const live = rows.filter((r) => r.live)
    if (live.length) yield live.map((r) => ({ path: `/workshops/${r.id}`, lastmod: new Date(r.lastmod) }))
    left -= rows.length
    if (rows.length < size) return
    const last = rows[rows.length - 1]!
    from = { start: last.start_key, id: last.id, inclusive: false }
    size = Math.min(batch, left)
  }
}
