/**
 * The workshop pages a sitemap lists: PUBLIC + PUBLISHED schedules (parents not deleted) that
 * are coming, running or ended less than SITEMAP_PAST_DAYS ago, in the listing index's order
 * (start date, id), so a part is a range of that index: its first row is found by position and
 * the rest are read in keyset batches. `lastmod` is the later of the schedule's and its
 * workshop's last change.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { scheduleWhere } from './public.service'

/** Ended sessions stay in the sitemap this long (their page shows the next dates and the reviews). */
export const SITEMAP_PAST_DAYS = 30

function where(at: Date) {
  const w = scheduleWhere({ page: 1, perPage: 1, when: 'all' }, 'public')
  return { sql: `${w.sql} and s.end_date > ?`, params: [...w.params, new Date(at.getTime() - SITEMAP_PAST_DAYS * 86_400_000)] }
}

/** How many parts of `perFile` URLs, and each part's row count and latest change. */
export async function sitemapScheduleParts(em: EntityManager, perFile: number) {
  const w = where(now())
  const rows = await em.execute<{ part: number; n: string; lastmod: Date | string | null }[]>(
    `select (x.k - 1) / ? as part, count(*) as n, max(greatest(s.updated_at, w.updated_at)) as lastmod
       from (select s.id, s.workshop_id, row_number() over (order by s.start_date, s.id) as k from workshop_schedules s where ${w.sql}) x
       join workshop_schedules s on s.id = x.id join workshops w on w.id = x.workshop_id
      group by 1 order by 1`,
    [perFile, ...w.params],
  )
  return rows.map((r) => ({ count: Number(r.n), lastmod: r.lastmod ? new Date(r.lastmod) : null }))
}

/** The rows of part `part` (from 0) in batches of at most `batch`: `/workshops/{id}` and its lastmod. */
export async function* sitemapSchedules(em: EntityManager, part: number, perFile: number, batch = 5_000) {
  const w = where(now())
  let left = perFile
  // The start as PostgreSQL writes it (microseconds kept), so the next batch starts exactly after it.
  let after: { start: string; id: string } | null = null
  while (left > 0) {
    const size = Math.min(batch, left)
    const rows: { id: string; start_key: string; lastmod: Date }[] = await em.execute(
      `select s.id, s.start_date::text as start_key, greatest(s.updated_at, w.updated_at) as lastmod
         from workshop_schedules s join workshops w on w.id = s.workshop_id
        where ${w.sql} ${after ? 'and (s.start_date, s.id) > (?::timestamptz, ?)' : ''}
        order by s.start_date, s.id ${after ? '' : 'offset ?'} limit ?`,
      after ? [...w.params, after.start, after.id, size] : [...w.params, part * perFile, size],
    )
    if (!rows.length) return
    yield rows.map((r) => ({ path: `/workshops/${r.id}`, lastmod: new Date(r.lastmod) }))
    left -= rows.length
    if (rows.length < size) return
    const last = rows[rows.length - 1]!
    after = { start: last.start_key, id: last.id }
  }
}
