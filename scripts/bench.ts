/**
 * `npm run bench`: a small benchmark, not a test. Boots Summit like the tests do (throwaway
 * embedded PostgreSQL, app on a random port), seeds its own data, runs each scenario and prints
 * one table row per scenario:
 *
 *   | scenario | requests | concurrency | req/s | p50 ms | p95 ms | SQL/request | wall ms | notes |
 *
 * Adding a scenario: push `{ name, run }` to SCENARIOS. `run` answers a Row (use `load()` for
 * throughput rows and `timed()` for one-shot wall-time rows). SQL statements are counted on the
 * app's connections (the job queue's own connections are left out).
 *
 * Options: BENCH_SECONDS (per load scenario, default 3), BENCH_CONCURRENCY (default 8).
 */
// @ts-expect-error -- pg ships no types here; only its Client prototype is patched
import pg from 'pg'

// ---------------------------------------------------------------- environment and SQL counter
Object.assign(process.env, {
  NODE_ENV: process.env.BENCH_NODE_ENV ?? 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SEED_DEMO: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  OUTBOX_DIR: `/tmp/summit-bench-outbox-${process.pid}`,
  STORAGE_DIR: `/tmp/summit-bench-storage-${process.pid}`,
  STRIPE_LOCAL_PORT: '0',
  OTP_MAX_PER_IP: '1000000',
})

// Card payments for the checkout storm: the local Stripe-compatible server, reached as Stripe
// (production mode has no local fallback). Started before the app reads its configuration.
const { startStripeLocal, LOCAL_SECRET_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_WEBHOOK_SECRET } = await import('../tools/stripe-local/server')
const stripeLocal = await startStripeLocal({ port: 0, webhookUrl: 'http://127.0.0.1:9/unset', webhookSecret: LOCAL_WEBHOOK_SECRET, retryDelaysMs: [100, 500] })
Object.assign(process.env, {
  STRIPE_SECRET_KEY: LOCAL_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
  STRIPE_API_URL: stripeLocal.url,
})

let sqlCount = 0
const originalQuery = pg.Client.prototype.query
;(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  if (this.connectionParameters?.application_name !== 'summit-jobs') sqlCount++
  return (originalQuery as any).apply(this, args)
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)

const { boot } = await import('../src/boot')
const { User } = await import('../src/modules/users')
const { Tenant, Membership } = await import('../src/modules/tenants')
const { AccessToken } = await import('../src/modules/auth')
const { Workshop } = await import('../src/modules/workshops')
const { WorkshopSchedule } = await import('../src/modules/workshops')
const { randomToken, sha256 } = await import('../src/platform/crypto')

const running = await boot({ port: 0, throwawayDb: true, seedDemo: false, hostname: '127.0.0.1' })
stripeLocal.webhooks.endpoints[0].url = `${running.url}/v1/payments/webhook`
const em = () => running.orm.em.fork() as any

// ---------------------------------------------------------------- table
interface Row {
  scenario: string
  requests: number
  concurrency: number
  rps?: number
  p50?: number
  p95?: number
  sqlPerRequest?: number
  wallMs?: number
  notes?: string
}
interface Scenario {
  name: string
  run(): Promise<Row>
}

function printTable(rows: Row[]) {
  const head = ['scenario', 'requests', 'concurrency', 'req/s', 'p50 ms', 'p95 ms', 'SQL/request', 'wall ms', 'notes']
  const fmt = (n: number | undefined, d = 0) => (n === undefined ? '-' : n.toFixed(d))
  const body = rows.map((r) => [
    r.scenario,
    String(r.requests),
    String(r.concurrency),
    fmt(r.rps),
    fmt(r.p50, 1),
    fmt(r.p95, 1),
    fmt(r.sqlPerRequest, 1),
    fmt(r.wallMs),
    r.notes ?? '',
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  console.log(line(head))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const b of body) console.log(line(b))
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** Throughput: `concurrency` loops send `request` for `seconds`; every answer must pass `ok`. */
async function load(name: string, request: () => Promise<Response>, opts: { ok?: (r: Response) => boolean; notes?: string } = {}): Promise<Row> {
  const ok = opts.ok ?? ((r) => r.status === 200)
  for (let i = 0; i < 20; i++) await (await request()).arrayBuffer() // warm-up
  // SQL per request, measured alone so concurrency cannot blur it.
  sqlCount = 0
  const probe = await request()
  await probe.arrayBuffer()
  const sqlPerRequest = sqlCount
  const latencies: number[] = []
  let failures = 0
  const until = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now()
        const r = await request()
        await r.arrayBuffer()
        latencies.push(performance.now() - t0)
        if (!ok(r)) failures++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    scenario: name,
    requests: latencies.length,
    concurrency: CONCURRENCY,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    sqlPerRequest,
    notes: [opts.notes, failures ? `${failures} unexpected answers` : ''].filter(Boolean).join('; '),
  }
}

// ---------------------------------------------------------------- data
async function seedCatalogue() {
  const m = em()
  const tenant = m.create(Tenant, { name: 'Bench Coaching', slug: 'bench', plan: 'enterprise' })
  const coaches = Array.from({ length: 5 }, (_, i) =>
    m.create(User, {
      email: `coach${i}@bench.example`,
      username: `benchcoach${i}`,
      roles: ['coach'],
      status: 'active',
      emailVerifiedAt: new Date(),
      profile: { firstName: 'Coach', lastName: String(i) },
      defaultTenantSlug: 'bench',
    }),
  )
  for (const c of coaches) m.create(Membership, { tenant, user: c, status: 'ACTIVE', roles: [] })
  const DAY = 86_400_000
  for (let w = 0; w < 15; w++) {
    const coach = coaches[w % coaches.length]
    const workshop = m.create(Workshop, {
      tenant,
      coach,
      title: `Bench workshop ${w}`,
      slug: `bench-workshop-${w}`,
      price: 5000 + w * 100,
      currency: 'usd',
      minSeats: 2,
      maxSeats: 20,
      description: 'Benchmark data',
    })
    for (let s = 0; s < 10; s++) {
      const start = new Date(Date.now() + (s * 3 + w + 1) * DAY)
      m.create(WorkshopSchedule, {
        tenant,
        coach,
        workshop,
        startDate: start,
        endDate: new Date(start.getTime() + 3 * 3_600_000),
        timezone: 'Europe/London',
        level: 'BEGINNER',
        status: 'PUBLISHED',
        visibility: 'PUBLIC',
        mode: 'ONLINE',
        meetingUrl: 'https://meet.example/bench',
        country: 'GB',
      })
    }
  }
  await m.flush()
  return { tenant, coach: coaches[0] }
}

async function clients(n: number) {
  const m = em()
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const user = m.create(User, {
      email: `client${Bun.randomUUIDv7()}@bench.example`,
      roles: [],
      status: 'active',
      emailVerifiedAt: new Date(),
      profile: { firstName: 'Client', lastName: String(i) },
    })
    const secret = randomToken()
    m.create(AccessToken, { user, name: 'bench', tokenHash: sha256(secret) })
    out.push(`${user.id} ${secret}`)
  }
  await m.flush()
  return out.map((s) => s.split(' ') as [string, string])
}

const { tenant, coach } = await seedCatalogue()
const base = running.url

// ---------------------------------------------------------------- scenarios
const SCENARIOS: Scenario[] = [
  {
    name: 'GET /v1/public/workshop-schedules perPage=10',
    run: () =>
      load('GET /v1/public/workshop-schedules perPage=10', () =>
        fetch(`${base}/v1/public/workshop-schedules?perPage=10`, { headers: { accept: 'application/json' } }),
      ),
  },
  {
    name: 'GET /v1/public/workshop-schedules perPage=100',
    run: () =>
      load('GET /v1/public/workshop-schedules perPage=100', () =>
        fetch(`${base}/v1/public/workshop-schedules?perPage=100`, { headers: { accept: 'application/json' } }),
      ),
  },
  {
    name: 'POST /v1/bookings (uncontended)',
    async run() {
      // One big schedule; every request books one seat (guarded UPDATE + insert + hold job).
      const m = em()
      const workshop = m.create(Workshop, {
        tenant,
        coach,
        title: 'Big room',
        slug: `big-${Date.now()}`,
        price: 5000,
        currency: 'usd',
        minSeats: 1,
        maxSeats: 1_000_000,
      })
      const start = new Date(Date.now() + 9 * 86_400_000)
      const schedule = m.create(WorkshopSchedule, {
        tenant,
        coach,
        workshop,
        startDate: start,
        endDate: new Date(start.getTime() + 3_600_000),
        timezone: 'UTC',
        level: 'BEGINNER',
        status: 'PUBLISHED',
        visibility: 'PUBLIC',
        mode: 'ONLINE',
        meetingUrl: 'https://meet.example/big',
      })
      await m.flush()
      const [[userId, token]] = await clients(1)
      const body = JSON.stringify({ userId, workshopScheduleId: schedule.id, seats: 1 })
      return load(
        'POST /v1/bookings (uncontended)',
        () =>
          fetch(`${base}/v1/bookings`, {
            method: 'POST',
            body,
            headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
          }),
        { ok: (r) => r.status === 201 },
      )
    },
  },
  {
    name: '64-client last-seat race',
    async run() {
      // A schedule with 3 seats left; 64 clients book one seat each at the same moment.
      const m = em()
      const workshop = m.create(Workshop, { tenant, coach, title: 'Race', slug: `race-${Date.now()}`, price: 5000, currency: 'usd', minSeats: 1, maxSeats: 20 })
      const start = new Date(Date.now() + 7 * 86_400_000)
      const schedule = m.create(WorkshopSchedule, {
        tenant,
        coach,
        workshop,
        startDate: start,
        endDate: new Date(start.getTime() + 3_600_000),
        timezone: 'UTC',
        level: 'BEGINNER',
        status: 'PUBLISHED',
        visibility: 'PUBLIC',
        mode: 'ONLINE',
        meetingUrl: 'https://meet.example/race',
        seatsTaken: 17,
      })
      await m.flush()
      const racers = await clients(64)
      sqlCount = 0
      const t0 = performance.now()
      const answers = await Promise.all(
        racers.map(([userId, token]) =>
          fetch(`${base}/v1/bookings`, {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ userId, workshopScheduleId: schedule.id, seats: 1 }),
          }).then(async (r) => (await r.arrayBuffer(), r.status)),
        ),
      )
      const wallMs = performance.now() - t0
      const granted = answers.filter((s) => s === 201).length
      const refused = answers.filter((s) => s === 409).length
      const [{ seats_taken }] = await em().execute('select seats_taken from workshop_schedules where id = ?', [schedule.id])
      return {
        scenario: '64-client last-seat race (POST /v1/bookings)',
        requests: 64,
        concurrency: 64,
        wallMs,
        sqlPerRequest: sqlCount / 64,
        notes: `${granted} booked, ${refused} got 409, seatsTaken ${seats_taken}/20${granted === 3 && refused === 61 && Number(seats_taken) === 20 ? '' : ' (UNEXPECTED)'}`,
      }
    },
  },
]

// ---------------------------------------------------------------- waitlist churn
/**
 * 50 parallel cancellations of a full, free schedule, side by side: without a waitlist (seats go
 * back) and with 50 people waiting (each freed seat is offered in the cancel's transaction: the
 * waitlist rows locked after the seat counter, the offer mailed after commit).
 */
async function cancellations(withWaitlist: boolean): Promise<Row> {
  const n = 50
  const m = em()
  const workshop = m.create(Workshop, {
    tenant,
    coach,
    title: 'Churn',
    slug: `churn-${Bun.randomUUIDv7()}`,
    price: 0,
    currency: 'usd',
    minSeats: 1,
    maxSeats: n,
  })
  const start = new Date(Date.now() + 8 * 86_400_000)
  const schedule = m.create(WorkshopSchedule, {
    tenant,
    coach,
    workshop,
    startDate: start,
    endDate: new Date(start.getTime() + 3_600_000),
    timezone: 'UTC',
    level: 'BEGINNER',
    status: 'PUBLISHED',
    visibility: 'PUBLIC',
    mode: 'ONLINE',
    meetingUrl: 'https://meet.example/churn',
  })
  await m.flush()
  const call = (token: string, method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json().catch(() => null)) as any }))
  const bookers = await clients(n)
  const booked = []
  for (const [userId, token] of bookers)
    booked.push({ token, id: (await call(token, 'POST', '/v1/bookings', { userId, workshopScheduleId: schedule.id })).body.data.id })
  if (withWaitlist) for (const [, token] of await clients(n)) await call(token, 'POST', `/v1/workshop-schedules/${schedule.id}/waitlist`, { seats: 1 })
  sqlCount = 0
  const t0 = performance.now()
  const answers = await Promise.all(booked.map((b) => call(b.token, 'POST', `/v1/bookings/${b.id}/cancel`, { reason: 'Bench' })))
  const wallMs = performance.now() - t0
  const [r] = await em().execute(
    `select s.seats_taken, (select count(*) from waitlist_entries e where e.workshop_schedule_id = s.id and e.status = 'OFFERED')::int as offered from workshop_schedules s where s.id = ?`,
    [schedule.id],
  )
  const ok = answers.every((a) => a.status === 200) && Number(r.seats_taken) === (withWaitlist ? n : 0) && Number(r.offered) === (withWaitlist ? n : 0)
  return {
    scenario: `${n} parallel cancellations, ${withWaitlist ? `${n} waiting (each seat offered)` : 'no waitlist'}`,
    requests: n,
    concurrency: n,
    wallMs,
    sqlPerRequest: sqlCount / n,
    notes: `seatsTaken ${r.seats_taken}/${n}, ${r.offered} offers${ok ? '' : ' (UNEXPECTED)'}`,
  }
}
SCENARIOS.push(
  { name: 'cancellations without a waitlist', run: () => cancellations(false) },
  { name: 'cancellations with a waitlist', run: () => cancellations(true) },
)

// ---------------------------------------------------------------- checkout storm
const { default: Stripe } = await import('stripe')
const browserStripe = new Stripe(LOCAL_PUBLISHABLE_KEY, { host: '127.0.0.1', port: stripeLocal.port, protocol: 'http', maxNetworkRetries: 0 })

let retried503 = 0

/** One full checkout as the checkout island does it: book, intent, pay (as Stripe.js), finalize. */
async function checkoutOnce(userId: string, token: string, scheduleId: string): Promise<'confirmed' | 'full' | string> {
  const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` }
  // A 503 is the product shedding load ("try again"): wait Retry-After and send it again, as a client should.
  const post = async (path: string, body: unknown) => {
    for (let attempt = 0; ; attempt++) {
      const r = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) })
      const parsed = { status: r.status, body: await r.json().catch(() => null) }
      if (r.status !== 503 || attempt >= 5) return parsed
      retried503++
      await Bun.sleep(Math.min(Number(r.headers.get('retry-after') ?? 1), 5) * 1000)
    }
  }
  const b = await post('/v1/bookings', { userId, workshopScheduleId: scheduleId, seats: 1 })
  if (b.status === 409) return 'full'
  if (b.status !== 201) return `book ${b.status}`
  const i = await post(`/v1/payments/bookings/${b.body.data.id}/payment-intent`, {})
  if (i.status !== 200) return `intent ${i.status}`
  const secret: string = i.body.data.clientSecret
  await browserStripe.paymentIntents.confirm(secret.split('_secret_')[0], {
    client_secret: secret,
    payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: '12', exp_year: String(new Date().getFullYear() + 2), cvc: '123' } },
  } as any)
  const f = await post(`/v1/payments/bookings/${b.body.data.id}/finalize`, { paymentIntentId: i.body.data.paymentIntentId })
  return f.status === 200 && f.body?.data?.bookingStatus === 'CONFIRMED' ? 'confirmed' : `finalize ${f.status}`
}

SCENARIOS.push({
  name: 'checkout storm',
  async run() {
    // 120 full checkouts at once by 4 clients across 4 schedules of one tenant, 25 seats each:
    // 100 must confirm (capacity), 20 get 409, none may hang; then a plain read must answer.
    const STORM = Number(process.env.BENCH_STORM ?? 120)
    const m = em()
    const schedules = Array.from({ length: 4 }, (_, k) => {
      const workshop = m.create(Workshop, {
        tenant,
        coach,
        title: `Storm ${k}`,
        slug: `storm-${k}-${Date.now()}`,
        price: 2500,
        currency: 'usd',
        minSeats: 1,
        maxSeats: 25,
      })
      const start = new Date(Date.now() + (10 + k) * 86_400_000)
      return m.create(WorkshopSchedule, {
        tenant,
        coach,
        workshop,
        startDate: start,
        endDate: new Date(start.getTime() + 3_600_000),
        timezone: 'UTC',
        level: 'BEGINNER',
        status: 'PUBLISHED',
        visibility: 'PUBLIC',
        mode: 'ONLINE',
        meetingUrl: 'https://meet.example/storm',
      })
    })
    await m.flush()
    const buyers = await clients(4)
    retried503 = 0
    sqlCount = 0
    const t0 = performance.now()
    const results = await Promise.all(
      Array.from({ length: STORM }, (_, n) => {
        const [userId, token] = buyers[n % buyers.length]
        return checkoutOnce(userId, token, schedules[n % schedules.length].id).catch((err) => `error ${err instanceof Error ? err.message : err}`)
      }),
    )
    const wallMs = performance.now() - t0
    const confirmed = results.filter((r) => r === 'confirmed').length
    const full = results.filter((r) => r === 'full').length
    const other = results.filter((r) => r !== 'confirmed' && r !== 'full')
    const [{ seats }] = await em().execute(
      `select coalesce(sum(seats), 0)::int as seats from bookings where status = 'CONFIRMED' and workshop_schedule_id in (?, ?, ?, ?)`,
      schedules.map((s) => s.id),
    )
    // A plain read right away, while the provider's webhooks for all those payments still arrive.
    const r0 = performance.now()
    const read = await fetch(`${base}/v1/public/workshop-schedules?perPage=1`, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.status)
      .catch(() => 0)
    const readMs = performance.now() - r0
    const s0 = performance.now()
    await stripeLocal.settle()
    const settleMs = performance.now() - s0
    const capacity = 4 * 25
    const ok = confirmed + full === STORM && Number(seats) === Math.min(capacity, STORM) && read === 200
    return {
      scenario: `checkout storm (${STORM} checkouts, 4 clients, 4 schedules)`,
      requests: STORM,
      concurrency: STORM,
      wallMs,
      sqlPerRequest: sqlCount / STORM,
      notes: `completed ${confirmed + full}/${STORM} (${confirmed} paid, ${full} got 409), confirmed seats ${seats} = capacity ${capacity}, read right after: ${read} in ${readMs.toFixed(0)} ms, webhooks settled ${settleMs.toFixed(0)} ms later, ${retried503} answers were 503 + Retry-After and retried${ok ? '' : ` (UNEXPECTED${other.length ? `: ${[...new Set(other)].slice(0, 3).join(', ')}` : ''})`}`,
    }
  },
})

const rows: Row[] = []
try {
  for (const s of SCENARIOS) rows.push(await s.run())
  console.log(
    `\nSummit benchmark (${process.env.NODE_ENV}, ${SECONDS}s per load scenario, concurrency ${CONCURRENCY}, Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores)\n`,
  )
  printTable(rows)
} finally {
  await running.stop()
  await stripeLocal.stop()
}
process.exit(0)
