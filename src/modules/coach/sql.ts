import { isId } from '../../platform/http/ids'
/** Small helpers for the coach views: numbers out of PostgreSQL rows, names of people, paging. */
export const num = (v: unknown) => Number(v ?? 0)
export const avg1 = (v: unknown) => (v == null ? null : Math.round(Number(v) * 10) / 10)
export const personName = (r: { first_name?: string | null; last_name?: string | null; username?: string | null; email?: string | null }) =>
  [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username || r.email || 'Unknown'
export const PAGE_SIZE = 10
export const pageOf = (raw: string | null | undefined) => Math.max(1, Math.min(100_000, Number.parseInt(raw ?? '1', 10) || 1))
export const isUuid = isId
/** A page of rows and its total from one statement (`count(*) over ()`). */
export interface Paged<T> {
  rows: T[]
  total: number
  page: number
  pages: number
}
export const paged = <T>(rows: (T & { total?: unknown })[], page: number): Paged<T> => {
  const total = num(rows[0]?.total)
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
}
/** Rating counts (feedback_totals' n1..n5) as the pages show them: the average (one decimal), the count and the spread. */
export function ratingsOf(r: { n1?: unknown; n2?: unknown; n3?: unknown; n4?: unknown; n5?: unknown } | null | undefined) {
  const distribution = [r?.n1, r?.n2, r?.n3, r?.n4, r?.n5].map(num)
  const count = distribution.reduce((a, b) => a + b, 0)
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0)
  return { average: count ? avg1(sum / count) : null, count, distribution }
}
