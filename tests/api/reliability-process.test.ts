/**
 * The server as a process of its own (`bun run src/server.ts`) on its own embedded PostgreSQL:
 * /health checks the database; a request that waits too long on a lock answers 503 with
 * Retry-After while the rest keeps serving; when PostgreSQL is killed the API and pages answer
 * 503 (not 500) and the server restarts it; SIGTERM lets a request in flight finish.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
// @ts-expect-error -- pg ships no types here
import pg from 'pg'
import { freePort } from '../../src/platform/db/database'
import { killCluster } from './pg-kill'

const ROOT = resolve(import.meta.dir, '../..')
let base = ''
let dataDir = ''
let url = ''
let pgPort = 0
let proc: ReturnType<typeof Bun.spawn> | null = null
let output = ''

const get = (path: string, headers: Record<string, string> = {}, timeoutMs = 10_000) =>
  fetch(url + path, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs) })

async function waitFor(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check().catch(() => false)) return true
    await Bun.sleep(200)
  }
  return false
}

const postmasterPid = () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])

async function lockSchedules() {
  const c = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/summit` })
  await c.connect()
  await c.query('begin')
  await c.query('lock table workshop_schedules in access exclusive mode')
  return c
}

beforeAll(async () => {
  base = mkdtempSync(join(process.env.SUMMIT_TMP ?? '/tmp', 'summit-rel-'))
  dataDir = join(base, 'pg')
  const port = await freePort()
  pgPort = await freePort()
  url = `http://127.0.0.1:${port}`
  proc = Bun.spawn([process.execPath, 'run', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      PG_DATA_DIR: dataDir,
      PG_PORT: String(pgPort),
      SEED_DEMO: 'false',
      STRIPE_LOCAL_PORT: '0',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      OUTBOX_DIR: join(base, 'outbox'),
      STORAGE_DIR: join(base, 'storage'),
      DB_LOCK_TIMEOUT_MS: '3000',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s as any) output += new TextDecoder().decode(chunk)
  }
  void pump(proc.stdout as ReadableStream<Uint8Array>)
  void pump(proc.stderr as ReadableStream<Uint8Array>)
  const up = await waitFor(async () => (await get('/health', {}, 2000)).status === 200, 90_000)
  if (!up) throw new Error(`the server did not start:\n${output}`)
}, 120_000)

afterAll(async () => {
  if (proc && proc.exitCode === null) {
    proc.kill('SIGKILL')
    await proc.exited
  }
  // The server's PostgreSQL, if it outlived the server.
  try {
    killCluster(postmasterPid())
  } catch {}
  await Bun.sleep(200)
  rmSync(base, { recursive: true, force: true })
}, 30_000)

describe('reliability: the server process', () => {
  test('/health and /v1/health check the database', async () => {
    for (const path of ['/health', '/v1/health']) {
      const r = await get(path)
      expect(r.status).toBe(200)
      expect(await r.json()).toEqual({ status: 'ok', database: 'ok' })
    }
    // Warm the page renderer up (built on the first page in tests).
    expect((await get('/workshops', { accept: 'text/html' }, 60_000)).status).toBe(200)
  }, 90_000)

  test('a request stuck behind a lock answers 503 with Retry-After; the rest keeps serving', async () => {
    const locker = await lockSchedules()
    try {
      const t0 = Date.now()
      // A query of its own: the listing's memo (listing-memo.ts) never holds its answer, so it reads the locked table.
      const stuck = get('/v1/public/workshop-schedules?perPage=11', {}, 15_000)
      // Meanwhile the product answers what does not need the locked rows.
      const health = await get('/v1/health', {}, 5000)
      expect(health.status).toBe(200)
      const r = await stuck
      expect(r.status).toBe(503)
      expect(r.headers.get('retry-after')).toBe('5')
      expect((await r.json()).message).toContain('try again')
      expect(Date.now() - t0).toBeLessThan(12_000)
    } finally {
      await locker.query('rollback')
      await locker.end()
    }
    expect((await get('/v1/public/workshop-schedules')).status).toBe(200)
  }, 30_000)

  test('PostgreSQL killed: API and pages answer 503 with Retry-After, then the server restarts it', async () => {
    const pid = postmasterPid()
    killCluster(pid)
    const [api, page] = await Promise.all([get('/v1/public/workshop-schedules'), get('/workshops', { accept: 'text/html' })])
    expect(api.status).toBe(503)
    expect(api.headers.get('retry-after')).toBe('5')
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('Service unavailable')
    // The server brings its database back by itself.
    expect(await waitFor(async () => (await get('/health', {}, 2000)).status === 200, 45_000)).toBe(true)
    expect(postmasterPid()).not.toBe(pid)
    expect((await get('/v1/public/workshop-schedules')).status).toBe(200)
    expect(proc!.exitCode).toBeNull()
  }, 60_000)

  test('SIGTERM: no new connections, the request in flight finishes, then the process exits 0', async () => {
    const locker = await lockSchedules()
    // A query no other request made (the listing's memo may hold the plain list): it waits for the lock.
    const inflight = get('/v1/public/workshop-schedules?perPage=12', {}, 20_000)
    let answered = false
    void inflight.then(() => (answered = true)).catch(() => {})
    await Bun.sleep(500)
    proc!.kill('SIGTERM')
    await Bun.sleep(700)
    // Stopped accepting: a new request is refused (or never answered 200).
    const late = await get('/v1/health', {}, 2000)
      .then((r) => r.status)
      .catch(() => 'refused')
    expect(late).toBe('refused')
    // Still in flight (waiting for the lock) while the server stops accepting.
    expect(answered).toBe(false)
    await locker.query('rollback')
    await locker.end()
    const r = await inflight
    expect(r.status).toBe(200)
    expect((await r.json()).data).toBeArray()
    expect(await proc!.exited).toBe(0)
  }, 40_000)
})
