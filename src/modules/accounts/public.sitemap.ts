/**
 * The coach profiles a sitemap lists: `/{username}` of every active, not deleted coach with a
 * username (what the profile page serves), oldest first; `lastmod` is the user's last change.
 */
import type { EntityManager } from '@mikro-orm/postgresql'

const WHERE = `u.deleted_at is null and u.status = 'active' and u.username is not null and 'coach' = any(u.roles)`

/** Each part's row count and latest change, for parts of `perFile` URLs. */
export async function sitemapCoachParts(em: EntityManager, perFile: number) {
  const rows = await em.execute<{ part: number; n: string; lastmod: Date | string | null }[]>(
    `select (x.k - 1) / ? as part, count(*) as n, max(x.updated_at) as lastmod
       from (select u.updated_at, row_number() over (order by u.created_at, u.id) as k from users u where ${WHERE}) x
      group by 1 order by 1`,
    [perFile],
  )
  return rows.map((r) => ({ count: Number(r.n), lastmod: r.lastmod ? new Date(r.lastmod) : null }))
}

/** The rows of part `part` (from 0) in batches of at most `batch`. */
export async function* sitemapCoaches(em: EntityManager, part: number, perFile: number, batch = 5_000) {
  for (let done = 0; done < perFile; done += batch) {
    const size = Math.min(batch, perFile - done)
    const rows = await em.execute<{ username: string; updated_at: Date }[]>(
      `select u.username, u.updated_at from users u where ${WHERE} order by u.created_at, u.id offset ? limit ?`,
      [part * perFile + done, size],
    )
    if (rows.length) yield rows.map((r) => ({ path: `/${encodeURIComponent(r.username.toLowerCase())}`, lastmod: new Date(r.updated_at) }))
    if (rows.length < size) return
  }
}
