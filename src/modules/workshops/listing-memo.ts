/**
 * Whole marketplace answers (the JSON API's pages), kept per app server and served again while
 * nothing they show has changed anywhere. (`/workshops` keeps its rows in the pages' plain
 * 2-second memo instead: no database read per visit.)
 *
 * "Changed" is the listing's generation: a PostgreSQL sequence that every statement writing what
 * the listing shows moves on, whichever server or script makes it (statement triggers on
 * schedules, bookings, feedbacks, tenants and users; workshop, tag and coach changes touch their
 * schedules: migrations listing_cards and listing_generation). A request reads the sequence (one
 * tiny prepared statement instead of the listing's, shared by the requests that arrive while it
 * runs: platform/db/generation.ts) and is served the kept answer when it was loaded at that
 * generation or a later one, else loads it again. The loads run in a database time scope of
 * their own: one visitor going away never cuts the work others wait on.
 *
 * Also bounded in time (`listingMemo.ttlMs`): the listing depends on the clock too (a session
 * that starts moves to "running", one that ends leaves "upcoming"). One case is bounded by that
 * time alone: a load that read the sequence after a write moved it but before that write
 * committed (a few microseconds between its statement and its commit) keeps the old rows.
 * A cache, not state: a restart only empties it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now as clockNow } from '../../platform/clock'
import { generationReader, sharedDbWork as shared } from '../../platform/db/generation'

/** How long a kept answer may be served at most (ms); 0 turns the memo off (benchmarks time the loads). */
export const listingMemo = { ttlMs: 2_000 }
const MAX_ENTRIES = 500

/** The listing's generation, read by a statement that starts after this call (platform/db/generation.ts). */
export const listingGeneration: (em: EntityManager) => Promise<number> = generationReader('listing_generation')

interface Kept {
  generation: number
  /** when it was loaded: real time (the bound above) and the app's clock (what the rows depend on; tests move it) */
  at: number
  clockAt: number
  value: Promise<unknown>
}
const memo = new Map<string, Kept>()

const fresh = (k: Kept, at: number, clockAt: number) => at - k.at < listingMemo.ttlMs && clockAt >= k.clockAt && clockAt - k.clockAt < listingMemo.ttlMs

/**
 * `load()`'s answer for `key`, kept while the listing's generation has not moved since it was
 * loaded (and for at most `listingMemo.ttlMs`). Concurrent requests of one key at one
 * generation share one load. `load` gets its own EntityManager (the request's may be cut).
 */
export async function memoListing<T>(em: EntityManager, key: string, load: (em: EntityManager) => Promise<T>): Promise<T> {
  if (!(listingMemo.ttlMs > 0)) return load(em)
  const generation = await listingGeneration(em)
  const at = Date.now()
  const clockAt = clockNow().getTime()
  const hit = memo.get(key)
  // An answer loaded at a later generation is newer than this request needs: good too.
  if (hit && hit.generation >= generation && fresh(hit, at, clockAt)) return hit.value as Promise<T>
  if (memo.size >= MAX_ENTRIES) {
    for (const [k, v] of memo) if (!fresh(v, at, clockAt)) memo.delete(k)
    if (memo.size >= MAX_ENTRIES) memo.clear()
  }
  const value = shared(() => load(em.fork()))
  const entry: Kept = { generation, at, clockAt, value }
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
