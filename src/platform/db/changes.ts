/**
 * Page changes as each app server reads them: every statement writing a table that kept pages or
 * memos show notes the scopes it changed in `page_changes` (migration page_changes; schemas.ts
 * `pageChangeTriggers`): `t:<team>`, `u:<user>`, `e:<email>`, `l` (the marketplace listing), `g`
 * (everything), `*` (a truncation: everything, and whatever was kept before).
 *
 * A server reads them in rounds. A round reads the rows whose transaction was not finished when
 * the previous round looked (`xid >= ` the xmin of the previous round's snapshot): every
 * transaction that committed since is among them, whatever order transactions commit in, so a
 * change is never missed because its row was written (its id taken) before another that
 * committed first. Rows already seen are skipped. Each scope remembers the round it last changed
 * in; something loaded after round R (its data read after R's snapshot) is stale once one of its
 * scopes changed in a later round. A write acknowledged before a request started has committed
 * before the round that request waits for, so that round sees it: never stale after an
 * acknowledged change, on any server, whoever wrote it (a job, another server, SQL by hand).
 *
 * A request waits for a round that starts after it asked; requests arriving while one runs share
 * the next one (at most one round in flight and one waiting per server), so under load a server
 * reads the changes once for many requests. The read runs in a database time scope of its own:
 * one visitor going away never cuts the work others wait on.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { withDbDeadline } from './deadline'
import { queryPrepared } from './prepared'

/** Shared database work: its own time limit, not tied to the request that happened to start it. */
export const sharedDbWork = <T>(fn: () => Promise<T>) => withDbDeadline({ timeoutMs: config.DB_REQUEST_TIMEOUT_MS, startNow: true }, fn)

/** How long a scope's last change is remembered: longer than anything is kept (memos keep seconds). */
const REMEMBER_MS = 60_000
/** Past this long without a round, the rows in between may be pruned: start again from scratch. */
const STALE_FEED_MS = 5 * 60_000

const SQL = `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
  coalesce((select json_agg(json_build_array(c.id::text, c.xid::text, c.scope)) from page_changes c where c.xid >= ?::xid8), '[]') as rows`

interface FeedState {
  /** The xmin of the last round's snapshot (null before the first round). */
  xmin: bigint | null
  /** Rows read whose transaction may still be in flight for the next round (id -> xid). */
  seen: Map<string, bigint>
  round: number
  /** The round each scope last changed in. */
  last: Map<string, number>
  /** Nothing loaded at or before this round may be used (the first round, `*`, a gap). */
  reset: number
  /** When the last round finished (Date.now()), and rounds by time for forgetting old scopes. */
  at: number
  marks: { at: number; round: number }[]
}

const state: FeedState = { xmin: null, seen: new Map(), round: 0, last: new Map(), reset: 1, at: 0, marks: [] }

function apply(xminText: string, rows: [string, string, string][]) {
  const now = Date.now()
  const round = state.round + 1
  if (state.xmin === null || now - state.at > STALE_FEED_MS) {
    // First round (or one after a long gap): what was kept before cannot be checked.
    state.reset = round
    state.seen.clear()
  } else {
    for (const [id, xid, scope] of rows) {
      if (state.seen.has(id)) continue
      state.seen.set(id, BigInt(xid))
      if (scope === '*') state.reset = round
      else state.last.set(scope, round)
    }
  }
  const xmin = BigInt(xminText)
  for (const [id, xid] of state.seen) if (xid < xmin) state.seen.delete(id)
  state.xmin = xmin
  state.round = round
  state.at = now
  // Forget scopes nothing kept can depend on any more.
  if (!state.marks.length || now - state.marks[state.marks.length - 1]!.at >= 1_000) state.marks.push({ at: now, round })
  while (state.marks.length > 1 && now - state.marks[1]!.at > REMEMBER_MS) state.marks.shift()
  const floor = state.marks[0] && now - state.marks[0].at > REMEMBER_MS ? state.marks[0].round : 0
  if (floor && state.last.size > 10_000) for (const [k, r] of state.last) if (r < floor) state.last.delete(k)
  return round
}

let reading: Promise<number> | null = null
let waiting: Promise<number> | null = null

function startRound(em: EntityManager) {
  const prev = state.xmin
  const p: Promise<number> = sharedDbWork(() =>
    queryPrepared<{ xmin: string; rows: [string, string, string][] | string }>(em, SQL, [prev === null ? null : prev.toString()]),
  )
    .then(([r]) => apply(r!.xmin, typeof r!.rows === 'string' ? JSON.parse(r!.rows) : r!.rows))
    .finally(() => {
      if (reading === p) reading = null
    })
  reading = p
  return p
}

/**
 * The page changes read by a round that starts after this call: resolves to that round's number
 * (what a load that starts now is "after"). Fails when the database does not answer.
 */
export function syncChanges(em: EntityManager): Promise<number> {
  if (!reading) return startRound(em)
  if (!waiting) {
    const done = () => {
      if (waiting === p) waiting = null
    }
    // When the round under way fails (the database is down or hung: it was cut after its time),
    // its waiters fail with it rather than wait for a round of their own as long again.
    const p: Promise<number> = reading.then(
      () => {
        done()
        return startRound(em)
      },
      (err) => {
        done()
        throw err
      },
    )
    waiting = p
  }
  return waiting
}

/**
 * Whether something loaded after round `round` still holds for `scopes`: no change to any of
 * them (nor to everything, `g`) was seen in a later round, and nothing was reset since.
 */
export function unchangedSince(round: number, scopes: Iterable<string>): boolean {
  if (round < state.reset) return false
  if ((state.last.get('g') ?? 0) > round) return false
  for (const s of scopes) if ((state.last.get(s) ?? 0) > round) return false
  return true
}

/** The round last read (0 before the first). */
export const currentRound = () => state.round

/** Starts over as if no round was read (tests). */
export function resetChanges() {
  state.xmin = null
  state.seen.clear()
  state.last.clear()
  state.reset = state.round + 1
  state.marks = []
}
