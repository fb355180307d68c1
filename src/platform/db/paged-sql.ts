/**
 * One page of a list query, ordered on the server: the query is wrapped, ordered by the
 * requested columns (only those named in `orderBy`, so no SQL comes from the URL), then a
 * stable tie-breaker, and cut to the page. Wrapping a plain select keeps it flat for the
 * planner: with an index in the requested order, a page reads its own rows and no others.
 * The total comes with it from `count` (a lean statement over the filtering tables only, counted
 * from an index; by default the query itself), computed once in the same statement. One
 * statement; a page past the end costs one more (count) and gives the last page.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { type Param, queryPrepared } from './prepared'

export interface PageRequest {
  /** 0-based. */
  page: number
  sort: { id: string; desc: boolean }[]
  pageSize?: number
}

/** A page request of a list table (section 9) with its filters by name. */
export interface ListQuery extends PageRequest {
  filters: Record<string, string>
}

export interface PageOf<R> {
  rows: R[]
  total: number
  /** The page served (the last one when the request was past the end). */
  page: number
}

/** How to count a list: `select 1 from ... where ...` with its parameters (the rows the list has, without what it shows). */
export interface CountSql {
  sql: string
  params: unknown[]
}

export async function pagedSql<R = any>(
  em: EntityManager,
  sql: string,
  params: unknown[],
  req: PageRequest,
  orderBy: Record<string, string>,
  /** Appended after the requested order (the default order and a unique tie-breaker). */
  fallback: string,
  count: CountSql = { sql, params },
): Promise<PageOf<R>> {
  const size = req.pageSize ?? 10
  // PostgreSQL's own null order (last going up, first going down): the order an index is read in.
  const order = req.sort.filter((s) => Object.hasOwn(orderBy, s.id)).map((s) => `${orderBy[s.id]} ${s.desc ? 'desc' : 'asc'}`)
  // Prepared (prepared.ts): the text is the same for every page and size of a list's shape.
  const run = (page: number) =>
    queryPrepared<any>(
      em,
      `select t.*, (select count(*) from (${count.sql}) c)::int as __total from (${sql}) t order by ${[...order, fallback].join(', ')} limit ? offset ?`,
      [...(count.params as Param[]), ...(params as Param[]), size, page * size],
    )
  let page = Math.max(0, Math.floor(req.page) || 0)
  let rows = await run(page)
  if (!rows.length && page > 0) {
    const [c] = await queryPrepared<any>(em, `select count(*)::int as n from (${count.sql}) c`, count.params as Param[])
    const n = Number(c?.n ?? 0)
    if (!n) return { rows: [], total: 0, page: 0 }
    page = Math.ceil(n / size) - 1
    rows = await run(page)
  }
  const total = Number(rows[0]?.__total ?? 0)
  for (const r of rows) delete r.__total
  return { rows: rows as R[], total, page }
}

/** `%text%` for ILIKE, with the pattern characters escaped; null for blank. */
export const likePattern = (q: string | null | undefined) =>
  q?.trim()
    ? `%${q
        .trim()
        .slice(0, 100)
        .replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    : null
