/**
 * A two-second memo for the public marketplace pages, as the home page has: every visitor of
 * the same URL within the window shares one load (one SQL statement, also while it runs), so
 * a busy listing costs the database a query per URL and window instead of one per visitor.
 * Per app server and bounded; a cache, not state (any server can answer any request): a change
 * shows on a page within the window. The JSON API's list keeps its answers by the listing's
 * page changes instead (`memoListing` of the workshops module): a change shows there at once, on
 * every server, for one tiny read per request.
 */
import { listingMemo } from '../../../modules/workshops'

/**
 * The memo's window, shared with the listing's (one switch): the benchmark sets it to 0 to time
 * the uncached load of each filter.
 */
export const pageMemo = listingMemo
const MAX_ENTRIES = 500
const memo = new Map<string, { at: number; value: Promise<unknown> }>()

export function pageCache<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now()
  const hit = memo.get(key)
  if (hit && now - hit.at < pageMemo.ttlMs) return hit.value as Promise<T>
  if (memo.size >= MAX_ENTRIES) {
    for (const [k, v] of memo) if (now - v.at >= pageMemo.ttlMs) memo.delete(k)
    if (memo.size >= MAX_ENTRIES) memo.clear()
  }
  const value = load()
  memo.set(key, { at: now, value })
  value.catch(() => memo.delete(key))
  return value
}

const htmlMemo = new WeakMap<object, Map<string, string>>()

/**
 * The HTML of a page body made from memoized data: rendered once per data object (so for as
 * long as `pageCache` keeps it) and `variant` (what else the body shows, such as the query
 * string), then reused. Only for bodies that depend on nothing else (no user, no islands).
 */
export function memoHtml(data: object, variant: string, render: () => string): string {
  let byVariant = htmlMemo.get(data)
  if (!byVariant) htmlMemo.set(data, (byVariant = new Map()))
  let html = byVariant.get(variant)
  if (html === undefined) {
    html = render()
    if (byVariant.size < 50) byVariant.set(variant, html)
  }
  return html
}
