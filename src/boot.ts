import type { MikroORM, EntityManager } from '@mikro-orm/postgresql'
import { config } from './config'
import { log } from './platform/log'
import { provideDatabase } from './platform/db/database'
import { initOrm, migrateUp } from './platform/db/orm'
import { setOrm } from './platform/db/current'
import { createApp, createFetch } from './app'
import { seedRolesAndPermissions } from './modules/roles/seed'
import { startServices, stopServices } from './services'
import './platform/housekeeping'

export interface Running {
  url: string
  orm: MikroORM
  databaseUrl: string
  stop(): Promise<void>
}

/**
 * Starts everything: database (embedded unless DATABASE_URL), migrations, built-in data,
 * demo data (first start), background services, and the HTTP server.
 */
export async function boot(opts: { port?: number; throwawayDb?: boolean; seedDemo?: boolean; hostname?: string } = {}): Promise<Running> {
  const db = await provideDatabase({ throwaway: opts.throwawayDb })
  const orm = await initOrm(db.url)
  setOrm(orm)
  await migrateUp(orm)
  await seedRolesAndPermissions(orm.em.fork() as EntityManager)
  if (opts.seedDemo ?? config.SEED_DEMO) {
    const { seedDemoIfEmpty } = await import('./demo/seed')
    await seedDemoIfEmpty(orm.em.fork() as EntityManager)
  }
  await startServices(orm, db.url)
  const app = createApp()
  // Island bundles and CSS are ready before the first visitor (tests build them on first use).
  if (config.NODE_ENV !== 'test') {
    const { buildAssets } = await import('./platform/assets/assets')
    await buildAssets()
  }
  const server = Bun.serve({
    port: opts.port ?? config.PORT,
    hostname: opts.hostname ?? config.HOST,
    fetch: createFetch(app),
    maxRequestBodySize: Math.max(config.UPLOAD_MAX_BYTES * 2, 1024 * 1024),
    development: false,
  })
  const url = `http://localhost:${server.port}`
  let stopped = false
  return {
    url,
    orm,
    databaseUrl: db.url,
    async stop() {
      if (stopped) return
      stopped = true
      await server.stop()
      await stopServices()
      await orm.close(true)
      setOrm(null)
      await db.stop()
    },
  }
}
