/**
 * Whole marketplace answers (the JSON API's pages), kept per app server and served again while
 * nothing they show has changed anywhere. (`/workshops` keeps its rows in the pages' plain
 * 2-second memo instead: no database read per visit.)
 *
 * "Changed" is a page change of the listing's scope (`l`): every statement writing what the
 * listing shows notes it, whichever server or script makes it (schedules, bookings, feedbacks,
 * workshops, tags, tenants and users: platform/db/schemas.ts pageChangeTriggers). A request waits
 * for a round of the changes (one tiny prepared statement instead of the listing's, shared by the
 * requests that arrive while it runs: platform/db/changes.ts) and is served the kept answer when
 * no listing change committed after it was loaded, else loads it again. A load that overlapped an
 * uncommitted write is dropped once that write commits. The loads run in a database time scope
 * of their own: one visitor going away never cuts the work others wait on.
 *
 * Also bounded in time (`listingMemo.ttlMs`): the listing depends on the clock too (a session
 * that starts moves to "running", one that ends leaves "upcoming"). A cache, not state: a restart
 * only empties it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now as clockNow } from '../../platform/clock'
import { sharedDbWork as shared, syncChanges, unchangedSince } from '../../platform/db/changes'

/** How long a kept answer may be served at most (ms); 0 turns the memo off (benchmarks time the loads). */
export const listingMemo = { ttlMs: 2_000 }
const MAX_ENTRIES = 500
const LISTING = ['l']

interface Kept {
  /** the round of page changes read before it was loaded */
  round: number
  /** when it was loaded: real time (the bound above) and the app's clock (what the rows depend on; tests move it) */
  at: number
  clockAt: number
  value: Promise<unknown>
}
const memo = new Map<string, Kept>()

const fresh = (k: Kept, at: number, clockAt: number) => at - k.at < listingMemo.ttlMs && clockAt >= k.clockAt && clockAt - k.clockAt < listingMemo.ttlMs

/**
 * `load()`'s answer for `key`, kept while no listing change committed since it was
 * loaded (and for at most `listingMemo.ttlMs`). Concurrent requests of one key at one
 * round share one load. `load` gets its own EntityManager (the request's may be cut).
 */
export async function memoListing<T>(em: EntityManager, key: string, load: (em: EntityManager) => Promise<T>): Promise<T> {
  if (!(listingMemo.ttlMs > 0)) return load(em)
  const round = await syncChanges(em)
  const at = Date.now()
  const clockAt = clockNow().getTime()
  const hit = memo.get(key)
  if (hit && unchangedSince(hit.round, LISTING) && fresh(hit, at, clockAt)) return hit.value as Promise<T>
  if (memo.size >= MAX_ENTRIES) {
    for (const [k, v] of memo) if (!fresh(v, at, clockAt)) memo.delete(k)
    if (memo.size >= MAX_ENTRIES) memo.clear()
  }
  const value = shared(() => load(em.fork()))
  const entry: Kept = { round, at, clockAt, value }
  memo.set(key, entry)
  value.catch(() => {
    if (memo.get(key) === entry) memo.delete(key)
  })
  return value
}

/** Forget every kept answer (tests). */
export function forgetListings() {
  memo.clear()
}
