/**
 * The operators' view: /health/live, /health/ready (database, storage, migrations), /metrics in
 * Prometheus text (METRICS_TOKEN, loopback in development only; labels by route template, never
 * raw paths) and the X-Request-Id of every answer (the trusted proxy's when TRUST_PROXY is set).
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { config } from '../../src/config'
import { localDriver, setStorage } from '../../src/platform/storage'
import { actor, app } from '../client'

// The first page request builds the island bundles (several seconds on a busy machine).
setDefaultTimeout(60_000)

const TOKEN = 'metrics-token-for-tests-0123456789'
const get = (path: string, headers: Record<string, string> = {}) => fetch(app().url + path, { headers, redirect: 'manual' })
const saved = { token: config.METRICS_TOKEN, env: config.NODE_ENV, trust: config.TRUST_PROXY }

afterEach(() => {
  config.METRICS_TOKEN = saved.token
  ;(config as { NODE_ENV: string }).NODE_ENV = saved.env
  config.TRUST_PROXY = saved.trust
  setStorage(null)
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('health', () => {
  test('live answers without asking anything; ready checks the database, the storage and the migrations', async () => {
    const live = await get('/health/live')
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'ok' })
    for (const path of ['/health/ready', '/v1/health/ready']) {
      const ready = await get(path)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', migrations: 'ok' })
    }
    // /health stays as it was.
    expect(await (await get('/health')).json()).toEqual({ status: 'ok', database: 'ok' })
  })

  test('storage that cannot be written: not ready (503, Retry-After), still live', async () => {
    setStorage({ ...localDriver('/tmp'), ping: () => Promise.reject(new Error('read-only')) })
    const ready = await get('/health/ready')
    expect(ready.status).toBe(503)
    expect(ready.headers.get('retry-after')).toBe('5')
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable', migrations: 'ok' })
    expect((await get('/health/live')).status).toBe(200)
  })
})

describe('/metrics', () => {
  test('refused without METRICS_TOKEN outside development; with one, only for its bearer', async () => {
    config.METRICS_TOKEN = undefined
    const off = await get('/metrics')
    expect(off.status).toBe(403)
    expect((await off.json()).message).toContain('METRICS_TOKEN')
    config.METRICS_TOKEN = TOKEN
    expect((await get('/metrics')).status).toBe(401)
    expect((await get('/metrics', { authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(401)
    const ok = await get('/metrics', { authorization: `Bearer ${TOKEN}` })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toContain('text/plain')
  })

  test('open to loopback in development without a token; not to a client behind a trusted proxy', async () => {
    config.METRICS_TOKEN = undefined
    ;(config as { NODE_ENV: string }).NODE_ENV = 'development'
    expect((await get('/metrics')).status).toBe(200)
    config.TRUST_PROXY = 1
    expect((await get('/metrics', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403)
  })

  test('requests by route template and status, pool, jobs, mail, process: no raw ids in labels', async () => {
    config.METRICS_TOKEN = TOKEN
    const a = await actor()
    const booking = '0190a5d2-0000-7000-8000-000000000001'
    await get('/v1/tags')
    await get(`/v1/public/workshop-schedules/${booking}`)
    await fetch(`${app().url}/b/bookings/${booking}`, { headers: { authorization: `Bearer ${a.client.bearer}`, accept: 'text/html' } })
    await get('/no/such/page')
    const text = await (await get('/metrics', { authorization: `Bearer ${TOKEN}` })).text()
    const line = (re: RegExp) => text.split('\n').find((l) => re.test(l))
    expect(line(/^summit_http_requests_total\{method="GET",route="\/v1\/tags",status="200"\} [1-9]/)).toBeDefined()
    expect(line(/^summit_http_requests_total\{method="GET",route="\/v1\/public\/workshop-schedules\/:id",status="404"\} [1-9]/)).toBeDefined()
    expect(line(/^summit_http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/v1\/tags",status="200"\}/)).toBeDefined()
    // A page by its pattern; an unknown path by the catch-all, not by itself.
    expect(line(/^summit_http_requests_total\{method="GET",route="\/b\/bookings\/\{id\}",status="\d+"\}/)).toBeDefined()
    expect(text).not.toContain(booking)
    expect(text).not.toContain('/no/such/page')
    for (const name of [
      'summit_db_pool_connections{state="in_use"}',
      'summit_db_pool_connections{state="idle"}',
      'summit_db_pool_connections{state="waiting"}',
      'summit_db_pool_max',
      'summit_job_queue_jobs{job="bookings.release-hold",state="ready"}',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect({ name, found: text.includes(`\n${name} `) }).toEqual({ name, found: true })
    for (const family of ['summit_database_unavailable_total', 'summit_jobs_total', 'summit_mail_total', 'summit_payments_total', 'summit_refunds_total'])
      expect(text).toContain(`# TYPE ${family} counter`)
  })

  test('mail sent is counted', async () => {
    config.METRICS_TOKEN = TOKEN
    const count = async () => {
      const text = await (await get('/metrics', { authorization: `Bearer ${TOKEN}` })).text()
      return Number(/^summit_mail_total\{outcome="sent"\} (\d+)/m.exec(text)?.[1] ?? 0)
    }
    const before = await count()
    const { user } = await actor()
    await fetch(`${app().url}/v1/auth/login-using-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    })
    const until = Date.now() + 5000
    while ((await count()) === before && Date.now() < until) await Bun.sleep(50)
    expect(await count()).toBe(before + 1)
  })
})

describe('X-Request-Id', () => {
  test('on every answer: API, errors, pages, assets, files of public/', async () => {
    const answers = [
      await get('/v1/tags'),
      await get('/v1/nope'),
      await get('/v1/bookings'),
      await get('/'),
      await get('/no/such/page', { accept: 'text/html' }),
      await get('/favicon.svg'),
      await get('/assets/nope.js'),
      await fetch(`${app().url}/v1/auth/login-using-otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' }),
    ]
    const ids = answers.map((r) => r.headers.get('x-request-id'))
    for (const id of ids) expect(id).toMatch(UUID)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test("the proxy's id is used only behind TRUST_PROXY, and only when it is a plain token", async () => {
    const sent = 'edge-1234abcd'
    expect((await get('/v1/tags', { 'x-request-id': sent })).headers.get('x-request-id')).toMatch(UUID)
    config.TRUST_PROXY = 1
    expect((await get('/v1/tags', { 'x-request-id': sent })).headers.get('x-request-id')).toBe(sent)
    expect((await get('/v1/tags', { 'x-request-id': 'bad id <script>' })).headers.get('x-request-id')).toMatch(UUID)
  })
})

describe('work a request does not need', () => {
  test('the tag list is one statement even when the page is full: sorted, searched, paged, its total right', async () => {
    const { minStatements } = await import('./sql-counter')
    const admin = await actor({ roles: ['super-admin'] })
    const mark = `Perf${Date.now().toString(36)}`
    for (const n of ['c', 'a', 'd', 'b']) expect((await admin.client.post('/v1/tags', { name: `${mark} ${n}` })).status).toBe(201)
    const page = await minStatements(async () => (await get(`/v1/tags?q=${mark}&perPage=3`)).json())
    expect(page.statements).toBe(1)
    expect(page.result.data.map((t: { name: string }) => t.name)).toEqual(['a', 'b', 'c'].map((n) => `${mark} ${n}`))
    expect(page.result.meta).toEqual({ page: 1, perPage: 3, total: 4, lastPage: 2 })
    expect(Object.keys(page.result.data[0]).sort()).toEqual(['id', 'name', 'slug'])
    const desc = await (await get(`/v1/tags?q=${mark.toLowerCase()}&sort=-name&perPage=3&page=2`)).json()
    expect(desc.data.map((t: { name: string }) => t.name)).toEqual([`${mark} a`])
    const past = await (await get(`/v1/tags?q=${mark}&perPage=3&page=5`)).json()
    expect(past).toEqual({ data: [], meta: { page: 5, perPage: 3, total: 4, lastPage: 2 } })
    expect((await get('/v1/tags?sort=nope')).status).toBe(422)
    expect((await get('/v1/tags?q=%25')).status).toBe(200)
    expect((await (await get(`/v1/tags?q=${mark}_`)).json()).meta.total).toBe(0)
    expect((await get('/v1/tags?onlyTrashed=1')).status).toBe(403)
    expect((await admin.client.get('/v1/tags?onlyTrashed=1')).body).toEqual({ data: [], meta: { page: 1, perPage: 10, total: 0, lastPage: 1 } })
  })

  test('the marketplace list runs as a prepared statement and answers as the plain statement does', async () => {
    const { minStatements } = await import('./sql-counter')
    const { makeCoach, makePublicSchedule } = await import('../e2e/marketplace.fixtures')
    const word = `Prep${Date.now().toString(36)}`
    const coach = await makeCoach('Pia', word)
    for (let i = 0; i < 4; i++) await makePublicSchedule(coach, { title: `${word} workshop ${i}`, price: 1000 * (i + 1) })
    const paths = [`?q=${word}&perPage=100`, `?q=${word}&perPage=3&page=2`, `?q=${word}&minPrice=25`, '?perPage=100', '?when=all&perPage=3&page=2'].map(
      (q) => `/v1/public/workshop-schedules${q}`,
    )
    const answers = async () => Promise.all(paths.map(async (p) => (await get(p)).json()))
    const prepared = await answers()
    expect(prepared[0].data).toHaveLength(4)
    expect(prepared[1].data).toHaveLength(1)
    expect(prepared[2].data).toHaveLength(2)
    expect((await minStatements(async () => (await get(paths[0]!)).json())).statements).toBe(1)
    const saved = config.DB_PREPARED_STATEMENTS
    config.DB_PREPARED_STATEMENTS = false
    try {
      expect(await answers()).toEqual(prepared)
    } finally {
      config.DB_PREPARED_STATEMENTS = saved
    }
    const { numberPlaceholders } = await import('../../src/platform/db/prepared')
    expect(numberPlaceholders(`select '?', "a?" from t where x = ? and y ?? 'k' and z = ?`)).toEqual({
      text: `select '?', "a?" from t where x = $1 and y ? 'k' and z = $2`,
      count: 2,
    })
  })

  test('a short list is one statement; an asset asked with a session cookie reads no session', async () => {
    const { minStatements } = await import('./sql-counter')
    const tags = await minStatements(async () => (await get('/v1/tags')).json())
    expect(tags.statements).toBe(1)
    expect(tags.result.meta.total).toBe(tags.result.data.length)
    const { Client } = await import('../client')
    const c = await new Client().csrfCookie()
    expect(c.cookies.has('summit_session')).toBe(true)
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const asset = await minStatements(async () => (await get('/favicon.svg', { cookie })).status)
    expect(asset.result).toBe(200)
    expect(asset.statements).toBe(0)
  })
})
