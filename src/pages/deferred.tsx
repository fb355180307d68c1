/**
 * Deferred page data: the page's `load` starts before rendering and its outcome is read with
 * `use()` inside a Suspense boundary, so the document head and the area layout stream at once
 * and the page follows when its data is there. The response status is sent by then, so a
 * failing load shows the error screen inside the layout (a 404 is decided earlier, by `head`).
 */
import { type ReactNode, use } from 'react'
import { config } from '../config'
import { isDatabaseUnavailable } from '../platform/db/health'
import type { Logger } from '../platform/log'
import { ErrorScreen } from './screens/error'

/** The HTTP status an error carries (HttpError and friends), else 500. */
export function statusOf(err: unknown): number {
  const status = (err as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : 500
}

export type Outcome<D> = ({ data: D } | { status: number; message?: string }) & { release: () => void }

/**
 * The deferred lane: at most LANE pages load and render their deferred part at once. A page
 * runs up to ~5 queries side by side, so LANE is a sixth of the database pool (3 of 20):
 * the sessions and layouts of new requests still find a free connection. A busy
 * server then still answers every new request's first bytes (session, layout) promptly
 * instead of queueing them behind the heavy part of all the others; the parts waiting for
 * the lane are already showing their skeletons.
 */
const LANE = Math.max(2, Math.floor(config.DB_POOL_MAX / 6))
let inLane = 0
const waiting: (() => void)[] = []

async function enterLane(): Promise<() => void> {
  if (inLane >= LANE) await new Promise<void>((resolve) => waiting.push(resolve))
  inLane++
  let done = false
  return () => {
    if (done) return
    done = true
    inLane--
    waiting.shift()?.()
  }
}

/**
 * Runs the load in the lane; its answer as an outcome that never rejects (null is the 404 of
 * `path`). The lane is left when the boundary renders (or shortly after, should it never).
 */
export async function settle<D>(load: () => Promise<D | null>, path: string, log: Logger): Promise<Outcome<D>> {
  const release = await enterLane()
  const outcome = await load().then(
    (data): Outcome<D> => (data === null ? { status: 404, message: `Page Not Found: ${path}`, release } : { data, release }),
    (err): Outcome<D> => {
      if (isDatabaseUnavailable(err)) return { status: 503, release }
      log.error({ err }, 'page data failed')
      const status = statusOf(err)
      return { status: status >= 400 && status < 600 ? status : 500, release }
    },
  )
  setTimeout(release, 100)
  return outcome
}

export function Deferred<D>({ outcome, render }: { outcome: Promise<Outcome<D>>; render: (data: D) => ReactNode }) {
  const o = use(outcome)
  try {
    return 'data' in o ? render(o.data) : <ErrorScreen status={o.status} message={o.message} />
  } finally {
    // The boundary renders in this same task (islands included); the next load starts after it.
    o.release()
  }
}
