/**
 * Operators' metrics in Prometheus text format (prom-client), served at GET /metrics
 * (src/app.ts): requests by route template and status, database pool, database time limits
 * hit, jobs, mail, payments and refunds, kept pages, and the process (memory, CPU, event-loop lag).
 * Counters are per server: Prometheus scrapes each app server and sums.
 *
 * Labels never carry raw paths or ids: a request is labelled by its route template
 * (`/v1/bookings/:id`, a page's `/b/bookings/{id}`), else `unmatched`.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { requestScope } from '../log'

export const registry = new Registry()
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })

const httpRequests = new Counter({
  name: 'summit_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
})
const httpDuration = new Histogram({
  name: 'summit_http_request_duration_seconds',
  help: 'Time to the response headers (streamed pages go on after), by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})
const databaseErrors = new Counter({
  name: 'summit_database_unavailable_total',
  help: 'Requests answered 503 because of the database, by cause (statement_timeout, lock_timeout, idle_in_transaction_timeout, pool_timeout, unreachable, other)',
  labelNames: ['cause'] as const,
  registers: [registry],
})
const jobs = new Counter({
  name: 'summit_jobs_total',
  help: 'Background jobs run by this server, by queue and outcome (completed, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
})
const mail = new Counter({
  name: 'summit_mail_total',
  help: 'Mail handed to SMTP (sent), refused or not delivered (failed), or kept in the local outbox without SMTP_URL (outbox)',
  labelNames: ['outcome'] as const,
  registers: [registry],
})
const payments = new Counter({
  name: 'summit_payments_total',
  help: 'Card payments recorded, by outcome (succeeded, failed, canceled, late: paid after the hold ended)',
  labelNames: ['outcome'] as const,
  registers: [registry],
})
const refunds = new Counter({
  name: 'summit_refunds_total',
  help: 'Refund sends to the payment provider, by outcome (sent, already_refunded, failed: retried by the job)',
  labelNames: ['outcome'] as const,
  registers: [registry],
})
const keptPages = new Counter({
  name: 'summit_kept_pages_total',
  help: 'Signed-in page requests that may be kept (src/pages/page-memo.ts), by outcome (kept: sent again; rendered)',
  labelNames: ['outcome'] as const,
  registers: [registry],
})

// ------------------------------------------------------------------ request labels

/** The route template answering the current request (Elysia's route, then a page's own pattern). */
export function setRoute(route: string) {
  const scope = requestScope()
  if (scope) scope.route = route
}

export function observeRequest(method: string, status: number, seconds: number) {
  const labels = { method, route: requestScope()?.route ?? 'unmatched', status: String(status) }
  httpRequests.inc(labels)
  httpDuration.observe(labels, seconds)
}

export const countDatabaseUnavailable = (cause: string) => databaseErrors.inc({ cause })
export const countJob = (job: string, outcome: 'completed' | 'failed') => jobs.inc({ job, outcome })
export const countMail = (outcome: 'sent' | 'failed' | 'outbox') => mail.inc({ outcome })
export const countPayment = (outcome: 'succeeded' | 'failed' | 'canceled' | 'late') => payments.inc({ outcome })
export const countRefund = (outcome: 'sent' | 'already_refunded' | 'failed') => refunds.inc({ outcome })
export const countKeptPage = (outcome: 'kept' | 'rendered') => keptPages.inc({ outcome })

// ------------------------------------------------------------------ gauges read at scrape time

type Collector = () => Promise<void> | void
const collectors: Collector[] = []

/** A part of the platform that fills its gauges when /metrics is read (the pool, the job queues). */
export function addCollector(fn: Collector) {
  collectors.push(fn)
}

export function gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return new Gauge({ name, help, labelNames, registers: [registry] })
}

/** The text of GET /metrics. A collector that fails leaves its gauges as they were. */
export async function metricsText() {
  await Promise.all(
    collectors.map(async (c) => {
      try {
        await c()
      } catch {}
    }),
  )
  return registry.metrics()
}

export const METRICS_CONTENT_TYPE = registry.contentType
