/**
 * Real-size benchmark (`npm run bench:scale`): production mode on the scale seed
 * (scripts/scale-seed.ts: 100,000 public schedules, 200,000 bookings, a coach with 20,000
 * bookings and a client with 5,000), every figure beside `/` measured in the same run.
 *
 *   npm run bench:scale [-- --seconds 2] [--only REGEX]      SCHEDULES=1000000 for the million
 *
 * 1. Every `/b` and `/c` page rendered fresh (kept pages off) for the heavy and the demo users:
 *    median ms of sequential requests, HTML KB, SQL statements, req/s at 8 connections and
 *    that against `/`; the heavy page's time against the demo one's (target 1.5x at most),
 *    req/s at least 0.3x of `/`, HTML at most 60 KB.
 * 2. The cold, varied public search: 2,000 different `q=` searches (words of the seed's titles,
 *    some with a typo), pages and price filters, through the page and the public API, against `/`
 *    (target 0.5x), and one search's time.
 * 3. The signed-in dashboards with kept pages on while another tenant's workshop is written
 *    every 10 ms (target 0.5x of `/` under the same stream).
 *
 * The database is kept in BENCH_DATA_DIR (default /tmp/summit-bench-real-size/<schedules>), so
 * the seed (idempotent, bulk SQL) is paid once; DATABASE_URL benchmarks another database.
 */
// @ts-expect-error -- pg ships no types here; only its Client prototype is patched
import pg from 'pg'

const SCHEDULES = Number(process.env.SCHEDULES ?? 100_000)
const port = await new Promise<number>((done) => {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  done(s.port)
  s.stop(true)
})
Object.assign(process.env, {
  NODE_ENV: 'production',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  SEED_DEMO: 'true',
  PG_DATA_DIR: process.env.BENCH_DATA_DIR ?? `/tmp/summit-bench-real-size/${SCHEDULES}`,
  PG_PORT: String(port),
  PG_DURABILITY: 'fast',
  STORAGE_DIR: `/tmp/summit-bench-real-size/storage`,
  OUTBOX_DIR: `/tmp/summit-bench-real-size/outbox`,
  STRIPE_LOCAL_PORT: '0',
  DB_HANG_TIMEOUT_MS: '0',
})

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const SECONDS = arg('seconds', 2)
const ONLY = process.argv.includes('--only') ? new RegExp(process.argv[process.argv.indexOf('--only') + 1]!) : null

let sqlCount = 0
const originalQuery = pg.Client.prototype.query
;(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  if (this.connectionParameters?.application_name !== 'summit-jobs') sqlCount++
  return (originalQuery as any).apply(this, args)
}

const { loadavg, tmpdir } = await import('node:os')
const { writeFileSync } = await import('node:fs')
const { join } = await import('node:path')
const { boot } = await import('../src/boot')
const { buildAssets } = await import('../src/platform/assets/assets')
const { keptPages } = await import('../src/pages/page-memo')
const { randomToken, sha256 } = await import('../src/platform/crypto')
const { seedScale, HEAVY_CLIENT, HEAVY_COACH } = await import('./scale-seed')

const running = await boot({ port: 0, seedDemo: true, hostname: '127.0.0.1' })
const base = running.url.replace('localhost', '127.0.0.1')
await buildAssets()
const seedStart = performance.now()
const seed = await seedScale(running.databaseUrl, { schedules: SCHEDULES })
console.log(
  `\nScale seed: ${SCHEDULES.toLocaleString('en')} schedules (${seed.skipped.length ? `kept from an earlier run: ${seed.skipped.join(', ')}` : 'seeded now'}, ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`,
)

const db = new pg.Client({ connectionString: running.databaseUrl, application_name: 'summit-jobs' })
await db.connect()
const q1 = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] ?? {}

async function sessionFor(email: string) {
  const secret = randomToken()
  await db.query(
    `insert into sessions (id, user_id, csrf_token, data, last_seen_at, expires_at, created_at)
     select $1, id, $2, '{}', now(), now() + interval '1 day', now() from users where email = $3`,
    [sha256(secret), randomToken(24), email],
  )
  return `summit_session=${secret}`
}

interface Who {
  label: string
  cookie: string
  paths: string[]
}

/** The client area's pages for one person, with their latest booking and workshop. */
async function clientPages(email: string, label: string): Promise<Who> {
  const { id: user } = await q1('select id from users where email = $1', [email])
  const { booking_id: booking } = await q1('select booking_id from booking_people where user_id = $1 and booker order by starts_at desc limit 1', [user])
  const { workshop_id: workshop } = await q1('select workshop_id from client_workshops where user_id = $1 order by last_start desc limit 1', [user])
  const { id: mine } = await q1('select id from bookings where user_id = $1 and workshop_id = $2 and deleted_at is null order by starts_at desc limit 1', [
    user,
    workshop,
  ])
  return {
    label,
    cookie: await sessionFor(email),
    paths: [
      '/b',
      '/b/bookings',
      '/b/payments',
      '/b/groups',
      '/b/workshops',
      '/b/account/profile',
      '/b/apps',
      `/b/bookings/${booking}`,
      `/b/bookings/${booking}/seats`,
      `/b/bookings/${booking}/payments`,
      `/b/bookings/${booking}/resources`,
      `/b/workshops/${workshop}`,
      `/b/workshops/${workshop}/history`,
      `/b/workshops/${workshop}/bookings`,
      `/b/workshops/${workshop}/bookings/${mine}`,
      `/b/workshops/${workshop}/calendar`,
      `/b/workshops/${workshop}/resources`,
    ],
  }
}

/** The coach area's pages for one coach in their default team, with its busiest workshop. */
async function coachPages(email: string, label: string): Promise<Who> {
  const { id: coach, tenant } = await q1('select u.id, t.id as tenant from users u join tenants t on t.slug = u.default_tenant_slug where u.email = $1', [
    email,
  ])
  const { workshop_id: workshop } = await q1(
    'select workshop_id from bookings where coach_id = $1 and tenant_id = $2 and deleted_at is null group by 1 order by count(*) desc limit 1',
    [coach, tenant],
  )
  const { id: booking } = await q1('select id from bookings where coach_id = $1 and tenant_id = $2 and deleted_at is null order by starts_at desc limit 1', [
    coach,
    tenant,
  ])
  const { id: job } = await q1('select id from job_postings where tenant_id = $1 and deleted_at is null order by applicant_count desc limit 1', [tenant])
  const { id: voucher } = await q1('select id from vouchers where tenant_id = $1 order by created_at limit 1', [tenant])
  return {
    label,
    cookie: await sessionFor(email),
    paths: [
      '/c',
      '/c/bookings',
      '/c/feedbacks',
      '/c/workshops',
      '/c/job-postings',
      '/c/team',
      '/c/vouchers',
      '/c/settings',
      '/c/apps',
      '/c/account/profile',
      '/c/account/payouts',
      `/c/bookings/${booking}`,
      `/c/bookings/${booking}/seats`,
      `/c/bookings/${booking}/payments`,
      `/c/workshops/${workshop}`,
      `/c/workshops/${workshop}/history`,
      `/c/workshops/${workshop}/payouts`,
      `/c/workshops/${workshop}/calendar`,
      `/c/workshops/${workshop}/invoices`,
      `/c/workshops/${workshop}/resources`,
      ...(job ? [`/c/job-postings/${job}`, `/c/job-postings/${job}/applicants`] : []),
      ...(voucher ? [`/c/vouchers/${voucher}`] : []),
    ],
  }
}

/** wrk: full responses at `connections`, one thread (the app needs the other core); `script` varies the paths. */
async function wrk(url: string, cookie = '', connections = 8, seconds = SECONDS, script?: string) {
  const args = ['wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url]
  if (cookie) args.push('-H', `cookie: ${cookie}`)
  if (script) args.push('-s', script)
  const p = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(p.stdout).text()
  await p.exited
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN)
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  return { rps, non2xx }
}

const median = (xs: number[]) => {
  const v = xs.filter(Number.isFinite).sort((a, b) => a - b)
  return v.length ? v[Math.floor(v.length / 2)]! : Number.NaN
}
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-')

/** One page fresh: its status, HTML size, statements, and the median time of `n` requests one after another. */
async function fresh(path: string, cookie: string, n = 5) {
  const get = async () => {
    const t = performance.now()
    const r = await fetch(base + path, { headers: { cookie }, redirect: 'manual' })
    const body = await r.arrayBuffer()
    return { ms: performance.now() - t, status: r.status, bytes: body.byteLength }
  }
  await get()
  await get()
  sqlCount = 0
  const first = await get()
  const sql = sqlCount
  const times = [first.ms]
  for (let i = 1; i < n; i++) times.push((await get()).ms)
  return { status: first.status, kb: first.bytes / 1024, sql, ms: median(times) }
}

console.log(
  `\nReal-size benchmark: production, wrk 8 connections, ${SECONDS} s per run; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)

// ---------------------------------------------------------------- 1. every page, heavy and demo, fresh
keptPages.ttlMs = 0
const pairs: [Who, Who][] = [
  [await clientPages(HEAVY_CLIENT, 'heavy client'), await clientPages('client@summit.localhost', 'demo client')],
  [await coachPages(HEAVY_COACH, 'heavy coach'), await coachPages('maya@acme.example', 'demo coach')],
]
const misses: string[] = []
console.log('\n## 1. Pages rendered fresh (kept pages off): heavy user against demo user\n')
console.log('| page | heavy ms | demo ms | heavy/demo (<= 1.5) | heavy KB (<= 60) | SQL heavy/demo | heavy req/s | `/` req/s | vs `/` (>= 0.3) |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const [heavy, demo] of pairs) {
  for (let i = 0; i < heavy.paths.length; i++) {
    const hp = heavy.paths[i]!
    const dp = demo.paths[i]!
    const shape = hp.replace(/[0-9a-f-]{36}/g, '{id}')
    if (ONLY && !ONLY.test(shape)) continue
    const h = await fresh(hp, heavy.cookie)
    const d = await fresh(dp, demo.cookie)
    const home = await wrk(`${base}/`)
    const load = await wrk(base + hp, heavy.cookie)
    const vsHome = load.rps / home.rps
    // Sub-10 ms pages compare within a millisecond of noise: the ratio counts from 2 ms up.
    const ratio = h.ms / Math.max(d.ms, 2)
    const flags = [
      ratio > 1.5 && 'time',
      h.kb > 60 && 'size',
      vsHome < 0.3 && 'req/s',
      h.status !== 200 && `status ${h.status}`,
      load.non2xx && 'non-2xx',
    ].filter(Boolean)
    if (flags.length) misses.push(`${shape} (${heavy.label}): ${flags.join(', ')}`)
    console.log(
      `| \`${shape}\` | ${fmt(h.ms, 1)} | ${fmt(d.ms, 1)} | ${fmt(ratio, 2)} | ${fmt(h.kb, 1)} | ${h.sql}/${d.sql} | ${fmt(load.rps)} | ${fmt(home.rps)} | ${fmt(vsHome, 2)} |`,
    )
  }
}

// ---------------------------------------------------------------- 2. the cold, varied search
if (!ONLY || ONLY.test('search')) {
  const titles = (await db.query(`select title from workshops w join tenants t on t.id = w.tenant_id where t.slug like 'bench-t%' order by w.id limit 400`))
    .rows
  const words: string[] = [
    ...new Set<string>(
      titles
        .flatMap((r: any) =>
          String(r.title)
            .toLowerCase()
            .split(/[^a-z]+/),
        )
        .filter((w: string) => w.length >= 4),
    ),
  ]
  const typo = (w: string) => (w.length >= 5 ? w.slice(0, 2) + w.slice(3) : w)
  const paths: string[] = []
  for (let i = 0; paths.length < 2000; i++) {
    const w = words[i % words.length]!
    const word = i % 5 === 0 ? typo(w) : i % 7 === 0 ? `${w} ${words[(i * 13) % words.length]}` : w
    const extra = [i % 3 === 0 ? `&maxPrice=${50 + (i % 20) * 25}` : '', i % 4 === 0 ? `&page=${1 + (i % 5)}` : ''].join('')
    paths.push(i % 2 ? `/workshops?q=${encodeURIComponent(word)}${extra}` : `/v1/public/workshop-schedules?q=${encodeURIComponent(word)}${extra}`)
  }
  const script = join(tmpdir(), `summit-search-${process.pid}.lua`)
  writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format(nil, paths[(i % #paths) + 1])\nend\n`,
  )
  const one = await fresh(`/v1/public/workshop-schedules?q=${encodeURIComponent(typo(words[3]!))}&maxPrice=400`, '', 5)
  const home = await wrk(`${base}/`)
  const search = await wrk(base, '', 8, SECONDS * 2, script)
  const vs = search.rps / home.rps
  if (vs < 0.5) misses.push('cold varied search: req/s')
  console.log('\n## 2. Public search, cold and varied (2,000 different searches, 1 in 5 with a typo)\n')
  console.log('| figure | value |\n|---|---:|')
  console.log(`| one search with a typo and a price filter, ms | ${fmt(one.ms, 1)} |`)
  console.log(`| varied searches req/s | ${fmt(search.rps)} |`)
  console.log(`| \`/\` req/s | ${fmt(home.rps)} |`)
  console.log(`| vs \`/\` (>= 0.5) | ${fmt(vs, 2)} |`)
}

// ---------------------------------------------------------------- 3. kept pages under a write stream
if (!ONLY || ONLY.test('write')) {
  keptPages.ttlMs = 2_000
  // A team of its own that none of the measured people books with or works in: its workshop is written.
  await db.query(`insert into tenants (id, created_at, updated_at, name, slug, plan, currency)
    select gen_random_uuid(), now(), now(), 'Bench Writes', 'bench-writes', 'free', 'usd' where not exists (select 1 from tenants where slug = 'bench-writes')`)
  await db.query(`insert into workshops (id, created_at, updated_at, tenant_id, coach_id, title, slug, description, price, currency, min_seats, max_seats)
    select gen_random_uuid(), now(), now(), t.id, (select coach_id from workshops where slug = 'bench-workshop-1' limit 1), 'Written every 10 ms', 'bench-writes', 'A workshop the benchmark writes.', 0, 'usd', 1, 10
      from tenants t where t.slug = 'bench-writes' and not exists (select 1 from workshops w where w.tenant_id = t.id)`)
  const { id: workshop } = await q1(`select w.id from workshops w join tenants t on t.id = w.tenant_id where t.slug = 'bench-writes' limit 1`)
  const writer = new pg.Client({ connectionString: running.databaseUrl, application_name: 'summit-jobs' })
  await writer.connect()
  let writing = true
  let writes = 0
  const stream = (async () => {
    while (writing) {
      await writer.query('update workshops set updated_at = now() where id = $1', [workshop])
      writes++
      await Bun.sleep(10)
    }
  })()
  console.log("\n## 3. Kept pages while another tenant's workshop is written every 10 ms\n")
  console.log('| page | req/s | `/` req/s | vs `/` (>= 0.5) |\n|---|---:|---:|---:|')
  for (const [heavy, demo] of pairs) {
    for (const who of [demo, heavy]) {
      const path = who.paths[0]!
      const home = await wrk(`${base}/`)
      const page = await wrk(base + path, who.cookie)
      const vs = page.rps / home.rps
      if (vs < 0.5) misses.push(`${path} (${who.label}) under writes: req/s`)
      console.log(`| \`${path}\` (${who.label}) | ${fmt(page.rps)} | ${fmt(home.rps)} | ${fmt(vs, 2)} |`)
    }
  }
  writing = false
  await stream
  await writer.end()
  console.log(`\n${writes} writes during the runs.`)
}

console.log(misses.length ? `\nMissed: \n- ${misses.join('\n- ')}` : '\nEvery target met.')
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
await db.end()
await running.stop()
process.exit(0)
