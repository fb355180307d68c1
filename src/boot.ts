import type { EntityManager, MikroORM } from '@mikro-orm/postgresql'
import { createApp, createFetch } from './app'
import { config } from './config'
import { openOrm } from './entities'
import { startLocalStripe, stopLocalStripe, wantsLocalStripe } from './modules/payments'
import { seedRolesAndPermissions } from './modules/roles'
import { setOrm } from './platform/db/current'
import { provideDatabase } from './platform/db/database'
import { migrateUp, withStartupLock } from './platform/db/orm'
import { log } from './platform/log'
import { registerService, startServices, stopServices } from './services'
import './platform/housekeeping'

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
  let inFlight = 0
  let drained: (() => void) | null = null
  const server = Bun.serve({
    port: opts.port ?? config.PORT,
    hostname: opts.hostname ?? config.HOST,
    async fetch(request, srv) {
      inFlight++
      try {
        return await handle(request, srv)
      } finally {
        if (--inFlight === 0) drained?.()
      }
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
    inFlight: () => inFlight,
    databasePid: () => db.pid?.() ?? null,
    async stop(stopOpts = {}) {
      if (stopped) return
      stopped = true
      const graceMs = stopOpts.graceMs ?? config.SHUTDOWN_TIMEOUT_SECONDS * 1000
      // No new connections from here; requests already in flight run to their end (bounded).
      const closing = server.stop(false)
      if (inFlight > 0) {
        const idle = new Promise<void>((resolve) => (drained = resolve))
        const late = await Promise.race([idle.then(() => false), Bun.sleep(graceMs).then(() => true)])
        if (late) log.warn({ inFlight }, 'shutdown: requests still running after the grace period are cut')
      }
      await Promise.race([closing, Bun.sleep(1000)])
      server.stop(true)
      await stopServices()
      await orm.close(true)
      setOrm(null)
      await db.stop()
    },
  }
}
