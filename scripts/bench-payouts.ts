/**
 * `bun run scripts/bench-payouts.ts`: payouts at a coach's scale, not a test. Boots Summit like
 * the other benchmarks (throwaway database, production mode, the local Stripe-compatible server
 * reached as Stripe), gives one coach BENCH_PAYOUTS paid bookings (default 300, each with its own
 * charge) of a session past its refund window and an onboarded Express account, then prints:
 *
 *   - the sweep that transfers them all (wall time, transfers per second, SQL statements per
 *     transfer), and a second sweep that finds nothing to do;
 *   - the coach's reads at that size: GET /v1/payouts/transfers (a page of 10 and of 100),
 *     GET /v1/payouts/balance and the /c/account/payouts page (p50/p95 over BENCH_READS requests).
 */
// @ts-expect-error -- pg ships no types here; only its Client prototype is patched
import pg from 'pg'

Object.assign(process.env, {
  NODE_ENV: process.env.BENCH_NODE_ENV ?? 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SEED_DEMO: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  OUTBOX_DIR: `/tmp/summit-bench-outbox-${process.pid}`,
  STORAGE_DIR: `/tmp/summit-bench-storage-${process.pid}`,
  STRIPE_LOCAL_PORT: '0',
})

const { startStripeLocal, LOCAL_SECRET_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_WEBHOOK_SECRET, LOCAL_CONNECT_WEBHOOK_SECRET } = await import(
  '../tools/stripe-local/server'
)
const stripeLocal = await startStripeLocal({
  port: 0,
  webhookUrl: 'http://127.0.0.1:9/unset',
  webhookSecret: LOCAL_WEBHOOK_SECRET,
  connectWebhookUrl: 'http://127.0.0.1:9/unset',
  connectWebhookSecret: LOCAL_CONNECT_WEBHOOK_SECRET,
  retryDelaysMs: [100, 500],
})
Object.assign(process.env, {
  STRIPE_SECRET_KEY: LOCAL_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: LOCAL_CONNECT_WEBHOOK_SECRET,
  STRIPE_API_URL: stripeLocal.url,
})

let sqlCount = 0
const originalQuery = pg.Client.prototype.query
;(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  if (this.connectionParameters?.application_name !== 'summit-jobs') sqlCount++
  return (originalQuery as any).apply(this, args)
}

const N = Number(process.env.BENCH_PAYOUTS ?? 300)
const READS = Number(process.env.BENCH_READS ?? 40)

const { boot } = await import('../src/boot')
const { User } = await import('../src/modules/users')
const { Tenant, Membership } = await import('../src/modules/tenants')
const { AccessToken, Session } = await import('../src/modules/auth')
const { Workshop, WorkshopSchedule } = await import('../src/modules/workshops')
const { stripe } = await import('../src/modules/payments')
const { sweepPayouts } = await import('../src/modules/payouts')
const { randomToken, sha256 } = await import('../src/platform/crypto')

const running = await boot({ port: 0, throwawayDb: true, seedDemo: false, hostname: '127.0.0.1' })
for (const e of stripeLocal.webhooks.endpoints) e.url = `${running.url}/v1/${e.connect ? 'payouts' : 'payments'}/webhook`
const em = () => running.orm.em.fork() as any

// ---------------------------------------------------------------- a coach with N paid bookings
const m = em()
const tenant = m.create(Tenant, { name: 'Bench payouts', slug: 'bench-payouts', plan: 'pro' })
const coach = m.create(User, {
  email: 'coach@bench.example',
  username: 'benchcoach',
  roles: ['coach'],
  status: 'active',
  emailVerifiedAt: new Date(),
  profile: { firstName: 'Bench', lastName: 'Coach' },
  defaultTenantSlug: 'bench-payouts',
})
const client = m.create(User, { email: 'client@bench.example', username: 'benchclient', roles: [], status: 'active', emailVerifiedAt: new Date(), profile: {} })
m.create(Membership, { tenant, user: coach, status: 'ACTIVE', roles: [] })
const token = randomToken()
m.create(AccessToken, { user: coach, name: 'bench', tokenHash: sha256(token) })
const cookie = randomToken()
m.create(Session, {
  id: sha256(cookie),
  user: coach,
  csrfToken: randomToken(24),
  data: {},
  lastSeenAt: new Date(),
  expiresAt: new Date(Date.now() + 86_400_000),
})
const workshop = m.create(Workshop, {
  tenant,
  coach,
  title: 'Bench workshop',
  slug: 'bench-workshop',
  price: 5000,
  currency: 'usd',
  minSeats: 1,
  maxSeats: N + 10,
})
const ended = new Date(Date.now() - 3 * 86_400_000)
const schedule = m.create(WorkshopSchedule, {
  tenant,
  coach,
  workshop,
  startDate: new Date(ended.getTime() - 2 * 3_600_000),
  endDate: ended,
  timezone: 'UTC',
  level: 'BEGINNER',
  status: 'PUBLISHED',
  visibility: 'PUBLIC',
  mode: 'ONLINE',
  meetingUrl: 'https://meet.example/bench',
  seatsTaken: N,
})
await m.flush()

const api = (path: string, init: RequestInit = {}) =>
  fetch(running.url + path, { ...init, headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(init.headers ?? {}) } })

// The coach onboards first (nothing is due yet, so the sweep this queues finds nothing).
const link = (await (await api('/v1/payouts/account/link', { method: 'POST' })).json()) as any
await fetch(link.data.url, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ action: 'complete' }),
  redirect: 'manual',
})
await stripeLocal.settle()
for (let i = 0; i < 100; i++) {
  const a = (await (await api('/v1/payouts/account')).json()) as any
  if (a.data?.status === 'enabled') break
  await Bun.sleep(100)
}

// ...and the sweep that enabling queued has run, so the timed sweep below is alone.
for (let i = 0; i < 200; i++) {
  const [q] = await em()
    .getConnection()
    .execute(`select count(*)::int as n from pgboss.job where name = 'payouts.sweep' and state in ('created', 'retry', 'active')`)
  if (!q.n) break
  await Bun.sleep(100)
}

const seedStart = performance.now()
const conn = m.getConnection()
for (let i = 0; i < N; i++) {
  const pi = await stripe().paymentIntents.create({ amount: 5000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true })
  const bookingId = Bun.randomUUIDv7()
  await conn.execute(
    `insert into bookings (id, created_at, updated_at, tenant_id, user_id, workshop_schedule_id, seats, status, amount_total, discount, amount_due, amount_paid, currency, meta)
     values (?, now(), now(), ?, ?, ?, 1, 'COMPLETED', 5000, 0, 5000, 5000, 'usd', '{}')`,
    [bookingId, tenant.id, client.id, schedule.id],
  )
  await conn.execute(
    `insert into payments (id, created_at, updated_at, tenant_id, booking_id, user_id, kind, status, amount, amount_refunded, currency, provider, payment_intent_id, charge_id)
     values (?, now(), now(), ?, ?, ?, 'payment', 'succeeded', 5000, 0, 'usd', 'stripe', ?, ?)`,
    [Bun.randomUUIDv7(), tenant.id, bookingId, client.id, pi.id, pi.latest_charge],
  )
}
const seedMs = performance.now() - seedStart

// ---------------------------------------------------------------- the sweep
sqlCount = 0
let t0 = performance.now()
const first = await sweepPayouts()
const sweepMs = performance.now() - t0
const sweepSql = sqlCount
t0 = performance.now()
const second = await sweepPayouts()
const idleMs = performance.now() - t0
const transfers = stripeLocal.store.all('transfer').length

// ---------------------------------------------------------------- the coach's reads
async function reads(path: string, headers: Record<string, string> = {}) {
  const times: number[] = []
  for (let i = 0; i < READS; i++) {
    const s = performance.now()
    const r = await fetch(running.url + path, { headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...headers } })
    await r.arrayBuffer()
    if (r.status !== 200) throw new Error(`${path}: ${r.status}`)
    times.push(performance.now() - s)
  }
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
  return { p50: pct(50), p95: pct(95) }
}
const rows: [string, { p50: number; p95: number }][] = []
rows.push(['GET /v1/payouts/transfers (10)', await reads('/v1/payouts/transfers')])
rows.push(['GET /v1/payouts/transfers (100)', await reads('/v1/payouts/transfers?perPage=100')])
rows.push(['GET /v1/payouts/balance', await reads('/v1/payouts/balance')])
rows.push(['GET /c/account/payouts (page)', await reads('/c/account/payouts', { accept: 'text/html', cookie: `summit_session=${cookie}`, authorization: '' })])

const f = (n: number) => n.toFixed(1)
console.log(
  `\npayouts benchmark: ${N} paid bookings of one coach, load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)
console.log(`| scenario | result | wall ms | notes |`)
console.log(`|---|---|---|---|`)
console.log(`| seed (${N} charges at the local server + rows) | ${N} bookings | ${f(seedMs)} | |`)
console.log(
  `| sweep: transfer every due booking | ${first.transferred} transferred, ${transfers} at Stripe | ${f(sweepMs)} | ${f((first.transferred / sweepMs) * 1000)} transfers/s, ${f(sweepSql / Math.max(1, first.transferred))} SQL per transfer |`,
)
console.log(`| sweep again (nothing due) | ${second.transferred} transferred | ${f(idleMs)} | |`)
for (const [name, r] of rows) console.log(`| ${name} | p50 ${f(r.p50)} ms, p95 ${f(r.p95)} ms | | ${READS} requests, one at a time |`)

await running.stop()
await stripeLocal.stop()
process.exit(0)
