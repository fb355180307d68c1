/**
 * Page benchmark: server-rendered requests per second for /, the public workshop page (against /
 * in the same run: target >= 0.8x) and /login, time to first byte, and the JavaScript (gzip)
 * each page loads. Boots its own app on a throwaway database with
 * demo data, in production mode (React's production build).
 *
 *   bun run scripts/bench-pages.ts [--seconds 5] [--concurrency 16] [--rounds 3] [--only REGEX] [--js-only] [--no-js]
 *
 * It also lists the first-load JavaScript (gzip: the page's island entries and their static
 * chunks; parts fetched later with import() are not counted) of EVERY /b and /c page of the
 * route table, /login and the checkout, beside their budgets (area pages 110 KB, /login and
 * the checkout 90 KB). `--js-only` prints that table alone, `--no-js` leaves it out.
 *
 * The /b and /c dashboards and list pages are kept whole per visitor while nothing they show
 * changes (src/pages/page-memo.ts): their rows are served from it after the first request, and
 * three more rows measure /b, /c and /c/bookings rendered on every request (memo off), the cost
 * of a miss.
 *
 * Each page's row gives its SQL statements (one request, counted on the app's connections)
 * and, for the measured ones, its ratio to / in this run: every /b and /c page timed and /jobs
 * should serve at least 0.25x the requests/s of / (issue 23). BENCH_SECONDS and
 * BENCH_CONCURRENCY set the defaults of --seconds and --concurrency.
 */
export {}

process.env.NODE_ENV = 'production'
process.env.SESSION_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123'
process.env.LOG_LEVEL ??= 'warn'
process.env.SEED_DEMO = 'true'
process.env.APP_URL ??= 'http://127.0.0.1:0'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const SECONDS = arg('seconds', Number(process.env.BENCH_SECONDS ?? 5))
/** `--only REGEX`: just the pages whose path matches (always with / as the reference). */
const ONLY = process.argv.includes('--only') ? new RegExp(process.argv[process.argv.indexOf('--only') + 1]) : null
const CONCURRENCY = arg('concurrency', Number(process.env.BENCH_CONCURRENCY ?? 16))

/** SQL statements of the app's own connections (the job queue's left out): counted around one request at a time. */
let sqlCount = 0
// @ts-expect-error -- pg ships no types here; only its Client prototype is patched
const { default: pg } = await import('pg')
const originalQuery = pg.Client.prototype.query
pg.Client.prototype.query = function (this: any, ...a: any[]) {
  if (this.connectionParameters?.application_name !== 'summit-jobs') sqlCount++
  return originalQuery.apply(this, a)
}

const { boot } = await import('../src/boot')
const { keptPages } = await import('../src/pages/page-memo')
const { buildAssets, buildTimeMs, scriptClosure } = await import('../src/platform/assets/assets')
const { User } = await import('../src/modules/users')
const { Session } = await import('../src/modules/auth')
const { randomToken, sha256 } = await import('../src/platform/crypto')

const running = await boot({ port: 0, throwawayDb: true, seedDemo: true, hostname: '127.0.0.1' })
const base = running.url.replace('localhost', '127.0.0.1')
await buildAssets()

async function sessionFor(email: string) {
  const em = running.orm.em.fork()
  const user = await em.findOneOrFail(User, { email })
  const secret = randomToken()
  em.create(Session, {
    id: sha256(secret),
    user: user.id,
    csrfToken: randomToken(24),
    data: {},
    lastSeenAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  } as any)
  await em.flush()
  return `summit_session=${secret}`
}
const client = await sessionFor('client@summit.localhost')
const coach = await sessionFor('maya@acme.example')

/** Time to first byte (headers) and to the last byte of one request. */
async function timed(path: string, cookie = '') {
  const t0 = performance.now()
  const res = await fetch(base + path, { headers: { cookie }, redirect: 'manual' })
  const ttfb = performance.now() - t0
  const body = await res.text()
  return { status: res.status, ttfb, total: performance.now() - t0, body }
}

/** CPU milliseconds so far of each of PostgreSQL's processes (the postmaster and its children: this run's backends), from /proc. */
const { readFileSync, readdirSync } = await import('node:fs')
function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>()
  const root = running.databasePid()
  if (!root) return out
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')
      if (Number(d) === root || Number(f[1]) === root) out.set(Number(d), (Number(f[11]) + Number(f[12])) * 10)
    } catch {}
  }
  return out
}
/** PostgreSQL's CPU since `before`, per process (a backend started meanwhile counts whole; one that ended is lost). */
function postgresCpuSince(before: Map<number, number>): number {
  let ms = 0
  for (const [pid, t] of postgresCpu()) ms += t - (before.get(pid) ?? 0)
  return ms
}

async function throughput(path: string, cookie = '', seconds = SECONDS) {
  for (let i = 0; i < 50; i++) await timed(path, cookie)
  const cpu0 = process.cpuUsage()
  const pg0 = postgresCpu()
  let count = 0
  const ttfbs: number[] = []
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const r = await timed(path, cookie)
        if (r.status !== 200) throw new Error(`${path}: ${r.status}`)
        ttfbs.push(r.ttfb)
        count++
      }
    }),
  )
  ttfbs.sort((a, b) => a - b)
  const cpu = process.cpuUsage(cpu0)
  // CPU per request (this process: server and load generator; PostgreSQL): what a page costs,
  // whatever else the machine runs.
  const cpuMs = (cpu.user + cpu.system) / 1000 / count
  const pgMs = postgresCpuSince(pg0) / count
  return { rps: count / seconds, cpuMs, pgMs, p50: ttfbs[Math.floor(ttfbs.length / 2)], p95: ttfbs[Math.floor(ttfbs.length * 0.95)] }
}

function jsOf(html: string) {
  const srcs = [...html.matchAll(/<script type="module" async src="([^"]+)"/g)].map((m) => m[1])
  const files = scriptClosure(srcs)
  return { files: files.length, bytes: files.reduce((n, f) => n + f.bytes, 0), gzip: files.reduce((n, f) => n + f.gzip, 0) }
}

/** A coming public demo schedule (the public workshop page, issue 21: target >= 0.8x the req/s of /). */
const [workshopRow] = await running.orm.em
  .fork()
  .execute(
    `select s.id from workshop_schedules s join workshops w on w.id = s.workshop_id where w.title = 'Difficult Conversations' and s.status = 'PUBLISHED' and s.visibility = 'PUBLIC' and s.start_date > now() order by s.start_date limit 1`,
  )
const WORKSHOP_PAGE = `/workshops/${workshopRow.id}`

/** A 4th element `true`: the page measured with the kept-pages memo off (src/pages/page-memo.ts), rendered on every request. */
const pages: ([string, string, string] | [string, string, string, true])[] = [
  ['/', '', 'marketing home'],
  [WORKSHOP_PAGE, '', 'public workshop page (no JS)'],
  ['/sitemap.xml', '', 'sitemap index'],
  ['/login', '', 'sign in (island)'],
  ['/register', '', 'register (island)'],
  ['/announcement', '', 'announcement'],
  ['/b/privacy-policy', '', 'legal page'],
  ['/b', client, 'client dashboard (shell + settings)'],
  ['/c', coach, 'coach dashboard (shell + settings)'],
  ['/b', client, 'client dashboard, rendered every time (memo off)', true],
  ['/c', coach, 'coach dashboard, rendered every time (memo off)', true],
  ['/c/bookings', coach, 'coach bookings, rendered every time (memo off)', true],
  ['/b/bookings', client, 'client bookings (data table)'],
  ['/b/payments', client, 'client payments (tables + cards)'],
  ['/c/workshops', coach, 'coach workshops (table)'],
  ['/c/job-postings', coach, 'coach job postings'],
  ['/b/groups', client, 'client groups'],
  ['/b/workshops', client, 'client workshops'],
  ['/b/account/profile', client, 'client profile (account cards)'],
  ['/jobs', '', 'public jobs (no JS)'],
  ['/c/job-postings/new', coach, 'job-posting editor (island)'],
  ...(await coachPages()),
]

/** The coach area's pages on the demo coach's data (budgets: TTFB p50 < 20 ms at 16 concurrent, JS <= 110 KB gzip). */
async function coachPages(): Promise<[string, string, string][]> {
  const [w] = await running.orm.em
    .fork()
    .execute(`select w.id from workshops w join users u on u.id = w.coach_id where u.email = 'maya@acme.example' order by w.created_at limit 1`)
  const [b] = await running.orm.em
    .fork()
    .execute(
      `select b.id from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join users u on u.id = s.coach_id where u.email = 'maya@acme.example' and b.seats > 1 limit 1`,
    )
  return [
    ['/c/bookings', coach, 'coach bookings'],
    [`/c/workshops/${w.id}`, coach, 'coach workshop (schedules island)'],
    [`/c/workshops/${w.id}/resources`, coach, 'coach resources (island)'],
    [`/c/bookings/${b.id}/seats`, coach, 'coach attendance (island)'],
    ['/c/account/profile', coach, 'coach profile editor (island)'],
    ['/c/account/payouts', coach, 'coach payouts'],
    ...(await tablePages()),
  ]
}
/** The other list tables of both areas (data-table island), so each stays under the 110 KB gzip budget. */
async function tablePages(): Promise<[string, string, string][]> {
  const [cb] = await running.orm.em
    .fork()
    .execute(
      `select b.id, s.workshop_id from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join users u on u.id = b.user_id where u.email = 'client@summit.localhost' order by b.created_at limit 1`,
    )
  return [
    ['/b/bookings?status=CONFIRMED&sort=-amount,when&page=1', client, 'client bookings (filtered, multi-sort)'],
    [`/b/bookings/${cb.id}/payments`, client, 'client booking payments (two tables)'],
    [`/b/workshops/${cb.workshop_id}/bookings`, client, 'client workshop bookings (table)'],
    [`/b/workshops/${cb.workshop_id}/history`, client, 'client workshop history (table)'],
    ['/c/feedbacks', coach, 'coach feedback (table)'],
  ]
}
const MEASURED = [
  /^\/$/,
  /^\/workshops\/[0-9a-f-]{36}$/,
  /^\/login$/,
  /^\/jobs$/,
  /^\/b$/,
  /^\/b\/bookings$/,
  /^\/b\/payments$/,
  /^\/c$/,
  /^\/c\/bookings$/,
  /^\/c\/workshops$/,
  /^\/c\/job-postings$/,
  /^\/c\/workshops\/[0-9a-f-]{36}$/,
]
/** Issue 23: every /b and /c page and /jobs at least this share of the requests/s of / (same run). */
const AREA_TARGET = 0.25
const AREA_PAGE = /^\/(b|c|jobs)(\/|$)/

const ROUNDS = Math.max(1, Math.floor(arg('rounds', 3)))

/** ROUNDS pairs (/ then the page, each a third of --seconds, at least 1 s): the median ratio and the median round of the page. */
async function ratioRounds(path: string, cookie: string) {
  const secs = Math.max(1, SECONDS / ROUNDS)
  const runs: { ratio: number; page: Awaited<ReturnType<typeof throughput>>; home: number }[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const home = await throughput('/', '', secs)
    const page = await throughput(path, cookie, secs)
    runs.push({ ratio: page.rps / home.rps, page, home: home.rps })
  }
  runs.sort((a, b) => a.ratio - b.ratio)
  const mid = runs[Math.floor(runs.length / 2)]!
  return { ratio: mid.ratio, page: mid.page }
}

/** SQL statements one request of the page runs (after the warm-up, alone on the server). */
async function statementsOf(path: string, cookie: string) {
  await timed(path, cookie)
  sqlCount = 0
  await timed(path, cookie)
  return sqlCount
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

/** Every /b and /c page of the route table on the demo data, /login and the checkout: first-load JS next to its budget. */
async function firstLoadReport() {
  const { routes } = await import('../src/pages/routes')
  const q = async (sql: string) => ((await running.orm.em.fork().execute(sql)) as { id: string }[])[0]?.id
  const ids: Record<string, Record<string, string | undefined>> = {
    b: {
      booking: await q(
        `select b.id from bookings b join users u on u.id = b.user_id where u.email = 'client@summit.localhost' order by b.seats desc, b.created_at limit 1`,
      ),
      workshop: await q(
        `select s.workshop_id as id from bookings b join users u on u.id = b.user_id join workshop_schedules s on s.id = b.workshop_schedule_id where u.email = 'client@summit.localhost' limit 1`,
      ),
    },
    c: {
      booking: await q(
        `select b.id from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join users u on u.id = s.coach_id where u.email = 'maya@acme.example' order by b.seats desc limit 1`,
      ),
      workshop: await q(`select w.id from workshops w join users u on u.id = w.coach_id where u.email = 'maya@acme.example' order by w.created_at limit 1`),
      posting: await q(`select id from job_postings order by created_at limit 1`).catch(() => undefined),
    },
  }
  const schedule = await q(`select id from workshop_schedules where status = 'PUBLISHED' and start_date > now() order by start_date limit 1`)
  const rows: [string, string, number][] = [
    ['/login', '', 90 * 1024],
    ...(schedule ? [[`/workshops/${schedule}/book`, client, 90 * 1024] as [string, string, number]] : []),
  ]
  for (const r of routes) {
    const area = r.path.match(/^\/(b|c)(\/|$)/)?.[1]
    if (!area || r.redirect || (r.layout !== 'client' && r.layout !== 'coach')) continue
    const own = ids[area]!
    const path = r.path
      .replace('/bookings/{id}', `/bookings/${own.booking}`)
      .replace('/workshops/{id}', `/workshops/${own.workshop}`)
      .replace('/job-postings/{id}', `/job-postings/${own.posting}`)
      .replace('{bookingId}', own.booking ?? '')
    if (path.includes('undefined') || path.includes('{')) continue
    rows.push([path, area === 'b' ? client : coach, 110 * 1024])
  }
  console.log('\nFirst-load JavaScript of every area page (gzip; parts loaded later with import() not counted)\n')
  console.log('| page | status | JS files | JS gzip | budget | within |')
  console.log('|---|---:|---:|---:|---:|:---:|')
  let over = 0
  for (const [path, cookie, budget] of rows) {
    const r = await timed(path, cookie)
    const js = jsOf(r.body)
    const ok = r.status === 200 && js.gzip <= budget
    if (!ok) over++
    console.log(`| ${path} | ${r.status} | ${js.files} | ${kb(js.gzip)} | ${kb(budget)} | ${ok ? 'yes' : '**NO**'} |`)
  }
  console.log(`\n${rows.length - over} of ${rows.length} pages within budget`)
}

if (process.argv.includes('--js-only')) {
  await firstLoadReport()
  await running.stop()
  process.exit(0)
}
console.log(`\nPages (production build, ${CONCURRENCY} concurrent, ${SECONDS} s each; island build ${buildTimeMs()} ms)\n`)
console.log(`(vs /: the median of ${ROUNDS} rounds of / then the page for the signed-in pages and /jobs; their req/s is that round's)\n`)
console.log(
  'CPU/req: milliseconds of CPU per request, this process (server and load generator) + PostgreSQL: the cost of a page whatever else the machine runs; "cost vs /" is /\'s CPU per request over the page\'s (what the req/s ratio would be on an idle machine where CPU is the limit).\n',
)
console.log('| page | req/s | vs / | CPU/req (app + db) | cost vs / | SQL | TTFB p50 | TTFB p95 | cold TTFB | JS files | JS | JS gzip |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
const budget: { path: string; gzip: number }[] = []
const rps = new Map<string, number>()
const misses: string[] = []
const cost = new Map<string, number>()
const keptTtl = keptPages.ttlMs
for (const [path, cookie, label, memoOff] of pages) {
  if (ONLY && path !== '/' && !ONLY.test(path)) continue
  keptPages.ttlMs = memoOff ? 0 : keptTtl
  const cold = await timed(path, cookie)
  const js = jsOf(cold.body)
  if (/^\/(b|c)(\/|\?|$)/.test(path)) budget.push({ path, gzip: js.gzip })
  const sql = await statementsOf(path, cookie)
  const measure = MEASURED.some((re) => re.test(path))
  const area = measure && AREA_PAGE.test(path) && rps.has('/')
  // The ratio to / of an area page: the median of ROUNDS runs of / and the page one after the
  // other (the load of a shared machine swings from second to second; so does / on its own).
  const rounds = area ? await ratioRounds(path, cookie) : null
  const t = rounds ? rounds.page : measure ? await throughput(path, cookie) : null
  if (t) rps.set(path, t.rps)
  if (t) cost.set(path, t.cpuMs + t.pgMs)
  const costRatio = t && cost.has('/') ? cost.get('/')! / (t.cpuMs + t.pgMs) : null
  const ratio = rounds ? rounds.ratio : t && rps.has('/') ? t.rps / rps.get('/')! : null
  if (area && !memoOff && ratio !== null && ratio < AREA_TARGET) misses.push(path)
  console.log(
    `| ${path} (${label}) | ${t ? t.rps.toFixed(0) : '-'} | ${ratio === null ? '-' : `${ratio.toFixed(2)}${area ? (memoOff ? ' (for comparison)' : ratio >= AREA_TARGET ? ' ok' : ' **MISS**') : ''}`} | ${t ? `${t.cpuMs.toFixed(2)} + ${t.pgMs.toFixed(2)} ms` : '-'} | ${costRatio === null ? '-' : costRatio.toFixed(2)} | ${sql} | ${t ? `${t.p50.toFixed(1)} ms` : '-'} | ${t ? `${t.p95.toFixed(1)} ms` : '-'} | ${cold.ttfb.toFixed(1)} ms | ${js.files} | ${kb(js.bytes)} | ${kb(js.gzip)} |`,
  )
}
keptPages.ttlMs = keptTtl
console.log(
  `\nSigned-in pages and /jobs against / (target >= ${AREA_TARGET}x): ${misses.length ? `MISS on ${misses.join(', ')}` : 'all ok'}. SQL = statements of one request (tests/api/client-pages.test.ts and coach-pages-sql.test.ts keep them flat at 10 and 100 bookings).`,
)
if (rps.has('/') && rps.has(WORKSHOP_PAGE)) {
  const ratio = rps.get(WORKSHOP_PAGE)! / rps.get('/')!
  console.log(
    `\nThe public workshop page serves ${ratio.toFixed(2)}x the requests per second of / in this run (target >= 0.8): ${ratio >= 0.8 ? 'ok' : 'MISS'}`,
  )
}
if (!process.argv.includes('--no-js')) await firstLoadReport()
await running.stop()
process.exit(0)
