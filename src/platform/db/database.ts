import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { config } from '../../config'
import { type EmbeddedDb, startEmbeddedPostgres } from './embedded'

/**
 * The database URL to use: DATABASE_URL when configured, else an embedded PostgreSQL
 * (persistent in PG_DATA_DIR, or throwaway in a temp folder for tests and tools).
 */
export interface ProvidedDb {
  url: string
  stop(): Promise<void>
  /** Embedded only: the postmaster's pid, and the watchdog that restarts it (see embedded.ts). */
  pid?(): number | null
  supervise?(onFatal: (err: Error) => void): void
  shuttingDown?(): void
}

export async function provideDatabase(opts: { throwaway?: boolean; port?: number } = {}): Promise<ProvidedDb> {
  if (config.DATABASE_URL && !opts.throwaway) return { url: config.DATABASE_URL, stop: async () => {} }
  if (opts.throwaway) {
    // Not under /root: the embedded server runs as the postgres user.
    const base = mkdtempSync(join(process.env.SUMMIT_TMP ?? '/tmp', 'summit-pg-'))
    const port = opts.port ?? (await freePort())
    // Thrown away afterwards: the fast, crash-unsafe settings are fine here (and only here).
    const db: EmbeddedDb = await startEmbeddedPostgres({ dataDir: join(base, 'data'), port, durability: 'fast' })
    return {
      url: db.url,
      pid: db.pid,
      supervise: db.supervise,
      shuttingDown: db.shuttingDown,
      stop: async () => {
        await db.stop()
        rmSync(base, { recursive: true, force: true })
      },
    }
  }
  return startEmbeddedPostgres({ dataDir: config.PG_DATA_DIR, port: config.PG_PORT, durability: config.PG_DURABILITY ?? 'durable' })
}

export async function freePort(): Promise<number> {
  const server = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = server.port
  server.stop(true)
  return port
}
