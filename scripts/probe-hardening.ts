/**
 * `bun run scripts/probe-hardening.ts [--mode development|production] [--only hung,deep,...] [--runs 7]`
 *
 * Probes of hostile conditions, run against the server as its own process (`bun run
 * src/server.ts`) with demo data, and printed as a table (not a test: the tests assert the
 * behaviour, this prints the figures). The database folder is kept between runs
 * (`$SUMMIT_TMP/summit-probe-<mode>`), so only the first run seeds the demo data.
 *
 *   hung      PostgreSQL frozen (SIGSTOP on its processes) for 8 s: status and time of /health,
 *             /v1/tags, /v1/auth/me, /workshops, the public schedules list and a POST /v1/bookings
 *             whose client gives up after 6 s; whether that booking was committed after SIGCONT;
 *             whether the app answers again afterwards.
 *   deep      nested JSON bodies (depth 10,000 = 20 KB, 30,000 = 60 KB, 100,000) to
 *             POST /v1/auth/login-using-otp: status, time, and /health's time meanwhile.
 *   pages     every documented GET list with page=99999999999999999999, Infinity, 1e309, -1, 1.5:
 *             statuses as anonymous, client, coach (X-Team) and super-admin.
 *   nul       NUL and a lone surrogate in titles, names, profile fields and a path.
 *   member    a malformed memberId in PATCH/DELETE /v1/tenants/{id}/members/{memberId}.
 *   questions a job posting with 90,000 disabled interview questions; the list's size and time.
 *   webhook   a payment webhook signed with a timestamp one hour ahead, and one hour behind.
 *   sigterm   SIGTERM right after 30 concurrent requests (plus /health), `--runs` times, a fresh
 *             server each time: requests answered in full vs cut.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'development' },
    only: { type: 'string', default: 'hung,deep,pages,nul,member,questions,webhook,sigterm' },
    runs: { type: 'string', default: '7' },
    // SIGTERM this many ms after the requests are sent (one value per run, cycled).
    delays: { type: 'string', default: '5' },
    root: { type: 'string', default: resolve(import.meta.dir, '..') },
  },
})
const MODE = args.mode as 'development' | 'production'
const ONLY = new Set(String(args.only).split(','))
const ROOT = resolve(String(args.root))
const BASE = join(process.env.SUMMIT_TMP ?? '/tmp', `summit-probe-${MODE}`)
mkdirSync(BASE, { recursive: true })
const PG_DIR = join(BASE, 'pg')

const freePort = () => {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const p = s.port
  s.stop(true)
  return p
}

// ------------------------------------------------------------------ the server as a process
interface Server {
  url: string
  proc: ReturnType<typeof Bun.spawn>
  output: () => string
}
const pgPort = freePort()

async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  const port = freePort()
  const url = `http://127.0.0.1:${port}`
  let out = ''
  const proc = Bun.spawn([process.execPath, 'run', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      NODE_ENV: MODE,
      LOG_LEVEL: 'error',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      PG_DATA_DIR: PG_DIR,
      PG_PORT: String(pgPort),
      PG_DURABILITY: 'fast',
      SEED_DEMO: 'true',
      STRIPE_LOCAL_PORT: '0',
      SESSION_SECRET: 'probe-secret-probe-secret-probe-secret-01',
      OUTBOX_DIR: join(BASE, 'outbox'),
      STORAGE_DIR: join(BASE, 'storage'),
      OTP_MAX_PER_IP: '100000',
      OTP_MAX_PER_EMAIL: '100000',
      ...extraEnv,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s as any) out += new TextDecoder().decode(chunk)
  }
  void pump(proc.stdout as ReadableStream<Uint8Array>)
  void pump(proc.stderr as ReadableStream<Uint8Array>)
  const until = Date.now() + 180_000
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`the server exited:\n${out}`)
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false)
    if (ok) return { url, proc, output: () => out }
    await Bun.sleep(200)
  }
  throw new Error(`the server did not start:\n${out}`)
}

async function stopServer(s: Server) {
  if (s.proc.exitCode === null) s.proc.kill('SIGTERM')
  const done = await Promise.race([s.proc.exited.then(() => true), Bun.sleep(30_000).then(() => false)])
  if (!done) {
    s.proc.kill('SIGKILL')
    await s.proc.exited
  }
}

// ------------------------------------------------------------------ PostgreSQL's processes
const postmasterPid = () => Number(readFileSync(join(PG_DIR, 'postmaster.pid'), 'utf8').split('\n')[0])
function clusterPids(pid: number) {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false
      }
    })
  return [pid, ...children]
}
const signalCluster = (signal: 'SIGSTOP' | 'SIGCONT') => {
  for (const p of clusterPids(postmasterPid()))
    try {
      process.kill(p, signal)
    } catch {}
}

// ------------------------------------------------------------------ HTTP helpers
interface Probe {
  status: number | string
  ms: number
  bytes?: number
  body?: any
}
async function call(
  url: string,
  method: string,
  path: string,
  opts: { body?: string; headers?: Record<string, string>; timeoutMs?: number; token?: string } = {},
): Promise<Probe> {
  const t0 = performance.now()
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json'
  try {
    const r = await fetch(url + path, { method, headers, body: opts.body, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000), redirect: 'manual' })
    const text = await r.text()
    let body: any = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: r.status, ms: Math.round(performance.now() - t0), bytes: text.length, body }
  } catch (err: any) {
    const name = err?.name === 'TimeoutError' ? 'no answer' : err?.code === 'ECONNRESET' ? 'reset' : String(err?.code ?? err?.name ?? err)
    return { status: name, ms: Math.round(performance.now() - t0) }
  }
}

async function signIn(url: string, email: string): Promise<string> {
  await call(url, 'POST', '/v1/auth/login-using-otp', { body: JSON.stringify({ email }) })
  for (let i = 0; i < 50; i++) {
    const box = await call(url, 'GET', `/v1/dev/outbox?to=${encodeURIComponent(email)}&limit=1`)
    const text = JSON.stringify(box.body)
    const code = /\b(\d{6})\b/.exec(text)?.[1]
    if (code) {
      const r = await call(url, 'POST', '/v1/auth/login-using-otp', { body: JSON.stringify({ email, code, device_name: 'probe' }) })
      if (r.body?.data?.token) return r.body.data.token
    }
    await Bun.sleep(100)
  }
  throw new Error(`could not sign in ${email}`)
}

/** Tokens without mail in production: signs in through a development server on the same database first. */
async function tokens(url: string) {
  return {
    admin: await signIn(url, 'admin@summit.localhost'),
    coach: await signIn(url, 'maya@acme.example'),
    client: await signIn(url, 'client@summit.localhost'),
  }
}

const fmt = (p: Probe) => `${p.status} in ${p.ms} ms${p.bytes !== undefined && p.bytes > 100_000 ? ` (${(p.bytes / 1e6).toFixed(1)} MB)` : ''}`
const rows: string[][] = []
const row = (probe: string, what: string, result: string) => {
  rows.push([probe, what, result])
  console.log(`| ${probe} | ${what} | ${result} |`)
}

// ------------------------------------------------------------------ probes
async function probeHung(s: Server, tok: Awaited<ReturnType<typeof tokens>>) {
  const list = await call(s.url, 'GET', '/v1/public/workshop-schedules?perPage=50')
  const schedule = list.body.data.find((r: any) => r.seatsLeft > 2 && Number(r.workshop?.price ?? 0) === 0) ?? list.body.data.find((r: any) => r.seatsLeft > 2)
  const mine = async () => (await call(s.url, 'GET', `/v1/bookings?perPage=100`, { token: tok.client })).body?.meta?.total ?? -1
  const before = await mine()
  // Connections in the pool are warm (idle ones exist): the freeze catches both kinds.
  signalCluster('SIGSTOP')
  const frozenAt = Date.now()
  try {
    const probes = await Promise.all([
      call(s.url, 'GET', '/health', { timeoutMs: 15_000 }),
      call(s.url, 'GET', '/v1/tags', { timeoutMs: 15_000 }),
      call(s.url, 'GET', '/v1/auth/me', { token: tok.client, timeoutMs: 15_000 }),
      call(s.url, 'GET', '/workshops', { headers: { accept: 'text/html' }, timeoutMs: 15_000 }),
      call(s.url, 'GET', '/v1/public/workshop-schedules', { timeoutMs: 15_000 }),
      call(s.url, 'POST', '/v1/bookings', { token: tok.client, body: JSON.stringify({ workshopScheduleId: schedule.id, seats: 1 }), timeoutMs: 6_000 }),
    ])
    const names = ['/health', '/v1/tags', '/v1/auth/me', '/workshops (page)', '/v1/public/workshop-schedules', 'POST /v1/bookings (client gives up at 6 s)']
    for (const [i, p] of probes.entries())
      row('hung', names[i], `${fmt(p)}${p.status === 503 ? `, Retry-After ${p.body && typeof p.body === 'object' ? 'JSON' : 'page'}` : ''}`)
    await Bun.sleep(Math.max(0, 8000 - (Date.now() - frozenAt)))
  } finally {
    signalCluster('SIGCONT')
  }
  const t0 = Date.now()
  let back = false
  while (Date.now() - t0 < 30_000) {
    const r = await call(s.url, 'GET', '/v1/public/workshop-schedules', { timeoutMs: 5000 })
    if (r.status === 200) {
      back = true
      break
    }
    await Bun.sleep(100)
  }
  row('hung', 'answers again after SIGCONT', back ? `after ${Date.now() - t0} ms` : 'not within 30 s')
  await Bun.sleep(3000)
  const after = await mine()
  row('hung', 'the abandoned booking', after > before ? `committed (${after - before}) after the resume` : 'not committed')
}

async function probeDeep(s: Server) {
  for (const depth of [10_000, 30_000, 100_000]) {
    const body = '['.repeat(depth) + ']'.repeat(depth)
    const slow = call(s.url, 'POST', '/v1/auth/login-using-otp', { body, timeoutMs: 120_000 })
    await Bun.sleep(100)
    const health = await call(s.url, 'GET', '/health', { timeoutMs: 60_000 })
    const r = await slow
    row('deep', `depth ${depth.toLocaleString('en')} (${Math.round(body.length / 1000)} KB)`, `${fmt(r)}; /health meanwhile ${fmt(health)}`)
    // Let a crashed or exhausted server show itself before the next body.
    if (s.proc.exitCode !== null) {
      row('deep', 'server', `exited with ${s.proc.exitCode}`)
      return false
    }
  }
  // Many elements and a wide object.
  const wide = `{"email":[${'1,'.repeat(199_999)}1]}`
  let r = await call(s.url, 'POST', '/v1/auth/login-using-otp', { body: wide, timeoutMs: 120_000 })
  row('deep', `200,000 elements (${Math.round(wide.length / 1000)} KB)`, fmt(r))
  const keys = `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(',')}}`
  r = await call(s.url, 'POST', '/v1/auth/login-using-otp', { body: keys, timeoutMs: 120_000 })
  row('deep', `100,000 keys (${Math.round(keys.length / 1000)} KB)`, fmt(r))
  return true
}

async function probePages(s: Server, tok: Awaited<ReturnType<typeof tokens>>) {
  const doc = (await call(s.url, 'GET', '/openapi/json')).body
  const lists: string[] = []
  for (const [path, item] of Object.entries<any>(doc.paths)) if (path.startsWith('/v1') && !path.includes('{') && item.get) lists.push(path)
  const who: Array<[string, string | undefined, Record<string, string>]> = [
    ['anonymous', undefined, {}],
    ['client', tok.client, {}],
    ['coach', tok.coach, { 'x-team': 'acme' }],
    ['super-admin', tok.admin, {}],
  ]
  const extra = ['/v1/tables/client-bookings', '/v1/tables/coach-bookings', '/v1/tables/coach-payouts']
  for (const page of ['99999999999999999999', 'Infinity', '1e309', '-1', '1.5', '10001']) {
    const counts: Record<string, number> = {}
    const fails = new Set<string>()
    for (const path of [...lists, ...extra])
      for (const [name, token, headers] of who) {
        for (const q of [`page=${page}`, `perPage=${page}`]) {
          const r = await call(s.url, 'GET', `${path}?${q}`, { token, headers, timeoutMs: 20_000 })
          counts[String(r.status)] = (counts[String(r.status)] ?? 0) + 1
          if (typeof r.status !== 'number' || r.status >= 500) fails.add(`${path} (${name}, ${q.split('=')[0]})`)
        }
      }
    const summary = Object.entries(counts)
      .map(([k, n]) => `${k}×${n}`)
      .join(' ')
    row(
      'pages',
      `page/perPage=${page}`,
      `${summary}${fails.size ? `; 5xx: ${[...fails].slice(0, 6).join(', ')}${fails.size > 6 ? ` (+${fails.size - 6})` : ''}` : ''}`,
    )
  }
}

async function probeNul(s: Server, tok: Awaited<ReturnType<typeof tokens>>) {
  const coach = { token: tok.coach, headers: { 'x-team': 'acme' } }
  const me = (await call(s.url, 'GET', '/v1/auth/me', { token: tok.client })).body?.data
  const userId = me?.id ?? me?.user?.id
  const cases: Array<[string, string, string, Record<string, unknown> | null, any]> = [
    ['workshop title NUL', 'POST', '/v1/workshops', { title: 'a\u0000b', price: 10, minSeats: 1, maxSeats: 5 }, coach],
    ['job-posting title NUL', 'POST', '/v1/t/job-postings', { title: 'a\u0000b' }, coach],
    ['tag name NUL', 'POST', '/v1/tags', { name: 'a\u0000b' }, { token: tok.admin }],
    ['path /v1/public/users/x%00y', 'GET', '/v1/public/users/x%00y', null, {}],
    ['profile.firstName NUL', 'PATCH', `/v1/users/${userId}`, { profile: { firstName: 'a\u0000b' } }, { token: tok.client }],
    ['profile.firstName \\ud800', 'PATCH', `/v1/users/${userId}`, { profile: { firstName: 'a\ud800b' } }, { token: tok.client }],
    ['nested key with NUL', 'PATCH', `/v1/users/${userId}`, { profile: { ['x\u0000']: 1 } }, { token: tok.client }],
  ]
  for (const [name, method, path, body, who] of cases) {
    const r = await call(s.url, method, path, { body: body ? JSON.stringify(body) : undefined, token: who.token, headers: who.headers })
    const detail = typeof r.body === 'object' && r.body ? ` ${JSON.stringify(r.body.errors ?? r.body.message).slice(0, 90)}` : ''
    row('nul', name, `${fmt(r)}${detail}`)
  }
}

async function probeMember(s: Server, tok: Awaited<ReturnType<typeof tokens>>) {
  const tenants = (await call(s.url, 'GET', '/v1/tenants?perPage=1', { token: tok.admin })).body?.data ?? []
  const id = tenants[0]?.id
  for (const method of ['PATCH', 'DELETE']) {
    const r = await call(s.url, method, `/v1/tenants/${id}/members/not-a-uuid`, {
      token: tok.admin,
      body: method === 'PATCH' ? JSON.stringify({ roles: [] }) : undefined,
    })
    row('member', `${method} /v1/tenants/{id}/members/not-a-uuid`, fmt(r))
  }
}

async function probeQuestions(s: Server, tok: Awaited<ReturnType<typeof tokens>>) {
  const coach = { token: tok.coach, headers: { 'x-team': 'acme' } }
  const questions = Array.from({ length: 90_000 }, (_, i) => ({ title: `Question number ${i}?`, enabled: false }))
  const body = JSON.stringify({ title: 'Probe posting with many questions', interviewQuestions: questions })
  const r = await call(s.url, 'POST', '/v1/t/job-postings', { ...coach, body, timeoutMs: 120_000 })
  row(
    'questions',
    `POST 90,000 disabled questions (${(body.length / 1e6).toFixed(1)} MB)`,
    `${fmt(r)}${r.status === 422 ? ` ${JSON.stringify(r.body.errors).slice(0, 100)}` : ''}`,
  )
  const list = await call(s.url, 'GET', '/v1/t/job-postings', { ...coach, timeoutMs: 120_000 })
  row('questions', "the coach's job-posting list", fmt(list))
  if (r.status === 201) await call(s.url, 'DELETE', `/v1/t/job-postings/${r.body.data.id}`, coach)
}

async function probeWebhook(s: Server) {
  const secret = 'whsec_local_summit_webhook_secret'
  const payload = JSON.stringify({ id: `evt_probe_${Date.now()}`, object: 'event', type: 'probe.ignored', data: { object: { id: 'x' } } })
  for (const [name, skew] of [
    ['one hour ahead', 3600],
    ['one hour behind', -3600],
    ['now', 0],
  ] as const) {
    const t = Math.floor(Date.now() / 1000) + skew
    const hmac = new Bun.CryptoHasher('sha256', secret).update(`${t}.${payload}`).digest('hex')
    const r = await call(s.url, 'POST', '/v1/payments/webhook', { body: payload, headers: { 'stripe-signature': `t=${t},v1=${hmac}` } })
    row('webhook', `signed ${name}`, `${fmt(r)} ${JSON.stringify(r.body?.message ?? r.body).slice(0, 80)}`)
  }
}

async function probeSigterm(runs: number) {
  let cutRuns = 0
  let cutTotal = 0
  for (let run = 1; run <= runs; run++) {
    const s = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '10' })
    // Warm the page renderer up (the first page builds it).
    await call(s.url, 'GET', '/workshops', { headers: { accept: 'text/html' } })
    const paths = ['/v1/public/workshop-schedules', '/workshops', '/v1/tags', '/v1/public/users', '/consultants', '/v1/health']
    const requests = Array.from({ length: 30 }, (_, i) =>
      call(s.url, 'GET', paths[i % paths.length], {
        headers: i % paths.length === 1 || i % paths.length === 4 ? { accept: 'text/html' } : {},
        timeoutMs: 30_000,
      }),
    )
    requests.push(call(s.url, 'GET', '/health', { timeoutMs: 30_000 }))
    const delays = String(args.delays).split(',').map(Number)
    const delay = delays[(run - 1) % delays.length]
    if (delay > 0) await Bun.sleep(delay)
    s.proc.kill('SIGTERM')
    const answers = await Promise.all(requests)
    const code = await s.proc.exited
    const cut = answers.filter((a) => a.status !== 200)
    if (cut.length) cutRuns++
    cutTotal += cut.length
    const kinds = Object.entries(Object.groupBy(cut, (c) => String(c.status))).map(
      ([k, list]) => `${list?.length} ${k} (${Math.min(...list!.map((c) => c.ms))}-${Math.max(...list!.map((c) => c.ms))} ms)`,
    )
    row(
      'sigterm',
      `run ${run} (SIGTERM after ${delay} ms)`,
      `${answers.length - cut.length} of ${answers.length} answered 200${cut.length ? `; cut: ${kinds.join(', ')}` : ''}; exit ${code}`,
    )
  }
  row('sigterm', `${runs} runs`, `${cutRuns} runs cut ${cutTotal} requests`)
}

// ------------------------------------------------------------------ main
console.log(`Probes of ${ROOT} in ${MODE} mode (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})\n`)
console.log('| probe | what | result |\n|---|---|---|')
const needsServer = [...ONLY].some((p) => p !== 'sigterm')
if (needsServer) {
  // Production sends no mail to the outbox: sign in on a development server over the same database first.
  let tok: Awaited<ReturnType<typeof tokens>>
  if (MODE === 'production') {
    const dev = await startServer({ NODE_ENV: 'development' })
    tok = await tokens(dev.url)
    await stopServer(dev)
  }
  let s = await startServer()
  tok ??= await tokens(s.url)
  try {
    if (ONLY.has('pages')) await probePages(s, tok)
    if (ONLY.has('nul')) await probeNul(s, tok)
    if (ONLY.has('member')) await probeMember(s, tok)
    if (ONLY.has('questions')) await probeQuestions(s, tok)
    if (ONLY.has('webhook')) await probeWebhook(s)
    if (ONLY.has('hung')) await probeHung(s, tok)
    if (ONLY.has('deep')) {
      if (!(await probeDeep(s))) s = await startServer()
    }
  } finally {
    await stopServer(s)
  }
}
if (ONLY.has('sigterm')) await probeSigterm(Number(args.runs))
