/**
 * Signed-in pages kept whole: the HTML of a page that asks for it (`keep` on its module: the
 * /b and /c dashboards and lists), kept per app server and sent again to the same visitor while
 * nothing it shows has changed anywhere.
 *
 * "Changed" is a page change (platform/db/changes.ts) to one of the scopes the page depends on,
 * named when it is rendered: everything (`g`), the visitor (`u:`, their email `e:`) and the
 * teams whose rows it shows (`t:`: the coach area's current team; for the client area every team
 * the client booked in, belongs to or is invited to or waiting in). A write in another team
 * leaves the page kept. A request waits for a round of the changes that starts after it arrived
 * (one tiny statement, shared by the requests that arrive while it runs); the kept page is sent
 * when no change to its scopes was seen since the round it was rendered after. A render that
 * overlapped an uncommitted write is dropped once that write commits: never shown stale.
 *
 * The key is the visitor (the user and the whole Cookie header: session, time zone, colour
 * mode), the address with its query, whether the reader is a crawler and, in the coach area, the
 * team: nothing else of the request reaches a page. Access is never answered from here: the
 * session is checked before, and a coach-area page's team (membership, role) is resolved on every
 * request before its kept HTML is sent. Also bounded in time (`keptPages.ttlMs`): a dashboard
 * depends on the clock (what is "upcoming", a countdown). Each response still gets a nonce of
 * its own: the kept HTML's nonce is replaced by a fresh one, and the Content-Security-Policy names
 * that. A render that failed anywhere (its data, an error caught by React) is never kept.
 * A cache, not state: a restart only empties it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../platform/clock'
import { syncChanges, unchangedSince } from '../platform/db/changes'
import { addCollector, countKeptPage, gauge } from '../platform/metrics'

/** How long a kept page may be served at most (ms; 0 turns the memo off) and the memory it may hold. */
export const keptPages = { ttlMs: 2_000, maxBytes: 32 * 1024 * 1024 }

interface Kept {
  /** the round of page changes read before it was rendered, and the scopes it shows */
  round: number
  scopes: string[]
  /** when it was rendered (real time: the bound above) and the clock's moves then (tests move the app's clock; pages depend on it) */
  at: number
  clockMoves: number
  html: string
  /** the nonce the kept HTML carries (replaced by each response's own) */
  nonce: string
  /** whether the page loads Stripe.js (its Content-Security-Policy names Stripe's origins) */
  stripe: boolean
}

/** One render that may be kept: filled in by the render (its scopes), stored when it finished without failing. */
export interface KeepSlot {
  key: string
  round: number
  scopes: string[] | null
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
  /** the coach area's current team (its pages differ by team) */
  team?: string | null
}

/**
 * The kept page for this visit when nothing it shows has changed, else a slot for the render
 * that follows (null when the memo is off).
 */
export async function keptPage(em: EntityManager, visit: PageVisit): Promise<{ hit: Kept } | { slot: KeepSlot } | null> {
  if (!(keptPages.ttlMs > 0)) return null
  const key = `${visit.userId}\n${visit.team ?? ''}\n${visit.bot ? 'bot' : 'browser'}\n${visit.address}\n${visit.cookie ?? ''}`
  const round = await syncChanges(em)
  const at = Date.now()
  const hit = kept.get(key)
  if (hit && fresh(hit, at) && unchangedSince(hit.round, hit.scopes)) {
    countKeptPage('kept')
    return { hit }
  }
  countKeptPage('rendered')
  return { slot: { key, round, scopes: null, at, clockMoves: clock.moves(), failed: false } }
}

/** Keeps a finished render (one that failed nowhere and named its scopes). */
export function keepPage(slot: KeepSlot, page: { html: string; nonce: string; stripe: boolean }) {
  if (slot.failed || !slot.scopes || page.html.length > keptPages.maxBytes / 8) return
  // A change seen while it rendered may have come too late for it: not kept.
  if (!unchangedSince(slot.round, slot.scopes)) return
  const current = kept.get(slot.key)
  if (current && current.round > slot.round) return
  drop(slot.key)
  if (bytes + page.html.length > keptPages.maxBytes) {
    const at = Date.now()
    for (const [key, k] of kept) if (!fresh(k, at)) drop(key)
    if (bytes + page.html.length > keptPages.maxBytes) forgetPages()
  }
  kept.set(slot.key, { round: slot.round, scopes: slot.scopes, at: slot.at, clockMoves: slot.clockMoves, ...page })
  bytes += page.html.length
}

/** Forget every kept page (tests). */
export function forgetPages() {
  kept.clear()
  bytes = 0
}
