/**
 * The job pages a sitemap lists: `/jobs/{id}` of every published, not deleted posting of a team
 * that is not deleted (what /jobs/{id} serves), newest first; `lastmod` is its last change.
 */
import type { EntityManager } from '@mikro-orm/postgresql'

const FROM = `from job_postings j join tenants t on t.id = j.tenant_id and t.deleted_at is null
  where j.deleted_at is null and j.status = 'PUBLISHED'`

/** Each part's row count and latest change, for parts of `perFile` URLs. */
export async function sitemapJobParts(em: EntityManager, perFile: number) {
  const rows = await em.execute<{ part: number; n: string; lastmod: Date | string | null }[]>(
    `select (x.k - 1) / ? as part, count(*) as n, max(x.updated_at) as lastmod
       from (select j.updated_at, row_number() over (order by j.published_at desc nulls last, j.id) as k ${FROM}) x
      group by 1 order by 1`,
    [perFile],
  )
  return rows.map((r) => ({ count: Number(r.n), lastmod: r.lastmod ? new Date(r.lastmod) : null }))
}

/** The rows of part `part` (from 0) in batches of at most `batch`. */
export async function* sitemapJobs(em: EntityManager, part: number, perFile: number, batch = 5_000) {
  for (let done = 0; done < perFile; done += batch) {
    const size = Math.min(batch, perFile - done)
    const rows = await em.execute<{ id: string; updated_at: Date }[]>(
      `select j.id, j.updated_at ${FROM} order by j.published_at desc nulls last, j.id offset ? limit ?`,
      [part * perFile + done, size],
    )
    if (rows.length) yield rows.map((r) => ({ path: `/jobs/${r.id}`, lastmod: new Date(r.updated_at) }))
    if (rows.length < size) return
  }
}
