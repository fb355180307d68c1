import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { now } from '../../platform/clock'
import { type Param, queryPrepared } from '../../platform/db/prepared'
import { toMinor } from '../../shared/money'
import { isUuid } from './access'
import { jsonRowsWithCards, rowsWithCards } from './public.cards'
import type { PublicFilters } from './public.query'
import { LIVE_COLUMNS, LIVE_CTES, LIVE_PAGE, PUBLIC_COLUMNS, publicRow } from './public.rows'
import { searchQuery, searchStatement } from './public.search'

export { NUMERIC_FILTERS, numericFilterError, type PublicFilters, PublicScheduleQuerySchema, parsePublicFilters } from './public.query'

/**
 * Totals are counted up to this many rows and pages reach at most this far: a count or a skip
 * over every matching row would cost in proportion to the catalogue. Past it the total reads
 * "at least" (`meta.totalCapped`), as search engines do.
 */
export const LIST_CAP = 1_000

/**
 * Schedules whose workshop (or coach) is in a set: the rows of `sql` (one id column), computed
 * once per statement as the materialized CTE `name` (the page walk and the count both use it).
 */
interface IdSet {
  name: string
  column: 'workshop_id' | 'coach_id'
  sql: string
  params: unknown[]
}

/**
 * The price range in minor units of its currency (`currency`, else the marketplace's default):
 * teams sell in their own currencies and the range keeps the workshops priced in that one (no
 * conversion between currencies).
 */
export function priceRange(f: Pick<PublicFilters, 'minPrice' | 'maxPrice' | 'currency'>) {
  const currency = (f.currency ?? config.CURRENCY).toLowerCase()
  return {
    currency,
    min: f.minPrice === undefined ? undefined : toMinor(f.minPrice, currency),
    max: f.maxPrice === undefined ? undefined : toMinor(f.maxPrice, currency),
  }
}

/** The filters that are sets of workshops (`q` is the search's own: public.search.ts). */
function idSets(f: PublicFilters) {
  const sets: { price?: IdSet; tag?: IdSet } = {}
  const { min, max, currency } = priceRange(f)
  if (min !== undefined || max !== undefined) {
    const bounds = [min !== undefined ? 'w2.price >= ?' : '', max !== undefined ? 'w2.price <= ?' : ''].filter(Boolean).join(' and ')
    sets.price = {
      name: 'price_workshops',
      column: 'workshop_id',
      sql: `select w2.id from workshops w2 where w2.currency = ? and ${bounds}`,
      params: [currency, min, max].filter((x) => x !== undefined),
    }
  }
  if (f.tag)
    sets.tag = {
      name: 'tag_workshops',
      column: 'workshop_id',
      sql: 'select wt.workshop_id from workshop_tags wt join tags tg on tg.id = wt.tag_id where tg.slug = ?',
      params: [f.tag],
    }
  return sets
}
type SetName = keyof ReturnType<typeof idSets>

/** The `with` entries of the filter's sets (each followed by a comma), and their parameters. */
function setCtes(f: PublicFilters) {
  const sets = Object.values(idSets(f))
  return { sql: sets.map((s) => `${s.name}(id) as materialized (${s.sql}), `).join(''), params: sets.flatMap((s) => s.params) }
}

/**
 * WHERE clause over schedules `s` alone, so the partial listing index (published, public, not
 * deleted, by start date) serves it in order: filters on the workshop or the coach become
 * `x in (...)` sets kept as hashed sets (`coalesce` stops PostgreSQL from turning them into a
 * join, which would sort every match: right for one coach's few rows, wrong for a tag's or a
 * price range's thousands), deleted parents an excluded set. Every value is a bound parameter.
 * `skip` leaves out the set a count starts from. `q` is not read here (public.search.ts).
 */
export function scheduleWhere(f: PublicFilters, visibility: 'public' | 'unlisted', opts: { skip?: SetName } = {}) {
  const sql: string[] = [
    `s.deleted_at is null`,
    `s.status = 'PUBLISHED'`,
    visibility === 'unlisted' ? `s.visibility in ('PUBLIC', 'UNLISTED')` : `s.visibility = 'PUBLIC'`,
    `s.workshop_id not in (select id from workshops where deleted_at is not null)`,
    `s.tenant_id not in (select id from tenants where deleted_at is not null)`,
    `s.coach_id not in (select id from users where deleted_at is not null)`,
  ]
  const params: unknown[] = []
  const add = (clause: string, ...values: unknown[]) => {
    sql.push(clause)
    params.push(...values)
  }
  const sets = idSets(f)
  const member = (set: IdSet) => `coalesce(s.${set.column} in (select id from ${set.name}), false)`
  if (f.level) add('s.level = ?', f.level)
  if (f.mode) add('s.mode = ?', f.mode)
  if (f.country) add('s.country = ?', f.country)
  if (f.from) add('s.start_date >= ?', f.from)
  if (f.to) add('s.start_date <= ?', f.to)
  if (sets.price && opts.skip !== 'price') add(member(sets.price))
  if (f.coach)
    isUuid(f.coach)
      ? add('s.coach_id = ?', f.coach)
      : add('s.coach_id in (select u2.id from users u2 where u2.username = ? and u2.deleted_at is null)', f.coach.toLowerCase())
  if (sets.tag && opts.skip !== 'tag') add(member(sets.tag))
  if (f.seatsLeft !== undefined) add('(select w2.max_seats from workshops w2 where w2.id = s.workshop_id) - s.seats_taken >= ?', Math.floor(f.seatsLeft))
  return { sql: sql.join(' and '), params }
}

/**
 * The list in parts, each read from an index in its own order: schedules running now (the
 * range index finds them), then coming ones (start date ascending from now), then, for
 * `when=all`, past ones (start date descending). The order is the same as one sort over
 * "ended, start date" but no part ever reads rows of another.
 */
function listParts(f: PublicFilters, at: Date): { sql: string; params: unknown[]; dir: 'asc' | 'desc' }[] {
  const running = {
    sql: 'tstzrange(s.start_date, greatest(s.start_date, s.end_date)) @> ?::timestamptz and s.start_date < ?',
    params: [at, at],
    dir: 'asc' as const,
  }
  const coming = { sql: 's.start_date >= ? and s.end_date > ?', params: [at, at], dir: 'asc' as const }
  const past = { sql: 's.start_date < ? and s.end_date <= ?', params: [at, at], dir: 'desc' as const }
  if (f.when === 'past') return [past]
  if (f.when === 'all') return [running, coming, past]
  return [running, coming]
}

/** The rows of every part at once, as one condition (for the count, which needs no order). */
function whenCondition(f: PublicFilters, at: Date): { sql: string; params: unknown[] } {
  // running or coming = not ended yet; all = running, coming or past (rows ending before they start excepted, as in the parts)
  if (f.when === 'upcoming') return { sql: 's.end_date > ?', params: [at] }
  if (f.when === 'past') return { sql: 's.start_date < ? and s.end_date <= ?', params: [at, at] }
  return { sql: '(s.end_date > ? or s.start_date < ?)', params: [at, at] }
}

/**
 * One ordered walk of the listing index per part, stopping after `limit` matching rows (the
 * end of the asked page): the rows' positions give the page (positions offset+1 ...
 * offset+perPage), so a shallow page reads a few index entries whatever the filter.
 */
function walk(f: PublicFilters, at: Date, limit: number) {
  const where = scheduleWhere(f, 'public')
  const parts = listParts(f, at).map((p, i) => {
    const order = `order by s.start_date ${p.dir}, s.id ${p.dir}`
    return {
      sql: `(select s.id, s.workshop_id, s.coach_id, ${i} as part, row_number() over (${order}) as k from workshop_schedules s where ${where.sql} and ${p.sql} ${order} limit ?)`,
      params: [...where.params, ...p.params, limit],
    }
  })
  return {
    sql: `select id, workshop_id, coach_id, row_number() over (order by part, k) as ord from (${parts.map((p) => p.sql).join(' union all ')}) x`,
    params: parts.flatMap((p) => p.params),
  }
}

/**
 * The total, counted up to LIST_CAP + 1 rows, reading only rows that match where a filter
 * allows it: a set of workshops or coaches (q, tag, price) is the start, and its schedules are
 * read by workshop or coach, one short index lookup each (`offset 0` keeps that nested loop:
 * a join would read every schedule); otherwise each part's index range is walked, whose first
 * LIST_CAP + 1 entries nearly all match (the parts are disjoint, so their rows add up).
 */
function cappedCount(f: PublicFilters, at: Date) {
  const when = whenCondition(f, at)
  const sets = idSets(f)
  const from = (name?: SetName) => {
    const where = scheduleWhere(f, 'public', { skip: name })
    const set = name ? sets[name] : undefined
    if (!set) {
      // Part by part (running, coming, past), so each reads its own range of an index.
      const parts = listParts(f, at).map((p) => ({
        sql: `(select s.id from workshop_schedules s where ${where.sql} and ${p.sql} limit ?)`,
        params: [...where.params, ...p.params, LIST_CAP + 1],
      }))
      return { sql: parts.map((p) => p.sql).join(' union all '), params: parts.flatMap((p) => p.params) }
    }
    return {
      sql: `(select x.id from ${set.name} d cross join lateral (select s.id from workshop_schedules s where s.${set.column} = d.id and ${where.sql} and ${when.sql} offset 0) x limit ?)`,
      params: [...where.params, ...when.params, LIST_CAP + 1],
    }
  }
  // A coach, a country or a date range is already a short read of its own index (by coach, of
  // the country's range, of the dates' range): no set needs to lead then, and one that did
  // would read all its workshops' schedules when few of them match.
  const narrow = !!(f.coach || f.country || f.from || f.to)
  const lead: SetName | undefined = narrow ? undefined : sets.tag ? 'tag' : sets.price ? 'price' : undefined
  const side = from(lead)
  return { sql: `(select count(*) from (${side.sql}) c)`, params: side.params }
}

/** The search's price range, on the document `d` (search.entity.ts). */
function priceOfDocument(f: PublicFilters) {
  const sql = ['true']
  const params: unknown[] = []
  const { min, max, currency } = priceRange(f)
  if (min !== undefined || max !== undefined) {
    sql.push('exists (select 1 from workshops wc where wc.id = d.workshop_id and wc.currency = ?)')
    params.push(currency)
  }
  if (min !== undefined) {
    sql.push('d.price >= ?')
    params.push(min)
  }
  if (max !== undefined) {
    sql.push('d.price <= ?')
    params.push(max)
  }
  return { sql: sql.join(' and '), params }
}

const DETAILS_FROM = `from workshop_schedules s join workshops w on w.id = s.workshop_id join users u on u.id = s.coach_id`

/**
 * PUBLIC + PUBLISHED schedules of every tenant, coming ones first (soonest first), then past
 * ones (latest first). One statement: the ids met on the walk of the listing index up to the
 * end of the page, the versions and live figures of the page's rows only, and the total
 * counted up to LIST_CAP + 1 (`meta.totalCapped` past it); a second one loads the cards of
 * rows not cached at their version (public.cards.ts). Pages past LIST_CAP answer no rows, like
 * pages past the total.
 */
async function livePage(em: EntityManager, f: PublicFilters) {
  const at = now()
  const offset = (f.page - 1) * f.perPage
  const end = Math.min(offset + f.perPage, LIST_CAP)
  const limit = offset < end ? end : 1 // a page past the cap reads nothing
  const sq = f.q ? await searchQuery(em, f.q) : null
  let seen: { sql: string; params: unknown[] }
  let count: { sql: string; params: unknown[] }
  let sets: { sql: string; params: unknown[] }
  if (sq) {
    // Words: ranked by relevance (public.search.ts); the price range is a condition on the row's workshop there.
    const rest: PublicFilters = { ...f, q: undefined, minPrice: undefined, maxPrice: undefined }
    const tag = setCtes(rest)
    const search = searchStatement({
      q: sq,
      where: scheduleWhere(rest, 'public'),
      parts: listParts(rest, at),
      when: whenCondition(rest, at),
      price: priceOfDocument(f),
      limit,
      cap: LIST_CAP,
    })
    sets = { sql: tag.sql + search.sets.sql, params: [...tag.params, ...search.sets.params] }
    seen = search.seen
    count = search.count
  } else {
    seen = walk(f, at, limit)
    count = cappedCount(f, at)
    sets = setCtes(f)
  }
  // Prepared (the same text for every request of a filter's shape): planning this statement costs
  // more than running it (prepared.ts).
  const rows = await queryPrepared<Record<string, any>>(
    em,
    `with ${sets.sql}seen as materialized (${seen.sql}),
      page as materialized (${LIVE_PAGE}),
      ${LIVE_CTES('page')}
    select total.n as total_count, d.* from (select ${count.sql} as n) total left join lateral (
      select ${LIVE_COLUMNS}, page.ord as page_ord from page join workshop_schedules s on s.id = page.id
    ) d on true
    order by d.page_ord`,
    [...sets.params, ...seen.params, offset, end, ...count.params] as Param[],
  )
  const counted = rows.length ? Number(rows[0].total_count) : 0
  const capped = counted > LIST_CAP
  const total = capped ? LIST_CAP : counted
  const lastPage = Math.max(1, Math.ceil(total / f.perPage))
  return {
    live: rows[0]?.id ? rows : [],
    meta: { page: f.page, perPage: f.perPage, total, lastPage, ...(capped ? { totalCapped: true as const } : {}) },
  }
}

export async function listPublicSchedules(em: EntityManager, f: PublicFilters) {
  const { live, meta } = await livePage(em, f)
  return { data: live.length ? await rowsWithCards(em, live) : [], meta }
}

/** The same page as listPublicSchedules, as the JSON text of the API's answer. */
export async function listPublicSchedulesJson(em: EntityManager, f: PublicFilters) {
  const { live, meta } = await livePage(em, f)
  const rows = live.length ? await jsonRowsWithCards(em, live) : []
  return `{"data":[${rows.join(',')}],"meta":${JSON.stringify(meta)}}`
}

/** One public schedule (PUBLIC or UNLISTED, PUBLISHED), or null. */
export async function findPublicSchedule(em: EntityManager, id: string) {
  if (!isUuid(id)) return null
  const where = scheduleWhere({ page: 1, perPage: 1, when: 'all' }, 'unlisted')
  const [row] = await em.execute<Record<string, any>[]>(`select ${PUBLIC_COLUMNS} ${DETAILS_FROM} where ${where.sql} and s.id = ?`, [...where.params, id])
  return row ? publicRow(row) : null
}
