/**
 * Signed-in pages kept whole: the HTML of a page that asks for it (`keep` on its module: the
 * /b and /c dashboards, a handful of statements each), kept per app server and sent again to
 * the same visitor while nothing it shows has changed anywhere.
 *
 * "Changed" is the pages' generation (platform/db/generation.ts): a PostgreSQL sequence that
 * every statement writing a table the pages show moves on, through any server or script
 * (migration page_generation). A request reads it (one tiny statement, shared by the requests
 * that arrive while it runs) and gets the kept page when it was rendered at that generation or
 * a later one, else renders it again. Every write anywhere drops every kept page: under a
 * steady stream of writes the pages are simply rendered as before, never shown stale.
 *
 * The key is the visitor (the user and the whole Cookie header: session, time zone, colour
 * mode), the address with its query and whether the reader is a crawler: nothing else of the
 * request reaches a page. Also bounded in time (`keptPages.ttlMs`): a dashboard depends on the
 * clock (what is "upcoming", a countdown). Statement triggers fire even for a statement that
 * changed no row (a sweep that found nothing): such a statement only costs the servers a render. Each response still gets a nonce of its own: the
 * kept HTML's nonce is replaced by a fresh one, and the Content-Security-Policy names that.
 * A render that failed anywhere (its data, an error caught by React) is never kept.
 * A cache, not state: a restart only empties it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../platform/clock'
import { generationReader } from '../platform/db/generation'
import { addCollector, countKeptPage, gauge } from '../platform/metrics'

/** How long a kept page may be served at most (ms; 0 turns the memo off) and the memory it may hold. */
export const keptPages = { ttlMs: 2_000, maxBytes: 32 * 1024 * 1024 }

const readGeneration = generationReader('page_generation')

interface Kept {
  generation: number
  /** when it was rendered (real time: the bound above) and the clock's moves then (tests move the app's clock; pages depend on it) */
  at: number
  clockMoves: number
  html: string
  /** the nonce the kept HTML carries (replaced by each response's own) */
  nonce: string
  /** whether the page loads Stripe.js (its Content-Security-Policy names Stripe's origins) */
  stripe: boolean
}

/** One render that may be kept: filled in by the render, stored when it finished without failing. */
export interface KeepSlot {
  key: string
  generation: number
  at: number
  clockMoves: number
  failed: boolean
}

const kept = new Map<string, Kept>()
let bytes = 0

const keptBytes = gauge('summit_kept_pages_bytes', 'Characters of HTML this server keeps for signed-in pages (src/pages/page-memo.ts)')
addCollector(() => keptBytes.set(bytes))

/** Fresh: rendered less than ttlMs ago, and the app's clock not moved since (tests shift, freeze or reset it; production never does). */
const fresh = (k: { at: number; clockMoves: number }, at: number) => at - k.at < keptPages.ttlMs && k.clockMoves === clock.moves()

function drop(key: string) {
  const k = kept.get(key)
  if (!k) return
  bytes -= k.html.length
  kept.delete(key)
}

export interface PageVisit {
  userId: string
  /** path and query */
  address: string
  cookie: string | null
  bot: boolean
}

/**
 * The kept page for this visit when nothing it shows has changed, else a slot for the render
 * that follows (null when the memo is off).
 */
export async function keptPage(em: EntityManager, visit: PageVisit): Promise<{ hit: Kept } | { slot: KeepSlot } | null> {
  if (!(keptPages.ttlMs > 0)) return null
  const key = `${visit.userId}\n${visit.bot ? 'bot' : 'browser'}\n${visit.address}\n${visit.cookie ?? ''}`
  const generation = await readGeneration(em)
  const at = Date.now()
  const hit = kept.get(key)
  // A page rendered at a later generation is newer than this request needs: good too.
  if (hit && hit.generation >= generation && fresh(hit, at)) {
    countKeptPage('kept')
    return { hit }
  }
  countKeptPage('rendered')
  return { slot: { key, generation, at, clockMoves: clock.moves(), failed: false } }
}

/** Keeps a finished render (one that failed nowhere). */
export function keepPage(slot: KeepSlot, page: { html: string; nonce: string; stripe: boolean }) {
  if (slot.failed || page.html.length > keptPages.maxBytes / 8) return
  const current = kept.get(slot.key)
  if (current && current.generation > slot.generation) return
  drop(slot.key)
  if (bytes + page.html.length > keptPages.maxBytes) {
    const at = Date.now()
    for (const [key, k] of kept) if (!fresh(k, at)) drop(key)
    if (bytes + page.html.length > keptPages.maxBytes) forgetPages()
  }
  kept.set(slot.key, { generation: slot.generation, at: slot.at, clockMoves: slot.clockMoves, ...page })
  bytes += page.html.length
}

/** Forget every kept page (tests). */
export function forgetPages() {
  kept.clear()
  bytes = 0
}
