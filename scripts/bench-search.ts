/**
 * The marketplace search, cold and varied (issue 30): requests/s of `q` searches whose words,
 * typos, pages and price filters vary so that no cache holds their answers (every address is
 * asked once), on `GET /v1/public/workshop-schedules` and on the `/workshops` page, each against
 * `/` in the same run (alternating rounds, the median of the rounds' ratios; target 0.5x), and the
 * time of single searches one after another (p50, p90).
 *
 *   bun run scripts/bench-search.ts [--schedules 100000[,1000000]] [--seconds 6] [--rounds 3] [--concurrency 16]
 *
 * Alone, it boots the app in production mode with the demo data on a throwaway database and
 * bulk-seeds it (scripts/bench-seed.ts) for each size in turn, and prints each size's figures
 * and, for two sizes, the larger's search time over the smaller's (target: within 2x).
 * `npm run bench:scale` calls `measureSearch(baseUrl)` against its own seeded server instead.
 * wrk (Debian's package) drives the load: nothing is installed; without it the script says so.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

/** Words the bulk seed writes (bench-seed.ts): topics and formats in titles, description words, coach names. */
const TOPIC_WORDS = [
  'leadership',
  'negotiation',
  'public',
  'speaking',
  'strategy',
  'fundraising',
  'sales',
  'product',
  'management',
  'design',
  'thinking',
  'team',
  'building',
  'time',
  'career',
  'growth',
  'data',
  'storytelling',
  'conflict',
  'resolution',
  'remote',
  'work',
  'hiring',
]
const FORMAT_WORDS = ['bootcamp', 'masterclass', 'workshop', 'intensive', 'clinic', 'lab', 'sprint']
const DESCRIPTION_WORDS = ['exercises', 'examples', 'session', 'cohort', 'plan']
const COACH_WORDS = ['alex', 'priya', 'jonas', 'lucia', 'kwame', 'ingrid', 'diego', 'studio', 'benchley']

/** Deterministic pseudo-random numbers (the same queries every run). */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** One typo: a letter missing, added, changed, or two neighbours swapped. */
function typo(w: string, r: () => number) {
  const i = Math.floor(r() * (w.length - 1))
  const c = String.fromCharCode(97 + Math.floor(r() * 26))
  switch (Math.floor(r() * 4)) {
    case 0:
      return w.slice(0, i) + w.slice(i + 1)
    case 1:
      return w.slice(0, i) + c + w.slice(i)
    case 2:
      return w.slice(0, i) + c + w.slice(i + 1)
    default:
      return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2)
  }
}

/** `n` distinct search addresses: varied words (a typo in a third of the long ones, prefixes, pairs), pages and prices. */
export function searchPaths(n: number, base = '/v1/public/workshop-schedules', seed = 30): string[] {
  const r = rng(seed)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!
  const word = () => {
    const w = pick(r() < 0.6 ? TOPIC_WORDS : r() < 0.5 ? FORMAT_WORDS : r() < 0.5 ? COACH_WORDS : DESCRIPTION_WORDS)
    const x = r()
    if (w.length >= 5 && x < 0.33) return typo(w, r)
    if (w.length >= 6 && x < 0.45) return w.slice(0, 4 + Math.floor(r() * (w.length - 4)))
    return w
  }
  const out = new Set<string>()
  while (out.size < n) {
    const words = r() < 0.7 ? [word()] : r() < 0.8 ? [word(), word()] : [word(), `${Math.floor(r() * 500) + 1}`]
    const sp = new URLSearchParams({ q: words.join(' ') })
    const page = r() < 0.6 ? 1 : r() < 0.6 ? 2 : 3
    if (page > 1) sp.set('page', String(page))
    const price = r()
    // Prices of the seed run from 19 to 409 (dollars): bounds with cents, so addresses hardly repeat.
    if (price < 0.3) sp.set('maxPrice', (60 + r() * 340).toFixed(2))
    else if (price < 0.5) sp.set('minPrice', (19 + r() * 200).toFixed(2))
    else if (price < 0.6) {
      const lo = 19 + r() * 150
      sp.set('minPrice', lo.toFixed(2))
      sp.set('maxPrice', (lo + 20 + r() * 200).toFixed(2))
    } else sp.set('maxPrice', (400 + r() * 600).toFixed(2)) // no real bound: only makes the address its own
    out.add(`${base}?${sp}`)
  }
  return [...out]
}

export interface SearchFigures {
  target: string
  rootRps: number
  searchRps: number
  /** Median over the rounds of search / `/`. */
  ratio: number
  p50: number
  p90: number
  non2xx: number
}

export interface SearchOptions {
  seconds?: number
  rounds?: number
  concurrency?: number
  log?: (line: string) => void
}

const median = (xs: number[]) => {
  const v = xs.filter(Number.isFinite).sort((a, b) => a - b)
  if (!v.length) return Number.NaN
  const m = Math.floor(v.length / 2)
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN

/** wrk over `paths` in turn (each asked once until the list wraps), or one address. */
async function wrk(base: string, paths: string[] | string, connections: number, seconds: number, dir: string) {
  const args = ['wrk', '-t1', `-c${connections}`, `-d${seconds}s`]
  if (Array.isArray(paths)) {
    const script = join(dir, `paths-${Math.random().toString(36).slice(2)}.lua`)
    writeFileSync(
      script,
      `local paths = {${paths.map((p) => JSON.stringify(p)).join(',\n')}}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
`,
    )
    args.push('-s', script, base)
  } else args.push(base + paths)
  const p = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(p.stdout).text()
  await p.exited
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
  }
}

/**
 * The cold varied search of the app at `baseUrl`: API and page, each against `/` in the same run.
 * Null (and a line saying why) without wrk.
 */
export async function measureSearch(baseUrl: string, opts: SearchOptions = {}): Promise<SearchFigures[] | null> {
  const log = opts.log ?? console.log
  if (!Bun.which('wrk')) {
    log('search: wrk is not installed (Debian: apt-get install wrk): skipped')
    return null
  }
  const seconds = opts.seconds ?? 6
  const rounds = Math.max(1, Math.floor(opts.rounds ?? 3))
  const connections = opts.concurrency ?? 16
  const roundSeconds = Math.max(1, Math.round(seconds / rounds))
  const base = baseUrl.replace(/\/$/, '')
  const dir = mkdtempSync(join(tmpdir(), 'summit-bench-search-'))
  const figures: SearchFigures[] = []
  try {
    for (const [target, path, seed] of [
      ['GET /v1/public/workshop-schedules?q=...', '/v1/public/workshop-schedules', 30],
      ['/workshops?q=...', '/workshops', 31],
    ] as const) {
      // Enough addresses that none is asked twice in a run, different for each round and for the timings.
      const all = searchPaths(40_000 * rounds + 200, path, seed)
      const timed = all.splice(0, 200)
      const latencies: number[] = []
      for (const p of timed) {
        const t0 = performance.now()
        const res = await fetch(base + p)
        await res.arrayBuffer()
        if (res.status === 200) latencies.push(performance.now() - t0)
      }
      const roots: number[] = []
      const searches: number[] = []
      let non2xx = 0
      for (let r = 0; r < rounds; r++) {
        roots.push((await wrk(base, '/', connections, roundSeconds, dir)).rps)
        const run = await wrk(base, all.slice(r * 40_000, (r + 1) * 40_000), connections, roundSeconds, dir)
        if (run.requests > 40_000) log(`search: ${run.requests} requests in a round: addresses were asked again (memo hits possible)`)
        searches.push(run.rps)
        non2xx += run.non2xx
      }
      figures.push({
        target,
        rootRps: mean(roots),
        searchRps: mean(searches),
        ratio: median(searches.map((s, i) => s / roots[i]!)),
        p50: quantile(latencies, 0.5),
        p90: quantile(latencies, 0.9),
        non2xx,
      })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const f = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a')
  log(`\nCold varied search (every address asked once): wrk -t1 -c${connections}, ${rounds} x ${roundSeconds} s, alternating with \`/\``)
  log('| target | `/` req/s | search req/s | search / `/` (goal 0.5) | one search p50 ms | p90 ms | non-2xx |')
  log('|---|---:|---:|---:|---:|---:|---:|')
  for (const x of figures)
    log(`| ${x.target} | ${f(x.rootRps)} | ${f(x.searchRps)} | **${x.ratio.toFixed(2)}** | ${x.p50.toFixed(1)} | ${x.p90.toFixed(1)} | ${x.non2xx} |`)
  log(
    `load average: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}`,
  )
  return figures
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      schedules: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '6' },
      rounds: { type: 'string', default: '3' },
      concurrency: { type: 'string', default: '16' },
    },
  })
  Object.assign(process.env, {
    NODE_ENV: 'production',
    SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    SEED_DEMO: 'true',
    STORAGE_DIR: `/tmp/summit-bench-search-storage-${process.pid}`,
    OUTBOX_DIR: `/tmp/summit-bench-search-outbox-${process.pid}`,
    STRIPE_LOCAL_PORT: '0',
  })
  if (!Bun.which('wrk')) {
    await measureSearch('http://127.0.0.1:1')
    process.exit(0)
  }
  const { boot } = await import('../src/boot')
  const { buildAssets } = await import('../src/platform/assets/assets')
  const { seedMarketplace } = await import('./bench-seed')
  const sizes = String(values.schedules)
    .split(',')
    .map((x) => Number(x.replace(/_/g, '')))
  const bySize: [number, SearchFigures[] | null][] = []
  for (const schedules of sizes) {
    console.log(
      `\n== ${schedules.toLocaleString('en-US')} schedules (load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')})`,
    )
    const running = await boot({ port: 0, throwawayDb: true, seedDemo: true, hostname: '127.0.0.1' })
    try {
      await buildAssets()
      const seeded = await seedMarketplace(running.databaseUrl, { schedules })
      console.log(`seeded in ${(seeded.ms / 1000).toFixed(0)} s: ${JSON.stringify(seeded)}`)
      bySize.push([
        schedules,
        await measureSearch(running.url.replace('localhost', '127.0.0.1'), {
          seconds: Number(values.seconds),
          rounds: Number(values.rounds),
          concurrency: Number(values.concurrency),
        }),
      ])
    } finally {
      await running.stop()
    }
  }
  if (bySize.length === 2 && bySize[0]![1] && bySize[1]![1]) {
    const [[n0, a], [n1, b]] = bySize as [number, SearchFigures[]][]
    console.log(`\n${n1.toLocaleString('en-US')} against ${n0.toLocaleString('en-US')} schedules (goal: within 2x)`)
    for (let i = 0; i < a.length; i++)
      console.log(
        `${a[i]!.target}: one search p50 ${(b[i]!.p50 / a[i]!.p50).toFixed(2)}x, p90 ${(b[i]!.p90 / a[i]!.p90).toFixed(2)}x; req/s ${(a[i]!.searchRps / b[i]!.searchRps).toFixed(2)}x fewer`,
      )
  }
  process.exit(0)
}
