import type { EntityName, FilterQuery, FindOptions } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import * as v from 'valibot'
import { type ErrorBag, validationError } from './errors'

/**
 * Page numbers of every list are bounded: a page past 10,000 is never a real visit (lists that
 * cannot reach that far stop earlier: the marketplace's 1,000 rows), and an unbounded number
 * turns into an offset PostgreSQL cannot hold ("bigint out of range").
 */
export const MAX_PAGE = 10_000
export const MAX_PER_PAGE = 100
export const PAGE_MESSAGE = `The page must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en')}.`
export const PER_PAGE_MESSAGE = `The per page must be a whole number from 1 to ${MAX_PER_PAGE}.`

/** A whole number from 1 to `max` written as plain digits (no sign, no exponent, no fraction, no leading zero). */
const wholeUpTo = (raw: string, max: number) => /^[1-9]\d{0,5}$/.test(raw) && Number(raw) <= max

/** `page` of a list's query: the documented rule, shared by every list. */
export const PageParam = v.pipe(
  v.string(),
  v.check((s) => wholeUpTo(s.trim(), MAX_PAGE), PAGE_MESSAGE),
  v.description(`Page number, from 1 (at most ${MAX_PAGE})`),
)
/** `perPage` of a list's query. */
export const PerPageParam = v.pipe(
  v.string(),
  v.check((s) => wholeUpTo(s.trim(), MAX_PER_PAGE), PER_PAGE_MESSAGE),
  v.description(`Rows per page (default 10, at most ${MAX_PER_PAGE})`),
)

export interface Paging {
  page: number
  perPage: number
  offset: number
}

/**
 * Reads `page` and `perPage` (also `per_page`) of any list: absent means page 1 and
 * `defaultPerPage`; anything but a whole number within bounds is a 422 naming the field.
 * Every list goes through here (the CRUD lists, the marketplace, the coach directory, job
 * postings, tokens, the data tables), so no list turns a hostile number into SQL.
 */
export function readPaging(sp: URLSearchParams, opts: { defaultPerPage?: number; fixedPerPage?: number } = {}): Paging {
  const errors: ErrorBag = {}
  const page = pagingNumber(sp.get('page'), MAX_PAGE, 1, () => (errors.page = [PAGE_MESSAGE]))
  let perPage = opts.fixedPerPage ?? opts.defaultPerPage ?? 10
  const rawPer = sp.get('perPage') ?? sp.get('per_page')
  if (opts.fixedPerPage === undefined) perPage = pagingNumber(rawPer, MAX_PER_PAGE, perPage, () => (errors.perPage = [PER_PAGE_MESSAGE]))
  if (Object.keys(errors).length) throw validationError(errors)
  return { page, perPage, offset: (page - 1) * perPage }
}

/**
 * The page number of a server-rendered page's URL: pages never answer 422 to a hand-edited
 * link, so anything unusable is page 1 and anything past the bound is the last page allowed.
 */
export function pageOfUrl(sp: URLSearchParams, key = 'page'): number {
  const n = Math.floor(Number(sp.get(key)))
  return Number.isFinite(n) && n > 1 ? Math.min(n, MAX_PAGE) : 1
}

function pagingNumber(raw: string | null, max: number, fallback: number, bad: () => void) {
  if (raw === null || raw.trim() === '') return fallback
  if (!wholeUpTo(raw.trim(), max)) {
    bad()
    return fallback
  }
  return Number(raw.trim())
}

/** Query parameters every list accepts (documented once, parsed once). */
export const ListQuerySchema = v.looseObject({
  page: v.optional(PageParam),
  perPage: v.optional(PerPageParam),
  sort: v.optional(v.pipe(v.string(), v.description('Comma-separated fields; a leading - sorts descending, e.g. -createdAt,name'))),
  include: v.optional(v.pipe(v.union([v.string(), v.array(v.string())]), v.description('Comma-separated relations to embed'))),
  q: v.optional(v.pipe(v.string(), v.maxLength(200), v.description('Text search'))),
  withTrashed: v.optional(v.pipe(v.picklist(['0', '1', 'true', 'false']), v.description('Super-admins: include soft-deleted rows'))),
  onlyTrashed: v.optional(v.pipe(v.picklist(['0', '1', 'true', 'false']), v.description('Super-admins: only soft-deleted rows'))),
})

export const ShowQuerySchema = v.looseObject({
  include: v.optional(v.pipe(v.union([v.string(), v.array(v.string())]), v.description('Comma-separated relations to embed'))),
  withTrashed: v.optional(v.pipe(v.picklist(['0', '1', 'true', 'false']), v.description('Super-admins: find soft-deleted rows too'))),
})

export interface ListParams {
  page: number
  perPage: number
  offset: number
  sort: { field: string; dir: 'asc' | 'desc' }[]
  include: string[]
  q?: string
  filter: Record<string, string>
  withTrashed: boolean
  onlyTrashed: boolean
}

const truthy = (s?: string | null) => s === '1' || s === 'true'

export function parseIncludes(raw: string | null | undefined, allowed: readonly string[]): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const unknown = names.filter((n) => !allowed.includes(n))
  if (unknown.length) throw validationError({ include: [`Unknown include: ${unknown.join(', ')}. Allowed: ${allowed.join(', ') || 'none'}.`] })
  return [...new Set(names)]
}

/** A list that embeds nothing: any `include` is a 422 (never silently ignored); answers the parameters. */
export function noIncludes(sp: URLSearchParams): URLSearchParams {
  parseIncludes(sp.get('include'), [])
  return sp
}

/**
 * A short list read whole (a person's few calendars, a coach's session types) answered as a page
 * like every other list: the same checks of `page`, `perPage` and `include`, then the page's slice.
 */
export function pageOfRows<T>(url: string, rows: T[], defaultPerPage = 20) {
  const { page, perPage, offset } = readPaging(noIncludes(new URL(url).searchParams), { defaultPerPage })
  const total = rows.length
  return { data: rows.slice(offset, offset + perPage), meta: { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) } }
}

/**
 * Reads page, perPage, sort, include, q, filter[field] and withTrashed from a URL.
 * Unknown sort fields, filters and includes are a 422 that names what is allowed.
 */
export function parseListQuery(
  url: URL,
  opts: { sortable: readonly string[]; filterable: readonly string[]; includes: readonly string[]; defaultSort?: string },
): ListParams {
  const sp = url.searchParams
  const errors: Record<string, string[]> = {}
  let paging: Paging = { page: 1, perPage: 10, offset: 0 }
  try {
    paging = readPaging(sp)
  } catch (e: any) {
    Object.assign(errors, e.errors)
  }
  const { page, perPage } = paging
  const sort = (sp.get('sort') ?? opts.defaultSort ?? '-createdAt')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ({ field: s.replace(/^-/, ''), dir: (s.startsWith('-') ? 'desc' : 'asc') as 'asc' | 'desc' }))
  const badSort = sort.filter((s) => !opts.sortable.includes(s.field)).map((s) => s.field)
  if (badSort.length) errors.sort = [`Cannot sort by ${badSort.join(', ')}. Allowed: ${opts.sortable.join(', ')}.`]
  const filter: Record<string, string> = {}
  for (const [key, value] of sp) {
    const m = /^filter\[([\w.]+)\]$/.exec(key)
    if (!m) continue
    if (!opts.filterable.includes(m[1])) (errors[`filter.${m[1]}`] ??= []).push(`Cannot filter by ${m[1]}. Allowed: ${opts.filterable.join(', ') || 'none'}.`)
    else filter[m[1]] = value
  }
  let include: string[] = []
  try {
    include = parseIncludes(sp.get('include'), opts.includes)
  } catch (e: any) {
    Object.assign(errors, e.errors)
  }
  if (Object.keys(errors).length) throw validationError(errors)
  return {
    ...paging,
    sort,
    include,
    q: sp.get('q')?.trim() || undefined,
    filter,
    withTrashed: truthy(sp.get('withTrashed')),
    onlyTrashed: truthy(sp.get('onlyTrashed')),
  }
}

/**
 * One page of rows and the total: a page that is not full tells the total by itself (one
 * statement, the usual case for short lists); only a full page, or one past the end, counts.
 */
export async function findPage<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  where: FilterQuery<NoInfer<E>>,
  opts: FindOptions<NoInfer<E>, any, any, any> & { limit: number; offset: number },
): Promise<[E[], number]> {
  // `never` casts: MikroORM's index-aware filter types do not follow a generic E.
  const rows = (await em.find(entity, where as never, opts as never)) as E[]
  const partial = rows.length < opts.limit && (rows.length > 0 || opts.offset === 0)
  const total = partial ? opts.offset + rows.length : await em.count(entity, where as never, { filters: opts.filters })
  return [rows, total]
}

export function listResponse<T>(data: T[], total: number, p: Pick<ListParams, 'page' | 'perPage'>) {
  return { data, meta: { page: p.page, perPage: p.perPage, total, lastPage: Math.max(1, Math.ceil(total / p.perPage)) } }
}
