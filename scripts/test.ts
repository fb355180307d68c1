/**
 * Every test: `npm test`. Runs the API/unit suite (`bun test`, real PostgreSQL, SMTP, OIDC,
 * Stripe-compatible server) and then the browser suite (Playwright on Chromium) when present,
 * and ends with one line: `N passed, N failed`.
 */
import { existsSync } from 'node:fs'

let passed = 0
let failed = 0

async function run(label: string, cmd: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${label}: ${cmd.join(' ')}`)
  const proc = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, ...env } })
  let out = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const dec = new TextDecoder()
    for await (const chunk of stream as any) {
      const s = dec.decode(chunk)
      out += s
      sink.write(s)
    }
  }
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)])
  const code = await proc.exited
  const p = Number(/^\s*(\d+) pass$/m.exec(out)?.[1] ?? 0)
  const f = Number(/^\s*(\d+) fail$/m.exec(out)?.[1] ?? 0)
  passed += p
  failed += f
  // A crash outside any test still fails the run.
  if (code !== 0 && f === 0) failed += 1
}

const only = process.argv.slice(2)
// The design system's generated code (styled-system/) and CSS: tests import and serve them.
console.log('\n=== Build: npm run build')
const build = Bun.spawnSync(['npm', 'run', 'build', '--silent'], { stdout: 'inherit', stderr: 'inherit' })
if (build.exitCode !== 0) {
  console.log('\nthe build failed: no test ran')
  console.log('\n0 passed, 1 failed')
  process.exit(1)
}
// The type check counts as one test: the code must compile as written.
if (!only.length) {
  console.log('\n=== Type check: tsc --noEmit')
  const tsc = Bun.spawnSync(['tsc', '--noEmit', '-p', '.'], { stdout: 'inherit', stderr: 'inherit' })
  if (tsc.exitCode === 0) passed += 1
  else failed += 1
}
// The linter counts as one test too (rules and reasons in biome.jsonc); warnings are not shown here.
if (!only.length) {
  console.log('\n=== Lint: npm run lint')
  const lint = Bun.spawnSync(['npm', 'run', 'lint', '--silent', '--', '--diagnostic-level=error'], { stdout: 'inherit', stderr: 'inherit' })
  if (lint.exitCode === 0) passed += 1
  else failed += 1
}
await run('API and unit tests', [
  'bun',
  'test',
  '--timeout',
  '30000',
  ...(only.length ? only : ['src', 'tests/api', 'tests/platform.test.ts', 'tests/unit'].filter((p) => existsSync(p))),
])
if (!only.length && existsSync('tests/e2e')) await run('Browser tests', ['bun', 'test', '--timeout', '60000', 'tests/e2e'], { SUMMIT_E2E: '1' })

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
