/**
 * Reminder sweep benchmark: how the per-minute sweep (src/modules/notifications) grows with the
 * number of sessions. Boots its own app on a throwaway PostgreSQL, then for each size (default
 * 1,000 and 100,000 sessions spread over the past 10 and the next 30 days, 2 confirmed bookings
 * of 2 seats each) generates the rows in SQL, claims once everything due at T (as the sweep
 * would have over time), and measures at T:
 *
 *   - steady: a sweep's claim statements when nothing new is due (the cost paid every minute);
 *   - a minute: the claim statements one minute later (a minute's worth of new mail is due);
 *   - the plan of each kind's claim (EXPLAIN ANALYZE, rolled back): which index it walks and the
 *     rows it probes.
 *
 * The ratio of the large size to the small one is the figure to watch: the sweep reads the
 * sessions in its windows, not the tables, so it should stay far below the ratio of the sizes.
 *
 *   bun run scripts/bench-reminders.ts [--sizes 1000,100000] [--runs 15] [--plans]
 */
export {}

process.env.NODE_ENV = 'production'
process.env.SESSION_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123'
process.env.LOG_LEVEL ??= 'error'
process.env.STORAGE_DIR = `/tmp/summit-bench-reminders-storage-${process.pid}`
process.env.OUTBOX_DIR = `/tmp/summit-bench-reminders-outbox-${process.pid}`
process.env.STRIPE_LOCAL_PORT = '0'
// Bulk seeding runs longer than a request may.
process.env.DB_STATEMENT_TIMEOUT_MS = '0'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const SIZES = arg('sizes', '1000,100000').split(',').map(Number)
const RUNS = Number(arg('runs', '15'))

const { boot } = await import('../src/boot')
const { claimDue, claimStatement } = await import('../src/modules/notifications')
const { loadavg } = await import('node:os')
const running = await boot({ port: 0, throwawayDb: true, seedDemo: false, hostname: '127.0.0.1' })
const em = () => running.orm.em.fork() as any
const sql = (q: string, params: unknown[] = []) => em().getConnection().execute(q, params)

const KINDS = ['reminder_1h', 'reminder_24h', 'feedback_request'] as const
const DAY = 86_400_000
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** `n` sessions every (40 days / n), from 10 days ago, each with 2 confirmed bookings of 2 accepted seats. */
async function seed(n: number, t0: Date) {
  await sql(`truncate sent_notifications, booking_seats, bookings, workshop_schedules, workshops, memberships, tenants, users cascade`)
  await sql(
    `insert into users (id, email, username, status, roles, profile, created_at, updated_at)
     select gen_random_uuid(), 'u' || g || '@bench.example', 'u' || g, 'active', '{}', '{"firstName":"Bench"}', now(), now() from generate_series(1, 2000) g`,
  )
  await sql(
    `insert into tenants (id, name, slug, plan, currency, invoice_counter, created_at, updated_at) values (gen_random_uuid(), 'Bench', 'bench', 'pro', 'usd', 0, now(), now())`,
  )
  await sql(
    `insert into workshops (id, tenant_id, coach_id, title, slug, price, currency, min_seats, max_seats, created_at, updated_at)
     select gen_random_uuid(), (select id from tenants limit 1), (select id from users order by email limit 1), 'Bench ' || g, 'bench-' || g, 0, 'usd', 1, 10, now(), now()
       from generate_series(1, 100) g`,
  )
  const step = (40 * DAY) / n
  await sql(
    `insert into workshop_schedules (id, tenant_id, coach_id, workshop_id, start_date, end_date, timezone, level, status, visibility, mode, meeting_url, seats_taken, payout_status, created_at, updated_at)
     select gen_random_uuid(), w.tenant_id, w.coach_id, w.id, s.start, s.start + interval '3 hours', 'Europe/London', 'BEGINNER', 'PUBLISHED', 'PUBLIC', 'ONLINE', 'https://meet.example/b', 4, 'pending', now(), now()
       from generate_series(0, ? - 1) g
       cross join lateral (select ?::timestamptz + ((g * ?::float8) * interval '1 millisecond') as start) s
       join (select w.*, row_number() over (order by slug) - 1 as n from workshops w) w on w.n = g % 100`,
    [n, new Date(t0.getTime() - 10 * DAY), step],
  )
  await sql(
    `insert into bookings (id, tenant_id, user_id, workshop_schedule_id, seats, status, amount_total, discount, amount_due, amount_paid, currency, meta, confirmed_at, created_at, updated_at)
     select gen_random_uuid(), s.tenant_id, u.ids[1 + abs(hashtext(s.id::text || k)) % 2000], s.id, 2, 'CONFIRMED', 0, 0, 0, 0, 'usd', '{}',
            s.start_date - interval '5 days', s.start_date - interval '5 days', now()
       from workshop_schedules s cross join generate_series(0, 1) k cross join (select array_agg(id order by email) as ids from users) u`,
  )
  await sql(
    `insert into booking_seats (id, tenant_id, booking_id, user_id, status, attended, meta, responded_at, created_at, updated_at)
     select gen_random_uuid(), b.tenant_id, b.id, case when k = 0 then b.user_id
              when u.ids[1 + abs(hashtext(b.id::text)) % 2000] = b.user_id then u.ids[1 + (abs(hashtext(b.id::text)) + 1) % 2000]
              else u.ids[1 + abs(hashtext(b.id::text)) % 2000] end,
            'ACCEPTED', false, '{}', b.created_at, b.created_at, now()
       from bookings b cross join generate_series(0, 1) k cross join (select array_agg(id order by email) as ids from users) u`,
  )
  await sql('vacuum analyze')
}

async function claimAll(at: Date) {
  let n = 0
  for (const kind of KINDS) n += (await claimDue(em(), kind, at)).length
  return n
}

/** The claim statement, planned and run (EXPLAIN ANALYZE inside a transaction that is rolled back). */
async function plan(kind: (typeof KINDS)[number], at: Date) {
  const { sql: q, params } = claimStatement(kind, at)
  let text = ''
  await em()
    .transactional(async (tem: any) => {
      const rows = await tem.getConnection().execute(`explain (analyze, timing off) ${q}`, params)
      text = rows.map((r: any) => r['QUERY PLAN']).join('\n')
      if (process.argv.includes('--plans')) console.log(`\n${kind}:\n${text}`)
      throw new Error('rollback')
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err
    })
  const index = /Index (?:Only )?Scan using (workshop_schedules_\w+)/.exec(text)?.[1] ?? (/Seq Scan on workshop_schedules/.test(text) ? 'SEQ SCAN' : '?')
  const exec = /Execution Time: ([\d.]+) ms/.exec(text)?.[1]
  return { index, exec: exec ? Number(exec) : NaN }
}

const rows: { size: number; steady: number; minute: number; plans: Record<string, { index: string; exec: number }> }[] = []
for (const size of SIZES) {
  const t0 = new Date()
  const t = performance.now()
  await seed(size, t0)
  const seeded = performance.now() - t
  // Everything due at t0 is claimed, as the sweeps before it would have done (a claim takes at most 1,000 a kind).
  let backlog = 0
  for (let n = await claimAll(t0); n > 0; n = await claimAll(t0)) backlog += n
  const steady: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now()
    if ((await claimAll(t0)) !== 0) throw new Error('the steady sweep claimed something')
    steady.push(performance.now() - s)
  }
  const minute: number[] = []
  for (let i = 1; i <= RUNS; i++) {
    const s = performance.now()
    await claimAll(new Date(t0.getTime() + i * 60_000))
    minute.push(performance.now() - s)
  }
  const plans: Record<string, { index: string; exec: number }> = {}
  for (const kind of KINDS) plans[kind] = await plan(kind, new Date(t0.getTime() + (RUNS + 1) * 60_000))
  rows.push({ size, steady: median(steady), minute: median(minute), plans })
  console.log(`seeded ${size} sessions, ${size * 4} seats in ${(seeded / 1000).toFixed(1)} s; backlog claimed: ${backlog}`)
}

console.log(`\nreminder sweep (claim statements of the 3 kinds), median of ${RUNS} runs; load average ${loadavg()[0].toFixed(1)}`)
console.log('sessions | seats   | steady ms | a minute ms | plans (index walked, execution ms)')
for (const r of rows) {
  const p = KINDS.map((k) => `${k}: ${r.plans[k].index} ${r.plans[k].exec.toFixed(1)}`).join('; ')
  console.log(
    `${String(r.size).padStart(8)} | ${String(r.size * 4).padStart(7)} | ${r.steady.toFixed(1).padStart(9)} | ${r.minute.toFixed(1).padStart(11)} | ${p}`,
  )
}
if (rows.length > 1) {
  const [a, b] = [rows[0], rows[rows.length - 1]]
  console.log(
    `\n${b.size / a.size}x the sessions: steady ${(b.steady / a.steady).toFixed(1)}x, a minute ${(b.minute / a.minute).toFixed(1)}x (target: far below ${b.size / a.size}x)`,
  )
}
await running.stop()
