/**
 * The shared cache in front of the public pages (issue 30): `/` and `/workshops` through nginx
 * with the deploy cache configuration (deploy/nginx, run by scripts/proxy-cache.ts) against a
 * bare `Bun.serve` answering the same bytes and headers, the best a server on this machine can
 * do; target: the cache at least 0.5x the bare server. The app itself, uncached, is printed
 * beside them.
 *
 *   bun run scripts/bench-proxy.ts [--seconds 6] [--rounds 3] [--concurrency 16]
 *
 * Alone, it boots the app in production mode with the demo data on a throwaway database;
 * `npm run bench:scale` calls `measureProxy(baseUrl)` with its own running server instead.
 * Nothing is installed: without nginx (Debian's `nginx` package) or wrk it says so and skips.
 * Each ratio is the median of `--rounds` alternating runs (bare, cache, bare, cache...), so the
 * other work on a shared machine weighs on both sides alike; the load average is printed.
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { nginxBinary, startCachingProxy } from './proxy-cache'

export interface ProxyRow {
  path: string
  bytes: number
  bareRps: number
  cacheRps: number
  appRps: number
  /** Median over the rounds of cache / bare. */
  ratio: number
  /** What nginx said of a request right after the runs (HIT, UPDATING, STALE...). */
  cacheStatus: string | null
}

export interface ProxyOptions {
  seconds?: number
  rounds?: number
  concurrency?: number
  paths?: string[]
  log?: (line: string) => void
}

const median = (xs: number[]) => {
  const v = xs.filter(Number.isFinite).sort((a, b) => a - b)
  if (!v.length) return Number.NaN
  const m = Math.floor(v.length / 2)
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)

/** wrk, one thread (like bench-scale.ts), `connections` connections: requests/s and non-2xx answers. */
async function wrk(url: string, connections: number, seconds: number) {
  const p = Bun.spawn(['wrk', '-t1', `-c${connections}`, `-d${seconds}s`, url], { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(p.stdout).text()
  await p.exited
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN)
  const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  return { rps: bad > 0 ? Number.NaN : rps, bad }
}

/** The answer an anonymous visitor gets, as bytes and the headers a bare server would send. */
async function snapshot(url: string) {
  const res = await fetch(url)
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
  const bytes = await res.bytes()
  const headers = new Headers()
  for (const k of ['content-type', 'content-security-policy', 'cache-control', 'etag', 'x-content-type-options', 'referrer-policy', 'x-frame-options'])
    if (res.headers.has(k)) headers.set(k, res.headers.get(k)!)
  return { bytes, headers }
}

/**
 * Measures `paths` (default `/` and `/workshops`) of the app at `baseUrl` through the nginx
 * cache and from a bare Bun.serve of the same bytes. Null (and a line saying why) when nginx or
 * wrk is not installed.
 */
export async function measureProxy(baseUrl: string, opts: ProxyOptions = {}): Promise<ProxyRow[] | null> {
  const log = opts.log ?? console.log
  const seconds = opts.seconds ?? 6
  const rounds = Math.max(1, Math.floor(opts.rounds ?? 3))
  const connections = opts.concurrency ?? 16
  const roundSeconds = Math.max(1, Math.round(seconds / rounds))
  const paths = opts.paths ?? ['/', '/workshops']
  if (!nginxBinary()) {
    log('proxy cache: nginx is not installed (Debian: apt-get install nginx): skipped')
    return null
  }
  if (!Bun.which('wrk')) {
    log('proxy cache: wrk is not installed (Debian: apt-get install wrk): skipped')
    return null
  }
  const app = new URL(baseUrl)
  const upstream = `${app.hostname === 'localhost' ? '127.0.0.1' : app.hostname}:${app.port}`
  const snaps = new Map<string, Awaited<ReturnType<typeof snapshot>>>()
  for (const path of paths) snaps.set(path, await snapshot(new URL(path, baseUrl).href))
  const bare = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const snap = snaps.get(new URL(req.url).pathname + new URL(req.url).search)
      return snap ? new Response(snap.bytes, { headers: snap.headers }) : new Response('Not found', { status: 404 })
    },
  })
  const proxy = await startCachingProxy([upstream])
  const rows: ProxyRow[] = []
  try {
    for (const path of paths) {
      // Into the cache before timing (the first request is the app's).
      for (let i = 0; i < 2; i++) await fetch(proxy.url + path).then((r) => r.arrayBuffer())
      const bareRuns: number[] = []
      const cacheRuns: number[] = []
      for (let r = 0; r < rounds; r++) {
        bareRuns.push((await wrk(`http://127.0.0.1:${bare.port}${path}`, connections, roundSeconds)).rps)
        cacheRuns.push((await wrk(proxy.url + path, connections, roundSeconds)).rps)
      }
      const cacheStatus = (await fetch(proxy.url + path)).headers.get('x-cache-status')
      const appRps = (await wrk(new URL(path, baseUrl).href, connections, roundSeconds)).rps
      rows.push({
        path,
        bytes: snaps.get(path)!.bytes.byteLength,
        bareRps: mean(bareRuns),
        cacheRps: mean(cacheRuns),
        appRps,
        ratio: median(cacheRuns.map((c, i) => c / bareRuns[i]!)),
        cacheStatus,
      })
    }
  } finally {
    await proxy.stop()
    bare.stop(true)
  }
  const f = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a')
  log(`\nShared cache (nginx, deploy/nginx) against a bare Bun.serve of the same bytes: wrk -t1 -c${connections}, ${rounds} x ${roundSeconds} s each`)
  log('| path | KB | bare Bun.serve req/s | nginx cache req/s | cache / bare (goal 0.5) | app uncached req/s | cache status after |')
  log('|---|---:|---:|---:|---:|---:|---|')
  for (const r of rows)
    log(
      `| \`${r.path}\` | ${(r.bytes / 1024).toFixed(1)} | ${f(r.bareRps)} | ${f(r.cacheRps)} | **${r.ratio.toFixed(2)}** | ${f(r.appRps)} | ${r.cacheStatus ?? '-'} |`,
    )
  log(
    `load average after: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}`,
  )
  return rows
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '6' }, rounds: { type: 'string', default: '3' }, concurrency: { type: 'string', default: '16' } },
  })
  Object.assign(process.env, {
    NODE_ENV: 'production',
    SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    SEED_DEMO: 'true',
    STORAGE_DIR: `/tmp/summit-bench-proxy-storage-${process.pid}`,
    OUTBOX_DIR: `/tmp/summit-bench-proxy-outbox-${process.pid}`,
    STRIPE_LOCAL_PORT: '0',
  })
  console.log(
    `load average before: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}`,
  )
  if (!nginxBinary() || !Bun.which('wrk')) {
    await measureProxy('http://127.0.0.1:1')
    process.exit(0)
  }
  const { boot } = await import('../src/boot')
  const { buildAssets } = await import('../src/platform/assets/assets')
  const running = await boot({ port: 0, throwawayDb: true, seedDemo: true, hostname: '127.0.0.1' })
  await buildAssets()
  try {
    await measureProxy(running.url.replace('localhost', '127.0.0.1'), {
      seconds: Number(values.seconds),
      rounds: Number(values.rounds),
      concurrency: Number(values.concurrency),
    })
  } finally {
    await running.stop()
  }
  process.exit(0)
}
