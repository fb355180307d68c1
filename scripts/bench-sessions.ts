/**
 * Session slots benchmark: the public free times of a coach at real size, against `/` on the same
 * app. Boots its own app (production mode) on a throwaway PostgreSQL and seeds one coach
 * (weekday hours 09:00-17:00 in Berlin, a 60-minute paid type with 15-minute buffers) with
 * 500 booked sessions from 30 days back to 60 days ahead (and 500 more of other coaches), 20
 * workshop dates of their own, and a busy calendar feed of 3,000 expanded events from 30 days
 * back to a year ahead (what a busy calendar's recurring meetings expand to: about 8 a day).
 * Then, with BENCH_CONCURRENCY loops for BENCH_SECONDS each:
 *
 *   - `/`: the home page, the reference the issue sets (slots at least 0.5x its requests/s);
 *   - slots, a month: `GET /v1/public/session-types/{id}/slots?from=<1st>&to=<last>&timeZone=`
 *     as the booking page asks for the month it shows (next month: whole);
 *   - slots, 60 days: from now, the issue's size.
 *
 * Prints req/s, p50 and p95 (ms) and SQL statements per request, and the ratio to `/`.
 *
 *   bun run scripts/bench-sessions.ts        (BENCH_SECONDS=3, BENCH_CONCURRENCY=8 by default)
 */
// @ts-expect-error -- pg ships no types here; only its Client prototype is patched
import pg from 'pg'

Object.assign(process.env, {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SEED_DEMO: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  OUTBOX_DIR: `/tmp/summit-bench-sessions-outbox-${process.pid}`,
  STORAGE_DIR: `/tmp/summit-bench-sessions-storage-${process.pid}`,
  STRIPE_LOCAL_PORT: '0',
  // Bulk seeding runs longer than a request may.
  DB_STATEMENT_TIMEOUT_MS: '0',
})

let sqlCount = 0
const originalQuery = pg.Client.prototype.query
;(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  if (this.connectionParameters?.application_name !== 'summit-jobs') sqlCount++
  return (originalQuery as any).apply(this, args)
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)
const BOOKED = 500
const FEED_EVENTS = 3000
const DAY = 86_400_000
const HOUR = 3_600_000
const MINUTE = 60_000

const { boot } = await import('../src/boot')
const { loadavg } = await import('node:os')
const running = await boot({ port: 0, throwawayDb: true, seedDemo: false, hostname: '127.0.0.1' })
const em = () => running.orm.em.fork() as any
const sql = (q: string, params: unknown[] = []) => em().getConnection().execute(q, params)

// ---------------------------------------------------------------- data
const t0 = Date.now()
await sql(
  `insert into users (id, email, username, status, roles, profile, created_at, updated_at)
   select gen_random_uuid(), 'u' || g || '@bench.example', 'benchu' || g, 'active', case when g <= 3 then '{coach}'::text[] else '{}'::text[] end,
          '{"firstName":"Bench","lastName":"User"}', now(), now() from generate_series(1, 400) g`,
)
await sql(
  `insert into tenants (id, name, slug, plan, currency, invoice_counter, created_at, updated_at) values (gen_random_uuid(), 'Bench', 'bench', 'pro', 'usd', 0, now(), now())`,
)
const [{ tenant_id: tenantId }] = await sql(`select id as tenant_id from tenants where slug = 'bench'`)
const coaches: string[] = (await sql(`select id from users where 'coach' = any(roles) order by email`)).map((r: any) => r.id)
const clients: string[] = (await sql(`select id from users where not 'coach' = any(roles) order by email`)).map((r: any) => r.id)
const [coach] = coaches
await sql(
  `insert into availabilities (id, coach_id, time_zone, weekly, overrides, created_at, updated_at)
   select gen_random_uuid(), id, 'Europe/Berlin', ?::jsonb, '[{"date":"2030-12-24","ranges":[]}]'::jsonb, now(), now() from users where 'coach' = any(roles)`,
  [
    JSON.stringify(
      [1, 2, 3, 4, 5].flatMap((day) => [
        { day, start: '09:00', end: '12:30' },
        { day, start: '13:30', end: '17:00' },
      ]),
    ),
  ],
)
await sql(
  `insert into session_types (id, tenant_id, coach_id, title, description, duration_minutes, price, currency, mode, buffer_before_minutes, buffer_after_minutes,
                              minimum_notice_minutes, booking_window_days, status, created_at, updated_at)
   select gen_random_uuid(), ?, id, 'Deep dive', 'An hour on one question.', 60, 9000, 'usd', 'ONLINE', 15, 15, 240, 90, 'ACTIVE', now(), now()
     from users where 'coach' = any(roles)`,
  [tenantId],
)
const types = new Map<string, string>((await sql(`select id, coach_id from session_types`)).map((r: any) => [r.coach_id, r.id]))
const typeId = types.get(coach)!

/** `n` sessions of `coachId` every (90 days / n) from 30 days back, 60 minutes with 15-minute buffers (never overlapping). */
async function bookSessions(coachId: string, n: number) {
  const rows: unknown[][] = []
  const step = Math.floor((90 * DAY) / n / (15 * MINUTE)) * 15 * MINUTE
  const from = Math.floor((t0 - 30 * DAY) / HOUR) * HOUR
  for (let i = 0; i < n; i++) {
    const start = from + i * step
    rows.push([
      clients[i % clients.length],
      types.get(coachId),
      coachId,
      new Date(start),
      new Date(start + HOUR),
      new Date(start - 15 * MINUTE),
      new Date(start + HOUR + 15 * MINUTE),
    ])
  }
  for (let i = 0; i < rows.length; i += 100) {
    const chunk = rows.slice(i, i + 100)
    await sql(
      `insert into bookings (id, tenant_id, user_id, session_type_id, session_coach_id, starts_at, ends_at, blocked_from, blocked_until, seats, status,
                             amount_total, discount, amount_due, amount_paid, currency, meta, confirmed_at, created_at, updated_at)
       values ${chunk.map(() => `(gen_random_uuid(), '${tenantId}', ?, ?, ?, ?, ?, ?, ?, 1, 'CONFIRMED', 9000, 0, 9000, 9000, 'usd', '{}', now(), now(), now())`).join(', ')}`,
      chunk.flat(),
    )
  }
}
for (const c of coaches) await bookSessions(c, BOOKED)

// The coach's own workshop dates: 20, every 4 days, 3 hours in the morning.
await sql(
  `insert into workshops (id, tenant_id, coach_id, title, slug, price, currency, min_seats, max_seats, created_at, updated_at)
   values (gen_random_uuid(), ?, ?, 'Bench workshop', 'bench-workshop', 5000, 'usd', 1, 10, now(), now())`,
  [tenantId, coach],
)
await sql(
  `insert into workshop_schedules (id, tenant_id, coach_id, workshop_id, start_date, end_date, timezone, level, status, visibility, mode, meeting_url, seats_taken, payout_status, created_at, updated_at)
   select gen_random_uuid(), w.tenant_id, w.coach_id, w.id, s.start, s.start + interval '3 hours', 'Europe/Berlin', 'BEGINNER', 'PUBLISHED', 'PUBLIC', 'ONLINE', 'https://meet.example/b', 0, 'pending', now(), now()
     from workshops w cross join generate_series(0, 19) g cross join lateral (select date_trunc('day', now()) + (g * 4 + 1) * interval '1 day' + interval '8 hours' as start) s`,
)

// A busy feed of FEED_EVENTS events of 30 to 60 minutes from 30 days back to a year ahead (a calendar's
// recurring meetings as the job expands and stores them, sorted): about 8 a day.
const busy: [number, number][] = []
const span = 395 * DAY
for (let i = 0; i < FEED_EVENTS; i++) {
  const start = Math.floor((t0 - 30 * DAY + (i * span) / FEED_EVENTS) / (15 * MINUTE)) * 15 * MINUTE
  busy.push([start, start + (30 + (i % 3) * 15) * MINUTE])
}
await sql(
  `insert into calendar_feeds (id, coach_id, url, status, busy, busy_count, last_fetched_at, last_success_at, next_fetch_at, created_at, updated_at)
   values (gen_random_uuid(), ?, 'https://calendar.example/bench.ics', 'ok', ?::jsonb, ?, now(), now(), now() + interval '15 minutes', now(), now())`,
  [coach, JSON.stringify(busy), busy.length],
)
await sql('vacuum analyze')
console.log(
  `seeded: ${coaches.length} coaches, ${BOOKED} booked sessions each, 20 workshop dates, a feed of ${FEED_EVENTS} busy events (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
)

// ---------------------------------------------------------------- load
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function load(name: string, path: string, check: (r: Response, body: string) => boolean) {
  const request = () => fetch(running.url + path, { headers: { accept: path.startsWith('/v1') ? 'application/json' : 'text/html' } })
  for (let i = 0; i < 20; i++) await (await request()).arrayBuffer()
  sqlCount = 0
  const probe = await request()
  const body = await probe.text()
  if (!check(probe, body)) throw new Error(`${name}: unexpected answer ${probe.status} ${body.slice(0, 300)}`)
  const sqlPerRequest = sqlCount
  const latencies: number[] = []
  let failures = 0
  const until = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t = performance.now()
        const r = await request()
        await r.arrayBuffer()
        latencies.push(performance.now() - t)
        if (r.status !== 200) failures++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    sqlPerRequest,
    failures,
  }
}

const month = new Date(t0 + 31 * DAY).toISOString().slice(0, 7)
const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10)
const slotsOf = (body: string) => (JSON.parse(body) as { data: unknown[] }).data.length
let monthSlots = 0
let daysSlots = 0
const rows = [
  await load('/ (home)', '/', (r) => r.status === 200),
  await load(`slots, a month (${month})`, `/v1/public/session-types/${typeId}/slots?from=${month}-01&to=${last}&timeZone=America%2FNew_York`, (r, body) => {
    monthSlots = slotsOf(body)
    return r.status === 200 && monthSlots > 0
  }),
  await load(
    'slots, 60 days from now',
    `/v1/public/session-types/${typeId}/slots?from=${new Date(t0).toISOString()}&to=${new Date(t0 + 60 * DAY).toISOString()}`,
    (r, body) => {
      daysSlots = slotsOf(body)
      return r.status === 200 && daysSlots > 0
    },
  ),
]

console.log(`\nconcurrency ${CONCURRENCY}, ${SECONDS} s each; load average ${loadavg()[0].toFixed(1)}`)
console.log('| scenario | requests | req/s | p50 ms | p95 ms | SQL/request | x home |')
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.sqlPerRequest} | ${(r.rps / rows[0]!.rps).toFixed(2)} |${r.failures ? ` ${r.failures} failed` : ''}`,
  )
console.log(`\nfree times answered: ${monthSlots} in the month, ${daysSlots} in 60 days (target: slots at least 0.5x the requests/s of /)`)
await running.stop()
process.exit(0)
