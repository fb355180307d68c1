/**
 * Background jobs on PostgreSQL (pg-boss, schema `pgboss`): no in-memory timers, so any number
 * of app servers share the work and nothing is lost on restart.
 *
 *   work('bookings.release-hold', async (data) => { ... })      // register a handler (import time)
 *   schedule('bookings.sweep-holds', '* * * * *')                // a cron job (runs its handler)
 *   await enqueue('bookings.release-hold', { id }, { startAfter }) // run later
 *
 * Handlers run with plain data; they open their own EntityManager. A handler that throws is
 * retried by pg-boss (retryLimit 3).
 */

import { AsyncLocalStorage } from 'node:async_hooks'
import type { MikroORM } from '@mikro-orm/postgresql'
import { PgBoss } from 'pg-boss'
import { config } from '../../config'
import { log } from '../log'
import { addCollector, countJob, gauge } from '../metrics'

export type JobHandler<T = any> = (data: T, meta: { id: string; name: string }) => Promise<void> | void

/** Retries of a queue: pg-boss retries a failed job `retryLimit` times, `retryDelay` s apart (doubling with backoff). */
export interface RetryPolicy {
  retryLimit?: number
  retryDelay?: number
  retryBackoff?: boolean
}

const handlers = new Map<string, JobHandler>()
const policies = new Map<string, RetryPolicy>()
const crons = new Map<string, string>()
let boss: PgBoss | null = null
let starting: Promise<void> | null = null
let stopping = false

/** The job a worker is running in this async context (its handler's database work, its logs). */
const running = new AsyncLocalStorage<string>()
/** The name of the job whose handler is running here, if any (statement counters leave job work out). */
export const runningJob = () => running.getStore()

const POLL_SECONDS = process.env.NODE_ENV === 'test' ? 0.5 : 2

/** Registers the handler of a queue. Call at import time; workers start with the service. */
export function work<T = any>(name: string, handler: JobHandler<T>, retry: RetryPolicy = {}) {
  if (handlers.has(name)) throw new Error(`Job handler already registered: ${name}`)
  handlers.set(name, handler as JobHandler)
  policies.set(name, retry)
  if (boss) void startWorker(boss, name).catch((err) => log.error({ err, job: name }, 'could not start worker'))
}

/** Runs the handler of `name` on a cron expression (UTC), once across all app servers. */
export function schedule(name: string, cron: string) {
  crons.set(name, cron)
}

/**
 * Queues a job. Without a running job service (scripts, demo seeding before start) the job is
 * skipped with a warning: scheduled sweeps pick up whatever a skipped job would have done.
 */
export async function enqueue(name: string, data: object, opts: { startAfter?: Date; singletonKey?: string } = {}): Promise<string | null> {
  if (!boss) {
    log.warn({ job: name }, 'job service not running: job not queued')
    return null
  }
  return boss.send(name, data, {
    ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
  })
}

/** Runs a registered handler in-process now (tests, scripts): the same code the worker runs. */
export async function runNow(name: string, data: object = {}) {
  const h = handlers.get(name)
  if (!h) throw new Error(`No job handler: ${name}`)
  await h(data, { id: 'inline', name })
}

export const jobsRunning = () => boss !== null

// Queue depth in /metrics, from pg-boss's own counts (refreshed by its supervisor, shared by
// every server). Failures are counted per server by summit_jobs_total{outcome="failed"}.
const depth = gauge('summit_job_queue_jobs', 'Jobs in each queue by state (ready: due and waiting for a worker; deferred: due later; active: running)', [
  'job',
  'state',
])
addCollector(async () => {
  if (!boss) return
  for (const q of await boss.getQueues()) {
    if (!handlers.has(q.name)) continue
    depth.set({ job: q.name, state: 'ready' }, Math.max(0, (q.queuedCount ?? 0) - (q.deferredCount ?? 0)))
    depth.set({ job: q.name, state: 'deferred' }, q.deferredCount ?? 0)
    depth.set({ job: q.name, state: 'active' }, q.activeCount ?? 0)
  }
})

/**
 * A running job sends a heartbeat every JOB_HEARTBEAT_SECONDS / 2; when its server dies mid-job
 * the heartbeat stops, and the supervisor (any server) fails the job after JOB_HEARTBEAT_SECONDS
 * so another server retries it. Handlers are written to be safe to run again (locks, guarded
 * updates, idempotency keys): a job's effect happens once.
 */
async function startWorker(b: PgBoss, name: string) {
  const queue = { retryLimit: 3, retryDelay: 5, expireInSeconds: 300, heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS, ...policies.get(name) }
  if (await b.getQueue(name)) await b.updateQueue(name, queue)
  else await b.createQueue(name, queue)
  await b.work(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      const jobLog = log.child({ job: name, jobId: job.id })
      const t0 = performance.now()
      jobLog.debug('job started')
      try {
        await running.run(name, () => handlers.get(name)!(job.data, { id: job.id, name }))
        countJob(name, 'completed')
        jobLog.debug({ ms: Math.round(performance.now() - t0) }, 'job done')
      } catch (err) {
        countJob(name, 'failed')
        jobLog.error({ err }, 'job failed')
        throw err
      }
    }
  })
}

const supervisePeriod = () => Math.min(60, Math.max(2, Math.floor(config.JOB_HEARTBEAT_SECONDS / 2)))

async function start(_orm: MikroORM, databaseUrl: string) {
  const b = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: 4,
    application_name: 'summit-jobs',
    // Stalled jobs (no heartbeat) are looked for twice per heartbeat period, by whichever server gets there first.
    superviseIntervalSeconds: supervisePeriod(),
    monitorIntervalSeconds: supervisePeriod(),
  })
  // Connections cut while the database shuts down after us are not worth an error line.
  b.on('error', (err) => (stopping ? log.debug({ err: err.message }, 'job service error while stopping') : log.error({ err }, 'job service error')))
  await b.start()
  for (const name of new Set([...handlers.keys()])) await startWorker(b, name)
  for (const [name, cron] of crons) {
    if (!handlers.has(name)) throw new Error(`Scheduled job without handler: ${name}`)
    await b.schedule(name, cron, {}, { tz: 'UTC' })
  }
  boss = b
  stopping = false
  log.debug({ queues: [...handlers.keys()] }, 'job service started')
}

async function stop() {
  const b = boss
  stopping = true
  boss = null
  // Short in tests: the harness gives its teardown a few seconds in all.
  if (b) await b.stop({ graceful: true, timeout: process.env.NODE_ENV === 'test' ? 1000 : 10_000, close: true })
}

/** The job service; the composition root (src/services.ts) starts and stops it with the others. */
export const jobService = {
  name: 'jobs',
  start: (orm: MikroORM, url: string) => (starting ??= start(orm, url).finally(() => (starting = null))),
  stop,
}
