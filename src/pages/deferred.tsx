/**
 * Deferred page data: the page's `load` starts before rendering and its outcome is read with
 * `use()` inside a Suspense boundary, so the document head and the area layout stream at once
 * and the page follows when its data is there. The response status is sent by then, so a
 * failing load shows the error screen inside the layout (a 404 is decided earlier, by `head`).
 */
import { type ReactNode, use } from 'react'
import { isDatabaseUnavailable } from '../platform/db/health'
import type { Logger } from '../platform/log'
import { ErrorScreen } from './screens/error'

export type Outcome<D> = { data: D } | { status: number; message?: string }

/** The load's answer as an outcome that never rejects (null is the 404 of `path`). */
export function settle<D>(load: Promise<D | null>, path: string, log: Logger): Promise<Outcome<D>> {
  return load.then(
    (data) => (data === null ? { status: 404, message: `Page Not Found: ${path}` } : { data }),
    (err) => {
      if (isDatabaseUnavailable(err)) return { status: 503 }
      log.error({ err }, 'page data failed')
      const status = typeof (err as any)?.status === 'number' ? (err as any).status : 500
      return { status: status >= 400 && status < 600 ? status : 500 }
    },
  )
}

export function Deferred<D>({ outcome, render }: { outcome: Promise<Outcome<D>>; render: (data: D) => ReactNode }) {
  const o = use(outcome)
  return 'data' in o ? render(o.data) : <ErrorScreen status={o.status} message={o.message} />
}
