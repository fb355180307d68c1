/**
 * The state of a server-paged table (section 9: page index 0, page size 10, sort with
 * shift-click multi-sort, filters) and its place in the URL, so reload and back keep it.
 * Shared by the server (which reads it from the request) and the browser (which writes it).
 *
 *   ?page=2&sort=-when,status&status=CANCELLED     (a prefix namespaces a second table: inv.page=2)
 */
import { TABLE } from '../../constants'

export interface SortItem {
  id: string
  desc: boolean
}
export interface TableState {
  /** 0-based (the URL shows page numbers from 1). */
  page: number
  sort: SortItem[]
  filters: Record<string, string>
}

export const PAGE_SIZE: number = TABLE.pageSize
export const MAX_SORTS = 3
const SORT_ID = /^[a-zA-Z][\w]*$/

export const emptyTableState = (): TableState => ({ page: TABLE.pageIndex, sort: [], filters: {} })

export function parseSort(raw: string | null | undefined): SortItem[] {
  const out: SortItem[] = []
  for (const part of (raw ?? '').split(',')) {
    const desc = part.startsWith('-')
    const id = desc ? part.slice(1) : part
    if (SORT_ID.test(id) && !out.some((s) => s.id === id)) out.push({ id, desc })
    if (out.length >= MAX_SORTS) break
  }
  return out
}

export const formatSort = (sort: SortItem[]) => sort.map((s) => (s.desc ? `-${s.id}` : s.id)).join(',')

/** Reads a table's state from a query string; only the named filters are kept. */
export function readTableState(params: URLSearchParams, filterKeys: readonly string[], prefix = ''): TableState {
  const page = Number.parseInt(params.get(`${prefix}page`) ?? '1', 10)
  const filters: Record<string, string> = {}
  for (const key of filterKeys) {
    const v = params.get(prefix + key)?.trim()
    if (v) filters[key] = v.slice(0, 200)
  }
  return { page: Number.isFinite(page) && page > 1 ? Math.min(page, 100_000) - 1 : 0, sort: parseSort(params.get(`${prefix}sort`)), filters }
}

/** The query string of a table's state over the other parameters of the page (other tables keep theirs). */
export function writeTableState(params: URLSearchParams, state: TableState, filterKeys: readonly string[], prefix = ''): string {
  const next = new URLSearchParams(params)
  for (const key of ['page', 'sort', ...filterKeys]) next.delete(prefix + key)
  for (const key of filterKeys) if (state.filters[key]) next.set(prefix + key, state.filters[key])
  if (state.sort.length) next.set(`${prefix}sort`, formatSort(state.sort))
  if (state.page > 0) next.set(`${prefix}page`, String(state.page + 1))
  const s = next.toString()
  return s ? `?${s}` : ''
}

/**
 * A click on a sortable header: without shift the column becomes the only sort (ascending,
 * then descending, then off); with shift it is added to (or toggled within) the others.
 */
export function toggleSort(sort: SortItem[], id: string, multi: boolean): SortItem[] {
  const current = sort.find((s) => s.id === id)
  const nextOf = (s: SortItem | undefined): SortItem | null => (!s ? { id, desc: false } : s.desc ? null : { id, desc: true })
  if (!multi) {
    const n = nextOf(sort.length === 1 ? current : undefined)
    return n ? [n] : []
  }
  const n = nextOf(current)
  if (!current) return [...sort, n!].slice(-MAX_SORTS)
  return n ? sort.map((s) => (s.id === id ? n : s)) : sort.filter((s) => s.id !== id)
}

export const pageCount = (total: number, pageSize: number = PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize))

/** What a page fixes (one workshop, one booking) travels to the data endpoint as `_name=value`. */
export const SCOPE_PREFIX = '_'
