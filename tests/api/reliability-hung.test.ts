/**
 * A database that hangs, and requests that end early. The server runs as a process of its own
 * on this test process's database (so fixtures made here are there); PostgreSQL is frozen with
 * SIGSTOP (it accepts connections and answers nothing, so its own timeouts cannot fire). Every
 * route answers 503 within 5 s, a request cut by its time limit or by its client leaving rolls
 * back and never commits later, and the app answers again by itself once PostgreSQL does.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
// @ts-expect-error -- pg ships no types here
import pg from 'pg'
import { type Actor, app, Client, em } from '../client'
import { seatsTaken, world } from './bookings.fixtures'
import { freezeCluster } from './pg-kill'
import { type ServerProcess, startServerProcess, waitFor } from './server-process'

setDefaultTimeout(120_000)

/**
 * The spawned server's limit on a request's database work (the default is 30 s): longer than a
 * hung database may take to be noticed, so the freeze below is caught by the watchdog alone.
 */
const REQUEST_TIMEOUT_MS = 8000
/** What the product promises for a hung database (the watchdog: a 0.5 s stall, then a 2 s check). */
const ANSWER_WITHIN_MS = 5000

let server: ServerProcess
let base = ''
let frozen: { resume(): void } | null = null

beforeAll(async () => {
  base = mkdtempSync(join(process.env.SUMMIT_TMP ?? '/tmp', 'summit-hung-'))
  server = await startServerProcess({
    DATABASE_URL: app().databaseUrl,
    DB_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    // The product's defaults for everything else (DB_HANG_TIMEOUT_MS 2 s, DB_QUERY_TIMEOUT_MS 35 s).
    // A small pool: a connection lost to the freeze (never given back) would exhaust it.
    DB_POOL_MAX: '4',
    // PostgreSQL's own limits stay out of the way: the app's must do the work here.
    DB_LOCK_TIMEOUT_MS: '60000',
    DB_STATEMENT_TIMEOUT_MS: '60000',
    OUTBOX_DIR: join(base, 'outbox'),
    STORAGE_DIR: join(base, 'storage'),
  })
  // The page renderer is built on the first page (test mode): not while the database is frozen.
  // On a loaded machine that first build can outlast the server's idle timeout (10 s, the socket is
  // closed): the page is asked again, as a browser would, until it is built.
  let status = 0
  for (let attempt = 1; status !== 200 && attempt <= 6; attempt++) {
    status = await fetch(`${server.url}/workshops`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(90_000) }).then(
      (r) => r.status,
      (err) => (attempt < 6 ? 0 : Promise.reject(err)),
    )
  }
  expect(status).toBe(200)
}, 180_000)

afterAll(async () => {
  frozen?.resume()
  await server?.kill()
  if (base) rmSync(base, { recursive: true, force: true })
})

interface Answer {
  what: string
  status: number | string
  ms: number
  type: string
  retryAfter: string | null
  text: string
}

async function call(what: string, path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
  const t0 = performance.now()
  try {
    const r = await fetch(server.url + path, { ...init, signal: init.signal ?? AbortSignal.timeout(init.timeoutMs ?? 15_000) })
    const text = await r.text()
    return { what, status: r.status, ms: performance.now() - t0, type: r.headers.get('content-type') ?? '', retryAfter: r.headers.get('retry-after'), text }
  } catch (err: any) {
    const status = err?.name === 'TimeoutError' ? 'no answer' : err?.name === 'AbortError' ? 'AbortError' : String(err?.code ?? err?.name)
    return { what, status, ms: performance.now() - t0, type: '', retryAfter: null, text: '' }
  }
}

const bearer = (a: Actor) => ({ accept: 'application/json', authorization: `Bearer ${a.client.bearer}` })
const postBooking = (a: Actor, scheduleId: string, init: RequestInit & { timeoutMs?: number } = {}) =>
  call('POST /v1/bookings', '/v1/bookings', {
    method: 'POST',
    headers: { ...bearer(a), 'content-type': 'application/json' },
    body: JSON.stringify({ userId: a.user.id, workshopScheduleId: scheduleId }),
    ...init,
  })

const bookingsOf = async (userId: string) => Number((await em().execute('select count(*)::int as n from bookings where user_id = ?', [userId]))[0].n)

/** The spawned server's backends (application `summit`) doing anything: running, waiting, or inside a transaction. */
const busyBackends = async () =>
  (
    await em().execute<any[]>(
      `select pid, state, wait_event_type from pg_stat_activity
        where application_name = 'summit' and pid <> pg_backend_pid() and backend_type = 'client backend'
          and (state in ('active', 'idle in transaction', 'idle in transaction (aborted)'))`,
    )
  ).map((r) => ({ pid: Number(r.pid), state: String(r.state), wait: r.wait_event_type as string | null }))

/** A backend waiting for a lock: the booking's guarded seat UPDATE behind the test's row lock. */
const lockWaiter = async () => (await busyBackends()).find((b) => b.wait === 'Lock')

/** Holds the schedule row (`FOR UPDATE`) on a connection of the test's own, outside the app. */
async function holdSchedule(scheduleId: string) {
  const c = new pg.Client({ connectionString: app().databaseUrl, application_name: 'test-locker' })
  await c.connect()
  await c.query('begin')
  await c.query('select id from workshop_schedules where id = $1 for update', [scheduleId])
  return {
    async release() {
      await c.query('rollback')
      await c.end()
    },
  }
}

describe('a hung database', () => {
  test('every route answers 503 within 5 s (JSON with Retry-After; pages: the self-refreshing page), then the app recovers by itself', async () => {
    const { coach, client, schedule } = await world()
    const late = (await world()).client
    const doc = (await new Client().get('/openapi/json')).body
    const gets: string[] = []
    for (const [path, item] of Object.entries<any>(doc.paths)) if (path.startsWith('/v1') && item.get) gets.push(path.replace(/\{[^}]+\}/g, schedule.id))
    expect(gets.length).toBeGreaterThan(50)
    const page = { accept: 'text/html' }

    frozen = freezeCluster(app().databasePid()!)
    let answers: Answer[]
    try {
      answers = await Promise.all([
        call('/health', '/health'),
        call('/v1/health', '/v1/health'),
        call('/v1/tags', '/v1/tags'),
        call('/v1/auth/me', '/v1/auth/me', { headers: bearer(client) }),
        call('/v1/public/workshop-schedules', '/v1/public/workshop-schedules'),
        // Unique queries: the marketplace pages share a 2-second memo of their data.
        call('/workshops', `/workshops?q=frozen-${schedule.id}`, { headers: page }),
        call('/consultants', `/consultants?q=frozen-${schedule.id}`, { headers: page }),
        call('/b (signed in)', '/b', { headers: { ...page, authorization: `Bearer ${client.client.bearer}` } }),
        postBooking(client, schedule.id),
        call('PATCH /v1/users/{id}', `/v1/users/${coach.user.id}`, {
          method: 'PATCH',
          headers: { ...bearer(coach), 'content-type': 'application/json' },
          body: JSON.stringify({ profile: { firstName: 'Frozen' } }),
        }),
        ...gets.map((path) => call(`GET ${path}`, path, { headers: bearer(client) })),
      ])
    } finally {
      frozen.resume()
      frozen = null
    }

    const wrong = answers.filter((a) => typeof a.status !== 'number' || (a.status >= 500 && a.status !== 503) || a.ms > ANSWER_WITHIN_MS)
    expect(wrong.map((a) => `${a.what}: ${a.status} in ${Math.round(a.ms)} ms`)).toEqual([])
    const byName = new Map(answers.map((a) => [a.what, a]))
    for (const what of ['/health', '/v1/health', '/v1/tags', '/v1/auth/me', '/v1/public/workshop-schedules', 'POST /v1/bookings', 'PATCH /v1/users/{id}']) {
      const a = byName.get(what)!
      expect({ what, status: a.status, retryAfter: a.retryAfter, json: a.type.includes('application/json') }).toEqual({
        what,
        status: 503,
        retryAfter: '5',
        json: true,
      })
    }
    for (const what of ['/workshops', '/consultants', '/b (signed in)']) {
      const a = byName.get(what)!
      expect({ what, status: a.status, retryAfter: a.retryAfter, html: a.type.includes('text/html') }).toEqual({
        what,
        status: 503,
        retryAfter: '5',
        html: true,
      })
      expect(a.text).toContain('Service unavailable')
      expect(a.text).toContain('http-equiv="refresh"')
    }
    // The signed-in list routes waited on the database too (the bearer token is looked up).
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(50)

    // Back by itself: answers again, and connections that hung were thrown away, not reused.
    expect(await waitFor(async () => (await call('list', '/v1/public/workshop-schedules')).status === 200, 30_000)).toBe(true)
    expect(await waitFor(async () => (await busyBackends()).length === 0, 30_000)).toBe(true)
    // The booking that answered 503 was rolled back; a new one goes through.
    expect(await bookingsOf(client.user.id)).toBe(0)
    expect(await seatsTaken(schedule.id)).toBe(0)
    const ok = await postBooking(late, schedule.id)
    expect({ status: ok.status, body: ok.text.slice(0, 120) }).toMatchObject({ status: 201 })
    expect(await seatsTaken(schedule.id)).toBe(1)
    // Every route answers again, many at once: the pool holds no broken connection and lost none
    // (more requests than connections, each needing one).
    const burst = await Promise.all(Array.from({ length: 24 }, (_, i) => call('burst', i % 2 ? '/v1/tags' : '/v1/auth/me', { headers: bearer(late) })))
    expect(burst.map((a) => a.status)).toEqual(Array(24).fill(200))
    expect((await call('/workshops', '/workshops', { headers: page })).status).toBe(200)
  })
})

describe('a request that ends early rolls back', () => {
  test('its client goes away while the booking waits for a row lock: the transaction is gone before the lock is released, nothing is committed', async () => {
    const { client, schedule } = await world()
    const lock = await holdSchedule(schedule.id)
    try {
      const gone = new AbortController()
      const pending = postBooking(client, schedule.id, { signal: gone.signal })
      expect(await waitFor(async () => (await lockWaiter()) !== undefined, 20_000)).toBe(true)
      const waiter = (await lockWaiter())!
      gone.abort()
      expect((await pending).status).toBe('AbortError')
      // The app closed the request's connection; PostgreSQL notices a closed client within a
      // second (client_connection_check_interval) and ends the backend: its transaction is gone
      // while the row is still locked, so it can never commit.
      expect(await waitFor(async () => !(await busyBackends()).some((b) => b.pid === waiter.pid), 20_000)).toBe(true)
    } finally {
      await lock.release()
    }
    expect(await waitFor(async () => (await busyBackends()).length === 0, 20_000)).toBe(true)
    expect(await bookingsOf(client.user.id)).toBe(0)
    expect(await seatsTaken(schedule.id)).toBe(0)
    // Positive control: the same booking with the client staying goes through.
    const again = await postBooking(client, schedule.id)
    expect(again.status).toBe(201)
    expect(await bookingsOf(client.user.id)).toBe(1)
  })

  test('they run past DB_REQUEST_TIMEOUT_MS waiting for a row lock (the database answers, so the watchdog leaves them be until then): 503 with Retry-After, rolled back, never committed after the lock is released; the pool lost no connection', async () => {
    const { schedule } = await world()
    // As many bookings as the pool has connections, each cut inside its transaction: a cut
    // connection the pool never got back would leave it empty for the booking after.
    const clients = await Promise.all([1, 2, 3, 4].map(async () => (await world()).client))
    const lock = await holdSchedule(schedule.id)
    let answers: Answer[]
    try {
      answers = await Promise.all(clients.map((c) => postBooking(c, schedule.id)))
      expect(await waitFor(async () => (await lockWaiter()) === undefined, 20_000)).toBe(true)
    } finally {
      await lock.release()
    }
    for (const r of answers) {
      expect({ status: r.status, retryAfter: r.retryAfter }).toEqual({ status: 503, retryAfter: '5' })
      // Not cut when the watchdog looked (the database answered it), only at the request's limit.
      expect(r.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100)
      expect(JSON.parse(r.text).message).toContain('try again')
    }
    expect(await waitFor(async () => (await busyBackends()).length === 0, 20_000)).toBe(true)
    for (const c of clients) expect(await bookingsOf(c.user.id)).toBe(0)
    expect(await seatsTaken(schedule.id)).toBe(0)
    // The pool is whole: a booking goes through at once.
    const ok = await postBooking(clients[0], schedule.id, { timeoutMs: 10_000 })
    expect(ok.status).toBe(201)
    expect(await seatsTaken(schedule.id)).toBe(1)
  })
})

describe('each query is bounded, inside a request or not', () => {
  test('a query past DB_QUERY_TIMEOUT_MS (here a job-like query outside any request) fails at once, its connection is closed and discarded, and the backend ends', async () => {
    const { setDatabaseLimits } = await import('../../src/platform/db/deadline')
    const { isDatabaseUnavailable } = await import('../../src/platform/db/health')
    const { config } = await import('../../src/config')
    setDatabaseLimits({ queryMs: 300 })
    let err: any = null
    const t0 = performance.now()
    try {
      await em().execute('select pg_sleep(20)')
    } catch (e) {
      err = e
    } finally {
      setDatabaseLimits({ queryMs: config.DB_QUERY_TIMEOUT_MS })
    }
    // Cut by the app, long before PostgreSQL's own statement_timeout (30 s) would have.
    expect(performance.now() - t0).toBeLessThan(15_000)
    expect(err).not.toBeNull()
    expect(isDatabaseUnavailable(err)).toBe(true)
    // The sleeping backend notices its client is gone and ends (client_connection_check_interval).
    expect(
      await waitFor(async () => {
        const rows = await em().execute<any[]>(`select 1 from pg_stat_activity where query = 'select pg_sleep(20)' and state = 'active'`)
        return rows.length === 0
      }, 20_000),
    ).toBe(true)
    // The pool hands out working connections only.
    for (let i = 0; i < 30; i++) expect((await em().execute<any[]>('select 1 as one'))[0].one).toBe(1)
  })

  test('a wait whose first check was answered is checked again: the database hanging later still cuts it within seconds', async () => {
    const { isDatabaseUnavailable } = await import('../../src/platform/db/health')
    const started = (await em().execute<any[]>('select clock_timestamp() as t'))[0].t
    const slow = em()
      .execute('select pg_sleep(25)')
      .then(
        () => null,
        (e) => e,
      )
    // The watchdog's first check (half a second into the wait) is answered: the database still answers.
    const checked = async () =>
      (
        await em().execute<any[]>(
          `select 1 from pg_stat_activity where datname = current_database() and application_name = 'summit-watchdog' and state = 'idle' and query = 'select 1' and query_start > ?`,
          [started],
        )
      ).length > 0
    expect(await waitFor(checked, 20_000)).toBe(true)
    const t0 = performance.now()
    const hung = freezeCluster(app().databasePid()!)
    let err: any
    try {
      err = await slow
    } finally {
      hung.resume()
    }
    // Checked again half a second later: no answer within DB_HANG_TIMEOUT_MS (2 s), so it is cut
    // (before, one answered check meant waiting for DB_QUERY_TIMEOUT_MS, 35 s).
    expect(isDatabaseUnavailable(err)).toBe(true)
    expect(performance.now() - t0).toBeLessThan(ANSWER_WITHIN_MS + 2000)
    expect(await waitFor(async () => (await em().execute<any[]>('select 1 as one'))[0].one === 1, 20_000)).toBe(true)
  })

  test('a slow query on a database that answers is left to finish: the watchdog checks, the database answers, nothing is cut', async () => {
    // Longer than the stall that wakes the watchdog (0.5 s) plus its check (DB_HANG_TIMEOUT_MS, 2 s).
    const rows = await em().execute<any[]>(`select pg_sleep(3.5), 'done' as outcome`)
    expect(rows[0].outcome).toBe('done')
  })
})
