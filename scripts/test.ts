/**
 * Every test: `npm test`. Builds the design system's CSS, then runs at once, in a small pool of
 * processes: the type check and the linter (one test each), the API/unit suite (`bun test`, real
 * PostgreSQL, SMTP, OIDC, Stripe-compatible server) in shards, the browser suite (Playwright on
 * Chromium) in shards and the visual tests (every Storybook story against its baseline images,
 * scripts/visual.ts). Each shard is its own `bun test` process with its own database and app,
 * balanced by the per-file durations in `tests/timings.json` (`bun test --shard --timings`).
 * Prints each phase's wall time and ends with one line: `N passed, N failed`.
 *
 *   npm test                          everything
 *   npm test -- tests/api/x.test.ts   these files only (one process, no type check or lint)
 *   npm test -- --record              everything, then rewrite tests/timings.json from this run
 *
 * TEST_JOBS (processes at once, default the machine's cores, at least 2: each process runs its own
 * database, app and browser, so more than the cores only turns waiting into timeouts), TEST_API_SHARDS (default 2) and TEST_E2E_SHARDS
 * (default 2) tune the pool.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '..')
const TIMINGS = join(ROOT, 'tests/timings.json')
const args = process.argv.slice(2)
const record = args.includes('--record')
const only = args.filter((a) => a !== '--record')
const num = (name: string, fallback: number) => Math.max(1, Number(process.env[name]) || fallback)
const JOBS = num('TEST_JOBS', Math.max(2, availableParallelism()))
const API_SHARDS = num('TEST_API_SHARDS', 2)
const E2E_SHARDS = num('TEST_E2E_SHARDS', 2)

let passed = 0
let failed = 0
const failures = new Set<string>()
const phases = new Map<string, { start: number; end: number }>()
const t0 = performance.now()
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

interface Job {
  label: string
  phase: string
  cmd: string[]
  env?: Record<string, string>
  /** A pass/fail check (type check, lint) counts as one test; a test run counts its tests. */
  kind: 'check' | 'tests'
}

async function runJob(job: Job) {
  const start = performance.now()
  const span = phases.get(job.phase) ?? { start, end: start }
  span.start = Math.min(span.start, start)
  phases.set(job.phase, span)
  console.log(`▶ ${job.label}`)
  const proc = Bun.spawn(job.cmd, { cwd: ROOT, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, ...job.env } })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  const end = performance.now()
  span.end = Math.max(span.end, end)
  const text = `${out}${err}`
  // Whole outputs, one process at a time: parallel processes never interleave their lines.
  console.log(`\n=== ${job.label} (${secs(end - start)}, exit ${code}): ${job.cmd.join(' ')}\n${text.trimEnd()}\n`)
  if (job.kind === 'check') {
    if (code === 0) passed++
    else {
      failed++
      failures.add(job.label)
    }
    return
  }
  const p = Number(/^\s*(\d+) pass$/m.exec(text)?.[1] ?? 0)
  const f = Number(/^\s*(\d+) fail$/m.exec(text)?.[1] ?? 0)
  passed += p
  failed += f
  for (const m of text.matchAll(/^\(fail\) (.*?)(?: \[[\d.]+m?s\])?$/gm)) failures.add(`${job.label}: ${m[1]}`)
  // A crash outside any test still fails the run.
  if (code !== 0 && f === 0) {
    failed++
    failures.add(`${job.label}: exited ${code} outside any test`)
  }
}

/** Runs the jobs with at most `limit` at once, in the order given (longest first). */
async function pool(jobs: Job[], limit: number) {
  const queue = [...jobs]
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runJob(job)
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, lane))
}

// The design system's generated code (styled-system/) and CSS: the type check and tests use them.
const buildStart = performance.now()
console.log('=== Build: npm run build')
const build = Bun.spawnSync(['npm', 'run', 'build', '--silent'], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
phases.set('build', { start: buildStart, end: performance.now() })
if (build.exitCode !== 0) {
  console.log('\nthe build failed: no test ran')
  console.log('\n0 passed, 1 failed')
  process.exit(1)
}

const API_DIRS = ['src', 'tests/api', 'tests/platform.test.ts', 'tests/unit'].filter((p) => existsSync(join(ROOT, p)))
const recordDir = record ? mkdtempSync(join(tmpdir(), 'summit-timings-')) : null

function shardJobs(phase: string, label: string, dirs: string[], shards: number, opts: { timeout: number; env?: Record<string, string> }): Job[] {
  return Array.from({ length: shards }, (_, i) => {
    const shard = shards > 1 ? [`--shard=${i + 1}/${shards}`] : []
    let timings: string[] = []
    if (recordDir) {
      // Each shard writes its own file (bun writes only the shard's files); merged afterwards.
      const own = join(recordDir, `${phase}-${i}.json`)
      writeFileSync(own, existsSync(TIMINGS) ? readFileSync(TIMINGS) : '{"version":1,"files":{}}')
      timings = [`--timings=${own}`, '--update-timings']
    } else if (existsSync(TIMINGS)) timings = [`--timings=${TIMINGS}`]
    return {
      label: shards > 1 ? `${label} ${i + 1}/${shards}` : label,
      phase,
      kind: 'tests' as const,
      cmd: ['bun', 'test', '--timeout', String(opts.timeout), ...shard, ...timings, ...dirs],
      env: opts.env,
    }
  })
}

if (only.length) {
  await runJob({ label: 'Selected tests', phase: 'tests', kind: 'tests', cmd: ['bun', 'test', '--timeout', '30000', ...only] })
} else {
  const jobs: Job[] = []
  // Longest first: the browser shards, then the API shards, then the two checks.
  if (existsSync(join(ROOT, 'tests/e2e')))
    jobs.push(...shardJobs('browser', 'Browser tests', ['tests/e2e'], E2E_SHARDS, { timeout: 60_000, env: { SUMMIT_E2E: '1' } }))
  jobs.push(...shardJobs('api', 'API and unit tests', API_DIRS, API_SHARDS, { timeout: 30_000 }))
  // The visual tests: every story in light and dark at 1280 and 390 px against the committed
  // baselines (scripts/visual.ts; it builds the Storybook when stale). Each snapshot counts as a test.
  jobs.push({ label: 'Visual tests', phase: 'visual', kind: 'tests', cmd: ['bun', 'run', 'scripts/visual.ts'] })
  // The type check counts as one test: the code must compile as written.
  jobs.push({ label: 'Type check', phase: 'typecheck', kind: 'check', cmd: ['tsc', '--noEmit', '-p', '.'] })
  // The linter counts as one test too (rules and reasons in biome.jsonc); warnings are not shown here.
  jobs.push({ label: 'Lint', phase: 'lint', kind: 'check', cmd: ['npm', 'run', 'lint', '--silent', '--', '--diagnostic-level=error'] })
  await pool(jobs, JOBS)
}

if (recordDir) {
  const merged: Record<string, number> = {}
  for (const name of ['api', 'browser'].flatMap((p) => Array.from({ length: 8 }, (_, i) => `${p}-${i}.json`))) {
    const file = join(recordDir, name)
    if (existsSync(file)) Object.assign(merged, JSON.parse(readFileSync(file, 'utf8')).files)
  }
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)))
  mkdirSync(join(ROOT, 'tests'), { recursive: true })
  writeFileSync(TIMINGS, `${JSON.stringify({ version: 1, files: sorted }, null, 2)}\n`)
  rmSync(recordDir, { recursive: true, force: true })
  console.log(`timings of ${Object.keys(sorted).length} files written to tests/timings.json`)
}

console.log('\nPhase times (wall clock; the phases after the build run side by side):')
for (const [name, span] of phases) console.log(`  ${name.padEnd(10)} ${secs(span.end - span.start)}`)
console.log(`  ${'total'.padEnd(10)} ${secs(performance.now() - t0)}`)
if (failures.size) console.log(`\nFailed:\n${[...failures].map((f) => `  ${f}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
