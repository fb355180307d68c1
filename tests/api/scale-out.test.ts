/**
 * Two app servers, each its own process (`bun run src/server.ts`), on one PostgreSQL, one
 * S3-compatible object store (s3rver on loopback) and one Stripe-compatible server. Requests go
 * to one and then the other, as a load balancer would send them:
 *
 * - both start at the same moment on an empty database: each migration is applied once;
 * - a session and a bearer token made on one work on the other, and CSRF is checked on both;
 * - the sign-in code and wrong-code limits count across both;
 * - a file uploaded through one is served by the other (whole, by range, resized: the variant
 *   is made once and kept in the store);
 * - the marketplace list cached by one follows a change made through the other at once (the
 *   /workshops page within its 2-second memo);
 * - the island and CSS asset names are the same on both and load from either;
 * - every pg-boss job runs once across both (JOB_SCENARIOS: add a queue there), also when the
 *   server running it is killed mid-job (the other takes it over after its heartbeat stops):
 *   hold release, refund send and the payout transfer (a coach onboarded on the
 *   payment server, whose Connect webhook enables the account; each booking's money reaches the
 *   payment server once).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql'
import sharp from 'sharp'
import { openOrm } from '../../src/entities'
import { AccessToken } from '../../src/modules/auth'
import { Membership, Tenant } from '../../src/modules/tenants'
import { User } from '../../src/modules/users'
import { Workshop, WorkshopSchedule } from '../../src/modules/workshops'
import { randomToken, sha256 } from '../../src/platform/crypto'
import { BUCKET, Cluster, S3_KEY, type Server, Visitor, waitFor } from './scale-out.fixtures'

setDefaultTimeout(120_000)

const cluster = new Cluster()
let orm: MikroORM
let sql: InstanceType<typeof Bun.SQL>
const em = () => orm.em.fork() as EntityManager
const A = () => cluster.servers[0]!
const B = () => cluster.servers[1]!
/** Alternates between the running servers, as a round-robin balancer does. */
let turn = 0
const next = () => cluster.servers[turn++ % cluster.servers.length]!

const who = { coach: { id: '', token: '' }, client: { id: '', token: '', email: '' }, scheduleId: '', workshopId: '' }

async function seed() {
  const m = em()
  const tenant = m.create(Tenant, { name: 'Scale Coaching', slug: 'scale', plan: 'enterprise' })
  const coach = m.create(User, {
    email: 'coach@scale.example',
    username: 'scalecoach',
    roles: ['coach'],
    status: 'active',
    emailVerifiedAt: new Date(),
    profile: { firstName: 'Sky', lastName: 'Coach' },
    defaultTenantSlug: 'scale',
  })
  m.create(Membership, { tenant, user: coach, status: 'ACTIVE', roles: [] })
  const client = m.create(User, {
    email: 'client@scale.example',
    roles: [],
    status: 'active',
    emailVerifiedAt: new Date(),
    profile: { firstName: 'Cleo', lastName: 'Client' },
  })
  const workshop = m.create(Workshop, {
    tenant,
    coach,
    title: 'Scaling out',
    slug: 'scaling-out',
    price: 5000,
    currency: 'usd',
    minSeats: 1,
    maxSeats: 50,
    description: 'Two servers, one database',
  })
  const start = new Date(Date.now() + 7 * 86_400_000)
  const schedule = m.create(WorkshopSchedule, {
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
    meetingUrl: 'https://meet.example/scale',
    country: 'GB',
  })
  const coachToken = randomToken()
  const clientToken = randomToken()
  m.create(AccessToken, { user: coach, name: 'scale', tokenHash: sha256(coachToken) })
  m.create(AccessToken, { user: client, name: 'scale', tokenHash: sha256(clientToken) })
  await m.flush()
  Object.assign(who, {
    coach: { id: coach.id, token: coachToken },
    client: { id: client.id, token: clientToken, email: client.email },
    scheduleId: schedule.id,
    workshopId: workshop.id,
  })
}

beforeAll(async () => {
  await cluster.start(['a', 'b'])
  orm = await openOrm(cluster.databaseUrl, { pool: 4 })
  sql = new Bun.SQL(cluster.databaseUrl, { max: 4 })
  await seed()
}, 150_000)

/** Work left held by a failed test (a row lock, a held answer): let go before closing. */
const cleanups: (() => unknown)[] = []

afterAll(async () => {
  for (const fn of cleanups) await fn()
  await sql?.close()
  await orm?.close(true)
  await cluster.stop()
}, 60_000)

const clientVisitor = () => Object.assign(new Visitor(), { bearer: who.client.token })
const coachVisitor = () => Object.assign(new Visitor(), { bearer: who.coach.token, team: 'scale' })
const seatsTaken = async () => Number((await sql`select seats_taken from workshop_schedules where id = ${who.scheduleId}`)[0].seats_taken)

describe('two app servers on one database and one object store', () => {
  test('started together on an empty database, each migration is applied once', async () => {
    const files = readdirSync(resolve(import.meta.dir, '../../migrations')).filter((f) => /^Migration.*\.ts$/.test(f))
    const rows = await sql`select name, count(*)::int as n from mikro_orm_migrations group by name`
    expect(rows.length).toBe(files.length)
    expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true)
    // One server applied them; the other waited for the lock and found nothing to do.
    const appliedBy = cluster.servers.filter((s) => cluster.entries(s).some((e) => e.msg === 'applied migrations'))
    expect(appliedBy).toHaveLength(1)
    // Built-in roles were seeded once too (a unique name each).
    const roles = await sql`select name, count(*)::int as n from roles group by name having count(*) > 1`
    expect(roles).toHaveLength(0)
  })

  test('a session, its CSRF token and a bearer token made on one server work on the other', async () => {
    const v = new Visitor()
    const asked = Date.now() - 1000
    expect((await v.request(A().url, 'POST', '/v1/auth/login-using-otp', { email: who.client.email })).status).toBe(200)
    const mail = await cluster.mailAfter(who.client.email, asked)
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
    expect(code).toBeDefined()
    const signedIn = await v.request(B().url, 'POST', '/v1/auth/login-using-otp', { email: who.client.email, code })
    expect(signedIn.status).toBe(200)
    const me = await v.request(A().url, 'GET', '/v1/auth/me')
    expect(me.status).toBe(200)
    expect(me.body.data.id).toBe(who.client.id)
    // CSRF: the session's token, checked by whichever server gets the unsafe request.
    expect((await v.request(B().url, 'POST', '/v1/auth/tokens', { name: 'cli' })).status).toBe(419)
    expect((await v.request(A().url, 'POST', '/v1/auth/tokens', { name: 'cli' }, { 'x-xsrf-token': 'wrong' })).status).toBe(419)
    // A token is a sensitive action: refused without a second check, made here through one server
    // and honoured by the other (the check is the session's, in the shared database).
    const refused = await v.request(B().url, 'POST', '/v1/auth/tokens', { name: 'cli' }, v.xsrf())
    expect([refused.status, refused.body.code]).toEqual([403, 'reauthentication_required'])
    const askedAgain = Date.now() - 1000
    expect((await v.request(A().url, 'POST', '/v1/auth/reauthenticate', {}, v.xsrf())).status).toBe(200)
    const second = /\b(\d{6})\b/.exec((await cluster.mailAfter(who.client.email, askedAgain)).text)?.[1]
    expect((await v.request(A().url, 'POST', '/v1/auth/reauthenticate', { code: second }, v.xsrf())).status).toBe(200)
    const made = await v.request(B().url, 'POST', '/v1/auth/tokens', { name: 'cli' }, v.xsrf())
    expect(made.status).toBe(201)
    const bearer = Object.assign(new Visitor(), { bearer: made.body.data.token })
    const viaToken = await bearer.request(A().url, 'GET', '/v1/auth/me')
    expect(viaToken.status).toBe(200)
    expect(viaToken.body.data.id).toBe(who.client.id)
    // Signing out on one ends the session on both.
    expect((await v.request(A().url, 'POST', '/v1/auth/logout', {}, v.xsrf())).status).toBe(204)
    expect((await v.request(B().url, 'GET', '/v1/auth/me')).status).toBe(401)
    // The token lives on until it is revoked (through the other server).
    expect((await bearer.request(B().url, 'POST', '/v1/auth/logout', {})).status).toBe(204)
    expect((await bearer.request(A().url, 'GET', '/v1/auth/me')).status).toBe(401)
  })

  test('both are ready (database, S3 storage, migrations); log lines of a request carry its id', async () => {
    for (const s of [A(), B()]) {
      const r = await fetch(`${s.url}/health/ready`)
      expect(await r.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', migrations: 'ok' })
    }
    const email = who.client.email
    const r = await fetch(`${A().url}/v1/auth/login-using-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    const reqId = r.headers.get('x-request-id')!
    expect(reqId).toBeTruthy()
    // The mail is written after the answer, by the root logger: still this request's id.
    await cluster.mailAfter(email, Date.now() - 5000).catch(() => null)
    expect(await waitFor(() => cluster.entries(A()).some((e) => e.reqId === reqId && e.msg === 'mail kept in the local outbox'), 5000)).toBe(true)
    expect(cluster.entries(A()).some((e) => e.reqId === reqId && e.msg === 'request')).toBe(true)
  })

  test('sign-in code requests and wrong codes are limited across both servers', async () => {
    const email = `limits-${Date.now()}@scale.example`
    for (let i = 0; i < 5; i++) expect((await new Visitor().request(next().url, 'POST', '/v1/auth/login-using-otp', { email })).status).toBe(200)
    const sixth = await new Visitor().request(next().url, 'POST', '/v1/auth/login-using-otp', { email })
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)

    // Five wrong codes spread over both servers; the sixth try fails even with the right code.
    const m = em()
    const user = m.create(User, { email: `tries-${Date.now()}@scale.example`, roles: [], status: 'active', emailVerifiedAt: new Date(), profile: {} })
    await m.flush()
    const asked = Date.now() - 1000
    expect((await new Visitor().request(A().url, 'POST', '/v1/auth/login-using-otp', { email: user.email })).status).toBe(200)
    const code = /\b(\d{6})\b/.exec((await cluster.mailAfter(user.email, asked)).text)![1]
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < 5; i++)
      expect((await new Visitor().request(next().url, 'POST', '/v1/auth/login-using-otp', { email: user.email, code: wrong })).status).toBe(422)
    expect((await new Visitor().request(next().url, 'POST', '/v1/auth/login-using-otp', { email: user.email, code })).status).toBe(429)
  })

  test('a file uploaded through one server is served by the other: whole, by range and resized once', async () => {
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new File([png], 'me.png', { type: 'image/png' }))
    const up = await clientVisitor().request(A().url, 'POST', '/v1/uploads/avatar', form)
    expect(up.status).toBe(201)
    const id = up.body.data.id as string
    const whole = await fetch(`${B().url}/v1/files/${id}`)
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(true)
    // The object is in the bucket, not on either server's disk.
    const s3 = new Bun.S3Client({ bucket: BUCKET, endpoint: cluster.s3Url, region: 'us-east-1', accessKeyId: S3_KEY, secretAccessKey: S3_KEY })
    const [{ key }] = await sql`select key from files where id = ${id}`
    expect(await s3.file(key).exists()).toBe(true)
    // A range: 206 with those bytes only.
    const part = await fetch(`${A().url}/v1/files/${id}`, { headers: { range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${png.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(100, 200))).toBe(true)
    // A variant made by B is kept in the store and served by A from there.
    const variantB = await fetch(`${B().url}/v1/files/${id}?w=320&format=webp`)
    expect(variantB.status).toBe(200)
    expect(variantB.headers.get('content-type')).toBe('image/webp')
    const bytesB = Buffer.from(await variantB.arrayBuffer())
    expect((await sharp(bytesB).metadata()).width).toBe(320)
    const variantKey = `variants/${id}/320.webp`
    expect(await s3.file(variantKey).exists()).toBe(true)
    const stored = await s3.file(variantKey).stat()
    const variantA = await fetch(`${A().url}/v1/files/${id}?w=320&format=webp`)
    expect(Buffer.from(await variantA.arrayBuffer()).equals(bytesB)).toBe(true)
    // Not made again: the stored object is the one B wrote.
    expect((await s3.file(variantKey).stat()).lastModified.getTime()).toBe(stored.lastModified.getTime())
  })

  test("one server's marketplace caches follow a change made through the other: the API list at once, the /workshops page within its memo", async () => {
    type Row = { id: string; seatsLeft: number; workshop: { title: string } }
    const row = async (s: Server) => {
      const r = await fetch(`${s.url}/v1/public/workshop-schedules?perPage=10`, { headers: { accept: 'application/json' } })
      expect(r.status).toBe(200)
      return ((await r.json()) as { data: Row[] }).data.find((x) => x.id === who.scheduleId)
    }
    const page = async (s: Server) => {
      const r = await fetch(`${s.url}/workshops`, { headers: { accept: 'text/html' } })
      expect(r.status).toBe(200)
      return r.text()
    }
    // Both servers hold the list (whole answers and cards) and the page in their caches.
    for (const s of [A(), B(), A(), B()]) {
      expect((await row(s))?.workshop.title).toBe('Scaling out')
      expect(await page(s)).toContain('>Scaling out<')
    }
    const patched = await coachVisitor().request(B().url, 'PATCH', `/v1/workshops/${who.workshopId}`, { title: 'Scaling out, for real' })
    expect(patched.status).toBe(200)
    // The API list at once; the page within its memo's window (2 s, no database read per visit).
    for (const s of [A(), B()]) expect((await row(s))?.workshop.title).toBe('Scaling out, for real')
    for (const s of [A(), B()]) expect(await waitFor(async () => (await page(s)).includes('>Scaling out, for real<'), 10_000, 100)).toBe(true)
    // A live figure: a seat held through A shows in B's list at once, and its release in A's.
    const before = (await row(B()))!.seatsLeft
    const held = await clientVisitor().request(A().url, 'POST', '/v1/bookings', { userId: who.client.id, workshopScheduleId: who.scheduleId, seats: 1 })
    expect(held.status).toBe(201)
    expect((await row(B()))!.seatsLeft).toBe(before - 1)
    const cancelled = await clientVisitor().request(B().url, 'POST', `/v1/bookings/${held.body.data.id}/cancel`, { reason: 'Plans changed' })
    expect(cancelled.status).toBe(200)
    expect((await row(A()))!.seatsLeft).toBe(before)
    // A write by neither server (a script, an operator's SQL) shows on both too.
    await sql`update workshops set title = 'Scaling out, by hand' where id = ${who.workshopId}`
    for (const s of [A(), B()]) expect((await row(s))?.workshop.title).toBe('Scaling out, by hand')
    await sql`update workshops set title = 'Scaling out' where id = ${who.workshopId}`
    for (const s of [A(), B()]) expect((await row(s))?.workshop.title).toBe('Scaling out')
  })

  test('a dashboard one server keeps (src/pages/page-memo.ts) follows a change made through the other at once', async () => {
    const secret = randomToken()
    await sql`insert into sessions (id, created_at, user_id, csrf_token, data, last_seen_at, expires_at)
      values (${sha256(secret)}, now(), ${who.client.id}, ${randomToken(24)}, '{}'::jsonb, now(), now() + interval '1 day')`
    const dashboard = async (s: Server) => {
      const r = await fetch(`${s.url}/b`, { headers: { accept: 'text/html', cookie: `summit_session=${secret}` } })
      expect(r.status).toBe(200)
      return r.text()
    }
    const held = await clientVisitor().request(A().url, 'POST', '/v1/bookings', { userId: who.client.id, workshopScheduleId: who.scheduleId, seats: 1 })
    expect(held.status).toBe(201)
    try {
      // A renders the dashboard and keeps it (the second visit is the kept page).
      for (let i = 0; i < 2; i++) expect(await dashboard(A())).toContain('>Scaling out<')
      const patched = await coachVisitor().request(B().url, 'PATCH', `/v1/workshops/${who.workshopId}`, { title: 'Scaling out, renamed' })
      expect(patched.status).toBe(200)
      const after = await dashboard(A())
      expect(after).toContain('>Scaling out, renamed<')
      expect(after).not.toContain('>Scaling out<')
    } finally {
      await sql`update workshops set title = 'Scaling out' where id = ${who.workshopId}`
      await clientVisitor().request(B().url, 'POST', `/v1/bookings/${held.body.data.id}/cancel`, { reason: 'Plans changed' })
    }
  })

  test('island and CSS assets have the same names on both servers and load from either', async () => {
    const assetsOf = async (s: Server) => {
      const html = await (await fetch(`${s.url}/login`, { headers: { accept: 'text/html' } })).text()
      return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!).sort()
    }
    const [a, b] = await Promise.all([assetsOf(A()), assetsOf(B())])
    expect(a.length).toBeGreaterThanOrEqual(2)
    expect(a.some((p) => p.endsWith('.css'))).toBe(true)
    expect(b).toEqual(a)
    for (const path of a) {
      const [fromA, fromB] = await Promise.all([fetch(A().url + path), fetch(B().url + path)])
      expect(fromA.status).toBe(200)
      expect(fromB.status).toBe(200)
      expect(fromB.headers.get('cache-control')).toContain('immutable')
      expect(await fromB.text()).toBe(await fromA.text())
    }
  })
})

// ---------------------------------------------------------------- jobs

interface Stalled {
  jobId: string
  /** Lets the job's work go on (the stalled server is dead by then). */
  resume(): Promise<void>
}

/**
 * One kind of pg-boss job, driven through the product: `arrange` makes `n` jobs of the queue
 * due now and answers their pg-boss job ids; `verify` checks each job's effect happened exactly
 * once; `stall` makes one job due and holds it mid-way (a server is inside its handler).
 */
interface JobScenario {
  queue: string
  arrange(n: number): Promise<{ jobIds: string[]; verify(): Promise<void> }>
  stall(): Promise<Stalled & { verify(): Promise<void> }>
}

const jobIdsOf = async (queue: string, key: string, values: string[]) =>
  (await sql`select id::text as id from pgboss.job where name = ${queue} and data->>${key} = any(${values})`).map((r: { id: string }) => r.id)

async function holdBookings(n: number) {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const r = await clientVisitor().request(next().url, 'POST', '/v1/bookings', { userId: who.client.id, workshopScheduleId: who.scheduleId, seats: 1 })
    expect(r.status).toBe(201)
    expect(r.body.data.status).toBe('PENDING')
    ids.push(r.body.data.id)
  }
  return ids
}

/** The holds end now and their release jobs are due (instead of waiting BOOKING_HOLD_MINUTES). */
async function endHolds(bookingIds: string[]) {
  await sql`update bookings set hold_expires_at = now() - interval '1 second' where id = any(${bookingIds})`
  await sql`update pgboss.job set start_after = now() where name = 'bookings.release-hold' and data->>'bookingId' = any(${bookingIds}) and state = 'created'`
}

async function paidBooking(scheduleId = who.scheduleId) {
  const v = clientVisitor()
  const b = await v.request(next().url, 'POST', '/v1/bookings', { userId: who.client.id, workshopScheduleId: scheduleId, seats: 1 })
  expect(b.status).toBe(201)
  const bookingId = b.body.data.id as string
  const intent = await v.request(next().url, 'POST', `/v1/payments/bookings/${bookingId}/payment-intent`, {})
  expect(intent.status).toBe(200)
  const { clientSecret, paymentIntentId } = intent.body.data
  await cluster.stripeBrowser().paymentIntents.confirm(paymentIntentId, {
    client_secret: clientSecret,
    payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: '12', exp_year: String(new Date().getFullYear() + 2), cvc: '123' } },
  } as never)
  const f = await v.request(next().url, 'POST', `/v1/payments/bookings/${bookingId}/finalize`, { paymentIntentId })
  expect(f.status).toBe(200)
  expect(f.body.data.bookingStatus).toBe('CONFIRMED')
  return { bookingId, paymentIntentId: paymentIntentId as string }
}

/** Cancels a paid booking while the provider fails the immediate refund (the SDK tries 3 times): the job sends it. */
async function cancelWithRefundJob(bookingId: string) {
  cluster.stripe.failNext('POST', '/v1/refunds', 3)
  const c = await clientVisitor().request(next().url, 'POST', `/v1/bookings/${bookingId}/cancel`, { reason: 'Plans changed' })
  expect(c.status).toBe(200)
}

async function refundJobIds(bookingIds: string[]) {
  const rows = await sql`select id::text as id from payments where kind = 'refund' and booking_id = any(${bookingIds})`
  return jobIdsOf(
    'payments.send-refund',
    'refundId',
    rows.map((r: { id: string }) => r.id),
  )
}

async function expectRefundedOnce(bookingId: string, paymentIntentId: string) {
  const ok = await waitFor(
    async () => (await sql`select 1 from payments where booking_id = ${bookingId} and kind = 'refund' and status = 'succeeded'`).length === 1,
    60_000,
  )
  expect(ok).toBe(true)
  const refunds = await cluster.stripeAdmin().refunds.list({ payment_intent: paymentIntentId, limit: 10 })
  expect(refunds.data).toHaveLength(1)
  const rows = await sql`select status, refund_id from payments where booking_id = ${bookingId} and kind = 'refund'`
  expect(rows).toHaveLength(1)
  expect(rows[0].refund_id).toBe(refunds.data[0]!.id)
}

// ---------------------------------------------------------------- payouts

let payoutCoaches = 0

/** A coach of the scale team with a workshop and a coming schedule of their own, and no payout account yet. */
async function payoutCoach() {
  const n = ++payoutCoaches
  const m = em()
  const tenant = await m.findOneOrFail(Tenant, { slug: 'scale' })
  const coach = m.create(User, {
    email: `payout-${n}@scale.example`,
    username: `payoutcoach${n}`,
    roles: ['coach'],
    status: 'active',
    emailVerifiedAt: new Date(),
    profile: { firstName: 'Pat', lastName: `Payout ${n}` },
    defaultTenantSlug: 'scale',
  })
  m.create(Membership, { tenant, user: coach, status: 'ACTIVE', roles: [] })
  const workshop = m.create(Workshop, {
    tenant,
    coach,
    title: `Paid out ${n}`,
    slug: `paid-out-${n}`,
    price: 8000,
    currency: 'usd',
    minSeats: 1,
    maxSeats: 20,
    description: 'Money to the coach, once',
  })
  const start = new Date(Date.now() + 5 * 86_400_000)
  const schedule = m.create(WorkshopSchedule, {
    tenant,
    coach,
    workshop,
    startDate: start,
    endDate: new Date(start.getTime() + 2 * 3_600_000),
    timezone: 'Europe/London',
    level: 'BEGINNER',
    status: 'PUBLISHED',
    visibility: 'PUBLIC',
    mode: 'ONLINE',
    meetingUrl: 'https://meet.example/payout',
    country: 'GB',
  })
  const token = randomToken()
  // Its second check made just now (README: A second check before sensitive actions): the payout account's link is one.
  m.create(AccessToken, { user: coach, name: 'scale', tokenHash: sha256(token), verifiedAt: new Date() })
  await m.flush()
  return { id: coach.id, scheduleId: schedule.id, visitor: () => Object.assign(new Visitor(), { bearer: token, team: 'scale' }) }
}

/** Paid bookings of the coach's schedule, whose session then ended past its refund window: their transfers are due. */
async function dueTransfers(coach: Awaited<ReturnType<typeof payoutCoach>>, n: number) {
  const paid: { bookingId: string; transferId: string }[] = []
  for (let i = 0; i < n; i++) {
    const { bookingId } = await paidBooking(coach.scheduleId)
    const [t] = await sql`select id::text as id, state from payout_transfers where booking_id = ${bookingId}`
    expect(t.state).toBe('pending')
    paid.push({ bookingId, transferId: t.id })
  }
  // The session took place a few days ago (PAYOUT_REFUND_WINDOW_HOURS is 24).
  await sql`update workshop_schedules set start_date = now() - interval '4 days', end_date = now() - interval '4 days' + interval '2 hours' where id = ${coach.scheduleId}`
  return paid
}

/** The coach finishes Stripe's hosted onboarding (through any server); the Connect webhook enables the account, which queues a sweep for what waited. */
async function onboard(coach: Awaited<ReturnType<typeof payoutCoach>>) {
  // The first server may have been killed by an earlier test: the webhooks go to a live one.
  cluster.webhooksTo(next())
  const link = await coach.visitor().request(next().url, 'POST', '/v1/payouts/account/link', {})
  expect(link.status).toBe(200)
  const page = await fetch(link.body.data.url)
  expect(await page.text()).toContain('Complete onboarding')
  const done = await fetch(link.body.data.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'complete', bank: '000123456789' }),
    redirect: 'manual',
  })
  expect(done.status).toBe(303)
}

/** The transfer jobs of these rows, once the sweep (whose Stripe calls failed) queued one for each. */
async function transferJobIds(transferIds: string[]) {
  let ids: string[] = []
  const queued = await waitFor(async () => (ids = await jobIdsOf('payouts.transfer', 'transferId', transferIds)).length === transferIds.length, 60_000)
  expect(queued).toBe(true)
  return ids
}

/** One transfer at the payment server per booking, recorded on its row. */
async function expectTransferredOnce(paid: { bookingId: string; transferId: string }[]) {
  for (const p of paid) {
    const made = await cluster.stripeAdmin().transfers.list({ transfer_group: `booking-${p.bookingId}`, limit: 10 })
    expect(made.data).toHaveLength(1)
    const [row] = await sql`select state, stripe_transfer_id from payout_transfers where id = ${p.transferId}`
    expect(row).toEqual({ state: 'transferred', stripe_transfer_id: made.data[0]!.id })
  }
}

const JOB_SCENARIOS: JobScenario[] = [
  {
    queue: 'bookings.release-hold',
    async arrange(n) {
      const before = await seatsTaken()
      const bookingIds = await holdBookings(n)
      expect(await seatsTaken()).toBe(before + n)
      await endHolds(bookingIds)
      return {
        jobIds: await jobIdsOf('bookings.release-hold', 'bookingId', bookingIds),
        async verify() {
          const rows = await sql`select status, cancellation_reason from bookings where id = any(${bookingIds})`
          expect(rows.every((r: { status: string }) => r.status === 'CANCELLED')).toBe(true)
          // The seats came back once each.
          expect(await seatsTaken()).toBe(before)
        },
      }
    },
    async stall() {
      const before = await seatsTaken()
      const [bookingId] = await holdBookings(1)
      // The test holds the booking row: the job's first step (lock the booking) waits on it.
      let unlock!: () => void
      let locked!: () => void
      const isLocked = new Promise<void>((r) => (locked = r))
      const held = sql.begin(async (tx) => {
        await tx`select id from bookings where id = ${bookingId} for update`
        // The hold ends (seen by the job once it has the row).
        await tx`update bookings set hold_expires_at = now() - interval '1 second' where id = ${bookingId}`
        locked()
        await new Promise<void>((r) => (unlock = r))
      })
      await isLocked
      cleanups.push(() => unlock())
      await sql`update pgboss.job set start_after = now() where name = 'bookings.release-hold' and data->>'bookingId' = ${bookingId} and state = 'created'`
      const [jobId] = await jobIdsOf('bookings.release-hold', 'bookingId', [bookingId!])
      return {
        jobId: jobId!,
        async resume() {
          unlock()
          await held
        },
        async verify() {
          const [row] = await sql`select status from bookings where id = ${bookingId}`
          expect(row.status).toBe('CANCELLED')
          expect(await seatsTaken()).toBe(before)
        },
      }
    },
  },
  {
    queue: 'payments.send-refund',
    async arrange(n) {
      const paid: { bookingId: string; paymentIntentId: string }[] = []
      for (let i = 0; i < n; i++) paid.push(await paidBooking())
      for (const p of paid) await cancelWithRefundJob(p.bookingId)
      return {
        jobIds: await refundJobIds(paid.map((p) => p.bookingId)),
        async verify() {
          for (const p of paid) await expectRefundedOnce(p.bookingId, p.paymentIntentId)
        },
      }
    },
    async stall() {
      const p = await paidBooking()
      // The provider does the job's refund but its answer is held: the server dies before it hears back.
      const hold = cluster.holdNext('POST', '/v1/refunds', 3)
      cleanups.push(() => hold.release())
      await cancelWithRefundJob(p.bookingId)
      await hold.reached
      const [jobId] = await refundJobIds([p.bookingId])
      return {
        jobId: jobId!,
        async resume() {
          hold.release()
        },
        verify: () => expectRefundedOnce(p.bookingId, p.paymentIntentId),
      }
    },
  },
  {
    queue: 'payouts.transfer',
    async arrange(n) {
      const coach = await payoutCoach()
      const paid = await dueTransfers(coach, n)
      // The sweep that the enabled account queues finds them due; the payment server fails every
      // call until each is left to a payouts.transfer job (whose first tries may fail too: pg-boss
      // retries them), then works again.
      cluster.stripe.failNext('POST', '/v1/transfers', 1_000_000)
      cleanups.push(() => cluster.stripe.failNext('POST', '/v1/transfers', 0))
      await onboard(coach)
      const jobIds = await transferJobIds(paid.map((p) => p.transferId))
      cluster.stripe.failNext('POST', '/v1/transfers', 0)
      return { jobIds, verify: () => expectTransferredOnce(paid) }
    },
    async stall() {
      const coach = await payoutCoach()
      const paid = await dueTransfers(coach, 1)
      const { bookingId } = paid[0]!
      // The sweep's call fails (the SDK tries 3 times) and the answer to its last try is held: the
      // sweep's claim has committed, nothing holds the booking row, and the job is not queued yet.
      cluster.stripe.failNext('POST', '/v1/transfers', 3)
      cleanups.push(() => cluster.stripe.failNext('POST', '/v1/transfers', 0))
      const hold = cluster.holdNext('POST', '/v1/transfers', 2)
      cleanups.push(() => hold.release())
      await onboard(coach)
      await hold.reached
      // The test takes the booking row: the job's first step (claim: lock the booking) waits on it.
      let unlock!: () => void
      let locked!: () => void
      const isLocked = new Promise<void>((r) => (locked = r))
      const held = sql.begin(async (tx) => {
        await tx`select id from bookings where id = ${bookingId} for update`
        locked()
        await new Promise<void>((r) => (unlock = r))
      })
      await isLocked
      cleanups.push(() => unlock())
      hold.release()
      const [jobId] = await transferJobIds([paid[0]!.transferId])
      return {
        jobId: jobId!,
        async resume() {
          unlock()
          await held
        },
        verify: () => expectTransferredOnce(paid),
      }
    },
  },
]

async function jobsCompleted(jobIds: string[]) {
  return waitFor(
    async () => (await sql`select count(*)::int as n from pgboss.job where id = any(${jobIds}::uuid[]) and state = 'completed'`)[0].n === jobIds.length,
    60_000,
    250,
  )
}

/** Every start of a job is one failure or its one success: never two servers at once, never again after success. */
function expectRanOnce(queue: string, jobIds: string[], servers: Server[]) {
  const starts = cluster.jobStarts(queue, servers)
  for (const id of jobIds) {
    const failures = servers.flatMap((s) => cluster.entries(s)).filter((e) => e.msg === 'job failed' && e.jobId === id).length
    expect({ id, starts: starts.get(id)?.length ?? 0 }).toEqual({ id, starts: failures + 1 })
  }
}

describe('pg-boss jobs across two servers', () => {
  for (const scenario of JOB_SCENARIOS) {
    test(`${scenario.queue}: each job runs once across both servers`, async () => {
      // Jobs whose arrangement is a full card payment each: two; the others six.
      const { jobIds, verify } = await scenario.arrange(['payments.send-refund', 'payouts.transfer'].includes(scenario.queue) ? 2 : 6)
      expect(jobIds.length).toBeGreaterThan(0)
      expect(await jobsCompleted(jobIds)).toBe(true)
      await verify()
      expectRanOnce(scenario.queue, jobIds, cluster.servers)
    })
  }

  for (const scenario of JOB_SCENARIOS) {
    test(`${scenario.queue}: the server running a job is killed mid-job; the other finishes it, once`, async () => {
      // Two servers running (a killed one is replaced first, as an orchestrator would).
      while (cluster.servers.length < 2) await cluster.waitUp(cluster.spawn(`replacement-${cluster.servers.length}`, await freePortOf()))
      const everyone = [...cluster.servers]
      const stalled = await scenario.stall()
      let runner: Server | undefined
      expect(await waitFor(() => (runner = cluster.servers.find((s) => cluster.jobStarts(scenario.queue, [s]).has(stalled.jobId))) !== undefined, 30_000)).toBe(
        true,
      )
      await cluster.kill(runner!)
      await stalled.resume()
      const survivor = cluster.servers[0]!
      expect(await jobsCompleted([stalled.jobId])).toBe(true)
      await stalled.verify()
      // The survivor ran it after the runner died; nobody else did.
      expect(cluster.jobStarts(scenario.queue, [survivor]).get(stalled.jobId)).toEqual([survivor.name])
      expect(cluster.jobStarts(scenario.queue, everyone).get(stalled.jobId)?.sort()).toEqual([runner!.name, survivor.name].sort())
    })
  }
})

async function freePortOf() {
  const { freePort } = await import('../../src/platform/db/database')
  return freePort()
}
