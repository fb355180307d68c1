/**
 * SQL probe: the statements one request runs, with their times, in production mode on a
 * throwaway database with the demo data.
 *
 *   bun run scripts/sql-probe.ts [--runs N] [who:]path ...
 *
 * `who` is `client` (client@summit.localhost), `coach` (maya@acme.example), `admin`
 * (admin@summit.localhost) or any user's email; without it the request is anonymous. With
 * `DATABASE_URL` set it probes that database (the scale seed's, say: `scripts/scale-seed.ts`)
 * instead of a throwaway one. Kept pages are off: every request renders. Each path is requested twice
 * to warm the caches, then once more while every statement of the app's own connections (the
 * job queue's are left out) is recorded: its text (shortened), its time in ms, the rows it returned and the
 * connection's backend id. `--runs N` then times N more requests one after the other and prints
 * the mean; `--full` prints each statement whole. Example: `bun run scripts/sql-probe.ts coach:/c client:/b/bookings /v1/tags`.
 */
// @ts-expect-error -- pg ships no types here; only its Client prototype is patched
import pg from 'pg'

Object.assign(process.env, {
  NODE_ENV: 'production',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'probe-secret-probe-secret-probe-secret-0123',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  SEED_DEMO: 'true',
  STORAGE_DIR: `/tmp/summit-sql-probe-storage-${process.pid}`,
  OUTBOX_DIR: `/tmp/summit-sql-probe-outbox-${process.pid}`,
  STRIPE_LOCAL_PORT: '0',
})

const args = process.argv.slice(2)
const runsAt = args.indexOf('--runs')
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 0
const fullAt = args.indexOf('--full')
const FULL = fullAt >= 0 && args.splice(fullAt, 1).length > 0

let recording = false
const statements: { pid: number; ms: number; rows: number; sql: string }[] = []
const originalQuery = pg.Client.prototype.query
;(pg.Client.prototype as any).query = function (this: any, ...a: any[]) {
  const result = (originalQuery as any).apply(this, a)
  if (!recording || this.connectionParameters?.application_name === 'summit-jobs') return result
  const t0 = performance.now()
  const entry = { pid: this.processID as number, ms: Number.NaN, rows: 0, sql: String(typeof a[0] === 'string' ? a[0] : a[0]?.text).replace(/\s+/g, ' ') }
  statements.push(entry)
  if (result && typeof result.then === 'function') {
    const done = (r?: { rowCount?: number | null }) => {
      entry.ms = performance.now() - t0
      entry.rows = r?.rowCount ?? 0
    }
    result.then(done, () => done())
  }
  return result
}

const { boot } = await import('../src/boot')
const { User } = await import('../src/modules/users')
const { Session } = await import('../src/modules/auth')
const { randomToken, sha256 } = await import('../src/platform/crypto')

const { keptPages } = await import('../src/pages/page-memo')
keptPages.ttlMs = 0
const running = await boot({ port: 0, throwawayDb: !process.env.DATABASE_URL, seedDemo: !process.env.DATABASE_URL, hostname: '127.0.0.1' })
const base = running.url.replace('localhost', '127.0.0.1')

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
const cookies: Record<string, string> = {
  '': '',
  client: await sessionFor('client@summit.localhost'),
  coach: await sessionFor('maya@acme.example'),
  admin: await sessionFor('admin@summit.localhost'),
}

const get = async (path: string, cookie: string) => {
  const r = await fetch(base + path, { headers: { cookie }, redirect: 'manual' })
  return { status: r.status, bytes: (await r.arrayBuffer()).byteLength }
}

for (const spec of args) {
  const m = /^(client|coach|admin|[^/:]+@[^/:]+):(.*)$/.exec(spec)
  const [who, path] = m ? [m[1]!, m[2]!] : ['', spec]
  cookies[who] ??= await sessionFor(who)
  for (let i = 0; i < 2; i++) await get(path, cookies[who]!)
  statements.length = 0
  recording = true
  const t0 = performance.now()
  const r = await get(path, cookies[who]!)
  const total = performance.now() - t0
  recording = false
  const sqlMs = statements.reduce((s, x) => s + (Number.isFinite(x.ms) ? x.ms : 0), 0)
  console.log(
    `\n== ${who ? `${who}:` : ''}${path}: ${r.status}, ${r.bytes} bytes, ${statements.length} statements, ${total.toFixed(1)} ms (statements ${sqlMs.toFixed(1)} ms)`,
  )
  for (const s of statements)
    console.log(`  [${s.pid}] ${s.ms.toFixed(2).padStart(7)} ms ${String(s.rows).padStart(4)} rows  ${FULL ? s.sql : s.sql.slice(0, 240)}`)
  if (RUNS > 0) {
    const t1 = performance.now()
    for (let i = 0; i < RUNS; i++) await get(path, cookies[who]!)
    console.log(`  ${RUNS} more requests one after the other: ${((performance.now() - t1) / RUNS).toFixed(2)} ms each`)
  }
}

await running.stop()
process.exit(0)
