/**
 * The API document is what integrators build on: it must pass Redocly's `recommended` rules
 * without errors (warnings are printed, not failed). Redocly's CLI (pinned in package.json)
 * runs under this Bun on the document the running app serves, written to a temporary file.
 */
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { app } from '../client'

interface Problem {
  ruleId: string
  severity: 'error' | 'warn'
  message: string
  location: Array<{ pointer: string }>
}

async function lint(doc: unknown) {
  const dir = mkdtempSync(join(process.env.SUMMIT_TMP ?? tmpdir(), 'summit-openapi-lint-'))
  try {
    const file = join(dir, 'openapi.json')
    await Bun.write(file, JSON.stringify(doc, null, 2))
    const cli = Bun.resolveSync('@redocly/cli/bin/cli.js', import.meta.dir)
    const proc = Bun.spawn([process.execPath, cli, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'], {
      stdout: 'pipe',
      stderr: 'pipe',
      // Offline and quiet: no telemetry, no update check, no banners.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    })
    const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
    await proc.exited
    const start = out.indexOf('{')
    if (start < 0) throw new Error(`redocly printed no report:\n${out}\n${err}`)
    return JSON.parse(out.slice(start)) as { totals: { errors: number; warnings: number }; problems: Problem[] }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const describeProblem = (p: Problem) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? '?'})`

describe('OpenAPI document', () => {
  test("passes Redocly's recommended rules with no errors", async () => {
    const res = await fetch(`${app().url}/openapi/json`)
    expect(res.status).toBe(200)
    const report = await lint(await res.json())
    const warnings = report.problems.filter((p) => p.severity !== 'error')
    if (warnings.length) console.log(`redocly: ${warnings.length} warnings\n  ${warnings.map(describeProblem).join('\n  ')}`)
    expect(report.problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([])
    expect(report.totals.errors).toBe(0)
  })

  test('the lint can fail: the same document without servers or with an undeclared path parameter has errors', async () => {
    const doc = await (await fetch(`${app().url}/openapi/json`)).json()
    delete doc.servers
    const show = doc.paths['/v1/workshops/{id}/resources/{resourceId}'].get
    show.parameters = show.parameters.filter((p: { name: string }) => p.name !== 'id')
    const errors = (await lint(doc)).problems.filter((p) => p.severity === 'error').map((p) => p.ruleId)
    expect(errors.sort()).toEqual(['no-empty-servers', 'path-parameters-defined'])
  })
})
