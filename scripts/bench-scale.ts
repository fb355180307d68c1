/**
 * Scale benchmark (issue 23): production mode, demo data, wrk at 16 concurrent, every figure
 * side by side with `/` measured in the same run, then one app server against two.
 *
 *   bun run scripts/bench-scale.ts [--seconds 5] [--rounds 3] [--concurrency 16] [--only REGEX] [--no-servers]
 *
 * 1. Requests/s (full responses) of the API lists and the signed-in pages against `/`, each
 *    with its target, and the SQL statements one request runs (counted on the app's own
 *    connections; the job queue's are left out).
 * 2. One app server process, then two on the same database (each `bun run src/server.ts`,
 *    production): requests/s on /workshops and the public API list, two against one.
 * Each figure is taken in `--rounds` alternating rounds (`/`, the target, `/`, the target...;
 * `--seconds` split between them) and the ratio is the median of the rounds' ratios: on a
 * machine whose load swings from second to second, two runs taken minutes apart say little.
 * The machine's load average is printed: figures from a busy machine are not comparable.
 */
// @ts-expect-error -- pg ships no types here; only its Client prototype is patched
import pg from 'pg'

Object.assign(process.env, {
  NODE_ENV: 'production',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  SEED_DEMO: 'true',
  STORAGE_DIR: `/tmp/summit-bench-scale-storage-${process.pid}`,
  OUTBOX_DIR: `/tmp/summit-bench-scale-outbox-${process.pid}`,
  STRIPE_LOCAL_PORT: '0',
})

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const SECONDS = arg('seconds', Number(process.env.BENCH_SECONDS ?? 5))
const CONCURRENCY = arg('concurrency', 16)
const ROUNDS = Math.max(1, Math.floor(arg('rounds', 3)))
/** Seconds of one wrk run: the figure's time split over its rounds (at least 1 s). */
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS))
const ONLY = process.argv.includes('--only') ? new RegExp(process.argv[process.argv.indexOf('--only') + 1]!) : null

let sqlCount = 0
const originalQuery = pg.Client.prototype.query
;(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  if (this.connectionParameters?.application_name !== 'summit-jobs') sqlCount++
  return (originalQuery as any).apply(this, args)
}

const { loadavg } = await import('node:os')
const { cpuSnapshot, descendsFrom, formatShare, whileRunning } = await import('./cpu-share')
const { resolve } = await import('node:path')
const { boot } = await import('../src/boot')
const { buildAssets } = await import('../src/platform/assets/assets')
const { User } = await import('../src/modules/users')
const { Session } = await import('../src/modules/auth')
const { randomToken, sha256 } = await import('../src/platform/crypto')
const { freePort } = await import('../src/platform/db/database')

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

/** wrk: full responses, `CONCURRENCY` connections, one thread (the app needs the other core). */
async function wrk(url: string, cookie = '', connections = CONCURRENCY, seconds = SECONDS) {
  const args = ['wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url]
  if (cookie) args.push('-H', `cookie: ${cookie}`)
  const p = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(p.stdout).text()
  await p.exited
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN)
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  const p50 = /50%\s+([\d.]+)(us|ms|s)/.exec(out)
  const ms = p50 ? Number(p50[1]) * (p50[2] === 'us' ? 0.001 : p50[2] === 's' ? 1000 : 1) : Number.NaN
  return { rps, non2xx, p50: ms }
}

const median = (xs: number[]) => {
  const v = xs.filter(Number.isFinite).sort((a, b) => a - b)
  if (!v.length) return Number.NaN
  const m = Math.floor(v.length / 2)
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

/** `ROUNDS` alternating runs of `a` then `b`: each one's mean rate, and the median of the rounds' b/a. */
async function alternate<T extends { rps: number }>(a: () => Promise<T>, b: () => Promise<T>) {
  const as: T[] = []
  const bs: T[] = []
  for (let i = 0; i < ROUNDS; i++) {
    as.push(await a())
    bs.push(await b())
  }
  return { a: as, b: bs, aRps: mean(as.map((x) => x.rps)), bRps: mean(bs.map((x) => x.rps)), ratio: median(bs.map((x, i) => x.rps / as[i]!.rps)) }
}

async function sqlPerRequest(path: string, cookie = '') {
  // Warm the caches first: a steady-state request is what is counted.
  for (let i = 0; i < 3; i++) await (await fetch(base + path, { headers: { cookie } })).arrayBuffer()
  sqlCount = 0
  const r = await fetch(base + path, { headers: { cookie }, redirect: 'manual' })
  await r.arrayBuffer()
  return { status: r.status, sql: sqlCount }
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-')
console.log(
  `\nScale benchmark: production, wrk ${CONCURRENCY} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
)

// ---------------------------------------------------------------- 1. side by side with /
const [jobPosting] = await running.orm.em.fork().execute(`select id from job_postings where status = 'PUBLISHED' order by created_at limit 1`)
const targets: { path: string; cookie: string; target: number; label: string }[] = [
  { path: '/v1/public/workshop-schedules?perPage=10', cookie: '', target: 0.5, label: 'public API list, 10 rows' },
  { path: '/v1/public/workshop-schedules?perPage=100', cookie: '', target: 0.3, label: 'public API list, 100 rows' },
  { path: '/v1/tags', cookie: '', target: 0.9, label: 'tags, anonymous' },
  { path: '/workshops', cookie: '', target: 0, label: 'marketplace page (cached)' },
  { path: '/jobs', cookie: '', target: 0.25, label: 'public jobs' },
  ...(jobPosting ? [{ path: `/jobs/${jobPosting.id}`, cookie: '', target: 0, label: 'a job posting' }] : []),
  { path: '/b', cookie: client, target: 0.25, label: 'client dashboard' },
  { path: '/b/bookings', cookie: client, target: 0.25, label: 'client bookings' },
  { path: '/b/payments', cookie: client, target: 0.25, label: 'client payments' },
  { path: '/c', cookie: coach, target: 0.25, label: 'coach dashboard' },
  { path: '/c/bookings', cookie: coach, target: 0.25, label: 'coach bookings' },
  { path: '/c/workshops', cookie: coach, target: 0.25, label: 'coach workshops' },
  { path: '/c/job-postings', cookie: coach, target: 0.25, label: 'coach job postings' },
]

// `/` is measured again right before each round of each target: the machine's load moves
// between runs, and each ratio is the median of rounds that compare two runs back to back.
const homeSql = await sqlPerRequest('/')
console.log('| target | req/s | `/` req/s (alternating) | vs `/` (median of rounds) | target | p50 ms | SQL/request | status |')
console.log('|---|---:|---:|---:|---:|---:|---:|---|')
console.log(`| \`/\` | - | - | 1.00 | - | - | ${homeSql.sql} | ${homeSql.status} |`)
for (const t of targets) {
  if (ONLY && !ONLY.test(t.path)) continue
  const s = await sqlPerRequest(t.path, t.cookie)
  await wrk(base + t.path, t.cookie, CONCURRENCY, 1) // warm (JIT, caches): not counted
  const m = await alternate(
    () => wrk(`${base}/`, '', CONCURRENCY, ROUND_SECONDS),
    () => wrk(base + t.path, t.cookie, CONCURRENCY, ROUND_SECONDS),
  )
  const ratio = m.ratio
  const non2xx = m.b.reduce((n, x) => n + x.non2xx, 0)
  const verdict = t.target ? (ratio >= t.target ? `>= ${t.target} ok` : `>= ${t.target} **MISS**`) : '-'
  console.log(
    `| \`${t.path}\` (${t.label}) | ${fmt(m.bRps)} | ${fmt(m.aRps)} | ${fmt(ratio, 2)} | ${verdict} | ${fmt(median(m.b.map((x) => x.p50)), 1)} | ${s.sql} | ${s.status}${non2xx ? `, ${non2xx} non-2xx` : ''} |`,
  )
}
console.log(
  '\nSQL per page stays flat in the number of rows: tests/api/client-pages.test.ts and coach-pages-sql.test.ts count each page at 10 and 100 bookings (/c/job-postings at 11 and 25 postings); scripts/sql-probe.ts lists the statements of any page.',
)

// ---------------------------------------------------------------- 2. one server against two
if (!process.argv.includes('--no-servers')) {
  const ROOT = resolve(import.meta.dir, '..')
  const spawnServer = async () => {
    const port = await freePort()
    const proc = Bun.spawn([process.execPath, 'run', 'src/server.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: running.databaseUrl,
        SESSION_SECRET: process.env.SESSION_SECRET!,
        STORAGE_DIR: process.env.STORAGE_DIR!,
        OUTBOX_DIR: process.env.OUTBOX_DIR!,
        SEED_DEMO: 'false',
      },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    const url = `http://127.0.0.1:${port}`
    for (let i = 0; i < 300; i++) {
      if ((await fetch(`${url}/health/ready`).catch(() => null))?.status === 200) break
      await Bun.sleep(200)
    }
    for (let i = 0; i < 20; i++) await (await fetch(`${url}/workshops`)).arrayBuffer()
    return { url, proc }
  }
  // The in-process server above stays idle meanwhile (it holds the database).
  const one = await spawnServer()
  const two = await spawnServer()
  console.log(`\nOne app server process against two on the same PostgreSQL (${CONCURRENCY} connections in all)\n`)
  console.log('| target | 1 server req/s | 2 servers req/s | 2 vs 1 | target |')
  console.log('|---|---:|---:|---:|---|')
  // Where the CPU goes during each run (cores, from /proc): the servers, PostgreSQL, wrk, this
  // process (the idle in-process app and its job queue), and the rest of the shared machine.
  const group = (p: { pid: number; comm: string }, snap: Parameters<typeof descendsFrom>[0]) => {
    if (descendsFrom(snap, p.pid, one.proc.pid)) return 'server 1'
    if (descendsFrom(snap, p.pid, two.proc.pid)) return 'server 2'
    if (!descendsFrom(snap, p.pid, process.pid)) return null
    if (p.comm === 'wrk') return 'wrk'
    if (p.pid !== process.pid && p.comm.startsWith('postgres')) return 'postgres'
    return 'bench process'
  }
  const measured = async <T>(run: () => Promise<T>) => {
    const { result, cpu } = await whileRunning(ROUND_SECONDS, run, group)
    return { ...result, cpu }
  }
  const meanShare = (xs: { cpu: Record<string, number> }[]) => {
    const out: Record<string, number> = {}
    for (const x of xs) for (const [k, v] of Object.entries(x.cpu)) out[k] = (out[k] ?? 0) + v / xs.length
    return out
  }
  const cpuLines: string[] = []
  for (const path of ['/workshops', '/v1/public/workshop-schedules?perPage=10']) {
    // Both processes warm (JIT, caches) before anything counts: a cold second server made two look slower than one.
    await Promise.all([wrk(one.url + path, '', CONCURRENCY / 2, 2), wrk(two.url + path, '', CONCURRENCY / 2, 2)])
    const m = await alternate(
      () => measured(() => wrk(one.url + path, '', CONCURRENCY, ROUND_SECONDS)),
      () =>
        measured(async () => {
          const [a, b] = await Promise.all([wrk(one.url + path, '', CONCURRENCY / 2, ROUND_SECONDS), wrk(two.url + path, '', CONCURRENCY / 2, ROUND_SECONDS)])
          return { rps: a.rps + b.rps }
        }),
    )
    const ratio = m.ratio
    console.log(`| \`${path}\` | ${fmt(m.aRps)} | ${fmt(m.bRps)} | ${fmt(ratio, 2)} | >= 1.6 ${ratio >= 1.6 ? 'ok' : '**MISS**'} |`)
    const order = ['server 1', 'server 2', 'postgres', 'wrk', 'bench process', 'rest of the machine', 'idle']
    const one1 = meanShare(m.a)
    const two2 = meanShare(m.b)
    cpuLines.push(`- \`${path}\`, 1 server: ${formatShare(one1, order)}`)
    cpuLines.push(`- \`${path}\`, 2 servers: ${formatShare(two2, order)}`)
    // CPU per request (one server's rounds), and what that allows: one server is one JavaScript
    // thread (a core at most); two servers, wrk and PostgreSQL share the machine's cores.
    const us = (cores = 0, rps = m.aRps) => (cores / rps) * 1e6
    const s1 = us(one1['server 1'])
    const w1 = us(one1.wrk)
    const p1 = us(one1.postgres)
    const cores = cpuSnapshot().cores
    const ceiling = Math.min(cores, (cores * s1) / (s1 + w1 + p1))
    const perCore1 = m.aRps / (one1['server 1'] ?? Number.NaN)
    const perCore2 = m.bRps / ((two2['server 1'] ?? 0) + (two2['server 2'] ?? 0))
    cpuLines.push(
      `  CPU per request (1 server): server ${fmt(s1)} us, wrk ${fmt(w1)} us, postgres ${fmt(p1)} us; on an otherwise idle box of ${cores} cores two servers can reach at most ${fmt(ceiling, 2)}x one (${cores} x server / (server + wrk + postgres)); requests per server core-second: 1 server ${fmt(perCore1)}, 2 servers ${fmt(perCore2)}`,
    )
  }
  console.log(`\nCPU during those runs, in cores of ${cpuSnapshot().cores} (mean of the rounds; "rest of the machine" is other work on this box):\n`)
  for (const l of cpuLines) console.log(l)
  for (const s of [one, two]) {
    s.proc.kill('SIGTERM')
    await s.proc.exited
  }
}

console.log(
  `\nload average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
await running.stop()
process.exit(0)
