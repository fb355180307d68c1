import { resolve } from 'node:path'
import { Migrator } from '@mikro-orm/migrations'
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { auditSubscriber } from '../audit/subscriber'
import { log } from '../log'
import { afterCommitSubscriber } from './after-commit'
import { instrumentPool, setDatabaseLimits } from './deadline'

export const migrationsPath = resolve(import.meta.dir, '../../../migrations')

/**
 * Time limits of every app connection: no statement, lock wait or idle transaction can hold a
 * connection (and the rows it locked) forever; a request that hits one answers 503. PostgreSQL
 * enforces those while it answers; the app's own limits (acquire, query, request: deadline.ts)
 * hold when it does not.
 */
export function connectionLimits() {
  setDatabaseLimits({ queryMs: config.DB_QUERY_TIMEOUT_MS, hangMs: config.DB_HANG_TIMEOUT_MS })
  return {
    statement_timeout: config.DB_STATEMENT_TIMEOUT_MS,
    lock_timeout: config.DB_LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    // Waiting for a pooled connection (pool full, or the database unreachable).
    connectionTimeoutMillis: config.DB_ACQUIRE_TIMEOUT_MS,
    // Idle connections (kept DB_POOL_IDLE_MS) do not keep a finished script's process alive.
    allowExitOnIdle: true,
    application_name: 'summit',
    // PostgreSQL 14+: a backend whose client is gone (the app closed a connection that ran out of
    // time) stops waiting for locks or running its statement within a second, and rolls back.
    options: '-c client_connection_check_interval=1000',
    // Bounded acquires and queries, connections tied to their request (deadline.ts).
    onPoolCreated: instrumentPool,
  }
}

export interface OrmOptions {
  /** Every entity of the app: the composition root's list (src/entities.ts). */
  entities: NonNullable<Options['entities']>
  debug?: boolean
  pool?: number
  limits?: boolean
}

export function ormConfig(clientUrl: string, opts: OrmOptions) {
  return defineConfig({
    clientUrl,
    entities: opts.entities,
    extensions: [Migrator],
    debug: opts.debug ?? false,
    logger: (message) => log.debug({ orm: message }),
    // Idle connections are kept for minutes, not pg's 10 s: a new backend plans its first statements
    // with cold catalog caches and re-prepares the named statements (200-300 ms on the first page
    // after a quiet moment at real size).
    pool: { min: 0, max: opts.pool ?? config.DB_POOL_MAX, idleTimeoutMillis: config.DB_POOL_IDLE_MS },
    // Without limits only for migrations (an index build may take longer than any request).
    driverOptions: opts.limits === false ? { application_name: 'summit-migrations' } : connectionLimits(),
    subscribers: [afterCommitSubscriber, auditSubscriber],
    forceUtcTimezone: true,
    // Entities are plain data for the API layer; serialize through response schemas.
    serialization: { forceObject: true },
    // SQL functions (the search's helpers, the triggers' bodies) live in the migrations, not in the
    // entities: a schema diff must not propose dropping them.
    schemaGenerator: { ignoreRoutines: true },
    migrations: {
      path: migrationsPath,
      pathTs: migrationsPath,
      glob: '!(*.d).{js,ts}',
      snapshot: true,
      snapshotName: '.snapshot-summit',
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
    },
  })
}

export async function initOrm(clientUrl: string, opts: OrmOptions) {
  return MikroORM.init(ormConfig(clientUrl, opts))
}

/**
 * One server at a time: the schema and built-in data are prepared under a PostgreSQL session
 * advisory lock, so app servers starting together apply each migration once (the others wait,
 * then find nothing pending). The lock lives on a connection of its own, held until `fn` ends,
 * and is released by PostgreSQL if the process dies.
 */
export const STARTUP_LOCK_KEY = 0x5355_4d4d_4954 // "SUMMIT"
export async function withStartupLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  const sql = new Bun.SQL(databaseUrl, { max: 1, connectionTimeout: 30 })
  const conn = await sql.reserve()
  try {
    const t0 = performance.now()
    await conn`select pg_advisory_lock(${STARTUP_LOCK_KEY})`
    const waited = Math.round(performance.now() - t0)
    if (waited > 100) log.info({ ms: waited }, 'waited for another server to prepare the database')
    try {
      return await fn()
    } finally {
      await conn`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.catch(() => {})
    }
  } finally {
    conn.release()
    await sql.close()
  }
}

/** Applies every pending migration; answers the names applied. */
export async function migrateUp(orm: MikroORM) {
  const applied = await orm.migrator.up()
  if (applied.length) log.info({ migrations: applied.map((m) => m.name) }, 'applied migrations')
  return applied
}

export type Orm = MikroORM
