import type { EntityManager, MikroORM } from '@mikro-orm/postgresql'
import { createApp, createFetch } from './app'
import { config } from './config'
import { openOrm } from './entities'
import { startLocalStripe, stopLocalStripe, wantsLocalStripe } from './modules/payments'
import { syncFeePercents } from './modules/payouts'
import { seedRolesAndPermissions } from './modules/roles'
import { setOrm } from './platform/db/current'
import { provideDatabase } from './platform/db/database'
import { migrateUp, withStartupLock } from './platform/db/orm'
import { log } from './platform/log'
import { registerService, startServices, stopServices } from './services'
import './platform/housekeeping'
import './platform/audit/prune'

// Development and tests without Stripe keys: the local Stripe-compatible server, a development
// tool loaded only then (product code never imports tools/).
registerService({
  name: 'stripe-local',
  async start() {
    if (!wantsLocalStripe()) return
    const { startStripeLocal } = await import('../tools/stripe-local/server')
    await startLocalStripe(startStripeLocal)
  },
  stop: stopLocalStripe,
})

export interface Running {
  url: string
  orm: MikroORM
  databaseUrl: string
  /** Requests being answered right now. */
  inFlight(): number
  /** The embedded PostgreSQL's postmaster pid (null with DATABASE_URL). */
  databasePid(): number | null
  /**
   * Graceful: stops accepting connections, lets in-flight requests finish (at most
   * `graceMs`, default SHUTDOWN_TIMEOUT_SECONDS), then stops jobs, the pool and the database.
   */
  stop(opts?: { graceMs?: number }): Promise<void>
}

/**
 * Starts everything: database (embedded unless DATABASE_URL), migrations, built-in data,
 * demo data (first start), background services, and the HTTP server.
 */
export async function boot(opts: { port?: number; throwawayDb?: boolean; seedDemo?: boolean; hostname?: string } = {}): Promise<Running> {
  const db = await provideDatabase({ throwaway: opts.throwawayDb })
  const orm = await openOrm(db.url)
  setOrm(orm)
  // Schema, built-in roles and demo data: one server at a time (several may start together).
  await withStartupLock(db.url, async () => {
    // Migrations run on a connection of their own without the request time limits (an index
    // build may take longer than any request may); the app's pool has them.
    const migrator = await openOrm(db.url, { pool: 1, limits: false })
    try {
      await migrateUp(migrator)
    } finally {
      await migrator.close(true)
    }
    await seedRolesAndPermissions(orm.em.fork() as EntityManager)
    await syncFeePercents(orm.em.fork() as EntityManager)
    if (opts.seedDemo ?? config.SEED_DEMO) {
      const { seedDemoIfEmpty } = await import('./demo/seed')
      await seedDemoIfEmpty(orm.em.fork() as EntityManager)
    }
  })
  // If the embedded PostgreSQL dies it is restarted; if that fails the server exits non-zero
  // so a supervisor restarts it (tests only log: the test process must live on).
  db.supervise?.((err) => {
    log.fatal({ err: err.message }, 'the database is gone: exiting')
    if (!opts.throwawayDb) process.exit(1)
  })
  await startServices(orm, db.url)
  if (opts.seedDemo ?? config.SEED_DEMO) {
    // The payment provider holds saved cards; the local one forgets them on every restart.
    const { ensureDemoSavedCard } = await import('./demo/saved-card')
    await ensureDemoSavedCard(orm.em.fork() as EntityManager)
    // Connected accounts and charges too: Maya's onboarded account, the payments whose money waits.
    const { ensureDemoPayouts } = await import('./demo/payouts')
    await ensureDemoPayouts(orm.em.fork() as EntityManager)
  }
  const app = createApp()
  // Island bundles and CSS are ready before the first visitor (tests build them on first use).
  if (config.NODE_ENV !== 'test') {
    const { buildAssets } = await import('./platform/assets/assets')
    await buildAssets()
  }
  const handle = createFetch(app)
  let stopping = false
  const server = Bun.serve({
    port: opts.port ?? config.PORT,
    hostname: opts.hostname ?? config.HOST,
    async fetch(request, srv) {
      const response = await handle(request, srv)
      // Shutting down: the client opens a new connection for its next request (to another server).
      if (stopping) response.headers.set('connection', 'close')
      return response
    },
    maxRequestBodySize: Math.max(config.UPLOAD_MAX_BYTES * 2, 1024 * 1024),
    development: false,
  })
  const url = `http://localhost:${server.port}`
  let stopped = false
  return {
    url,
    orm,
    databaseUrl: db.url,
    // Bun counts a request from its dispatch until its response is sent in full (streamed bodies too).
    inFlight: () => server.pendingRequests,
    databasePid: () => db.pid?.() ?? null,
    async stop(stopOpts = {}) {
      if (stopped) return
      stopped = true
      stopping = true
      db.shuttingDown?.()
      const graceMs = stopOpts.graceMs ?? config.SHUTDOWN_TIMEOUT_SECONDS * 1000
      const until = Date.now() + graceMs
      // Connections the kernel has already completed wait in the listen queue with their request
      // written: closing the socket now would reset them. Let the server accept them first.
      if (server.port) await acceptQueuedConnections(server.port, Math.min(1000, graceMs))
      // No new connections from here. Every request on an open connection (accepted, read or
      // not yet) is answered in full, streamed bodies included: Bun's stop(false) resolves when
      // the last one is sent. Past the grace period the rest are cut.
      const closing = server.stop(false)
      const late = await Promise.race([closing.then(() => false), Bun.sleep(Math.max(0, until - Date.now())).then(() => true)])
      if (late) log.warn({ inFlight: server.pendingRequests }, 'shutdown: requests still running after the grace period are cut')
      await server.stop(true)
      await stopServices()
      await orm.close(true)
      setOrm(null)
      await db.stop()
    },
  }
}

/**
 * Waits (at most `maxMs`) until the listening socket on `port` has no connection waiting to be
 * accepted, while the event loop accepts them. Linux only (`/proc/net/tcp*`: for a listening
 * socket, `rx_queue` is its accept queue); elsewhere it returns at once.
 */
async function acceptQueuedConnections(port: number, maxMs: number) {
  const until = Date.now() + maxMs
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')} `
  const queued = async () => {
    let n = 0
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      const text = await Bun.file(file)
        .text()
        .catch(() => '')
      for (const line of text.split('\n')) {
        const f = line.trim().split(/\s+/)
        // local_address (ip:port), state 0A = LISTEN, tx_queue:rx_queue
        if (f.length > 4 && f[1].endsWith(hexPort.trim()) && f[3] === '0A') n += Number.parseInt(f[4].split(':')[1], 16) || 0
      }
    }
    return n
  }
  while (Date.now() < until && (await queued()) > 0) await Bun.sleep(2)
}
