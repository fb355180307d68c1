/**
 * Page benchmark: server-rendered requests per second for / and /login, time to first byte,
 * and the JavaScript (gzip) each page loads. Boots its own app on a throwaway database with
 * demo data, in production mode (React's production build).
 *
 *   bun run scripts/bench-pages.ts [--seconds 5] [--concurrency 16]
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
const SECONDS = arg('seconds', 5)
const CONCURRENCY = arg('concurrency', 16)

const { boot } = await import('../src/boot')
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

async function throughput(path: string, cookie = '') {
  for (let i = 0; i < 50; i++) await timed(path, cookie)
  let count = 0
  const ttfbs: number[] = []
  const end = performance.now() + SECONDS * 1000
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
  return { rps: count / SECONDS, p50: ttfbs[Math.floor(ttfbs.length / 2)], p95: ttfbs[Math.floor(ttfbs.length * 0.95)] }
}

function jsOf(html: string) {
  const srcs = [...html.matchAll(/<script type="module" async src="([^"]+)"/g)].map((m) => m[1])
  const files = scriptClosure(srcs)
  return { files: files.length, bytes: files.reduce((n, f) => n + f.bytes, 0), gzip: files.reduce((n, f) => n + f.gzip, 0) }
}

const pages: [string, string, string][] = [
  ['/', '', 'marketing home'],
  ['/login', '', 'sign in (island)'],
  ['/register', '', 'register (island)'],
  ['/announcement', '', 'announcement'],
  ['/b/privacy-policy', '', 'legal page'],
  ['/b', client, 'client dashboard (shell + settings)'],
  ['/c', coach, 'coach dashboard (shell + settings)'],
  ['/b/bookings', client, 'client bookings (data table)'],
  ['/b/payments', client, 'client payments (tables + cards)'],
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
const MEASURED = [/^\/$/, /^\/login$/, /^\/b$/, /^\/b\/bookings$/, /^\/c$/, /^\/c\/bookings$/, /^\/c\/workshops\/[0-9a-f-]{36}$/]

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
console.log(`\nPages (production build, ${CONCURRENCY} concurrent, ${SECONDS} s each; island build ${buildTimeMs()} ms)\n`)
console.log('| page | req/s | TTFB p50 | TTFB p95 | cold TTFB | JS files | JS | JS gzip |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
const budget: { path: string; gzip: number }[] = []
for (const [path, cookie, label] of pages) {
  const cold = await timed(path, cookie)
  const js = jsOf(cold.body)
  if (/^\/(b|c)(\/|\?|$)/.test(path)) budget.push({ path, gzip: js.gzip })
  const measure = MEASURED.some((re) => re.test(path))
  const t = measure ? await throughput(path, cookie) : null
  console.log(
    `| ${path} (${label}) | ${t ? t.rps.toFixed(0) : '-'} | ${t ? `${t.p50.toFixed(1)} ms` : '-'} | ${t ? `${t.p95.toFixed(1)} ms` : '-'} | ${cold.ttfb.toFixed(1)} ms | ${js.files} | ${kb(js.bytes)} | ${kb(js.gzip)} |`,
  )
}
const over = budget.filter((b) => b.gzip > 110 * 1024)
console.log(
  `\nFirst-load JS budget (110 KB gzip per area page): ${over.length ? `OVER on ${over.map((b) => `${b.path} (${kb(b.gzip)})`).join(', ')}` : 'every area page within it'}`,
)
await running.stop()
process.exit(0)
