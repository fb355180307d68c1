/**
 * Every operation of the API document says what a success looks like: a 2xx response with a
 * schema (JSON body) or a 2xx without a body (204, a redirect's 3xx, a file). Integrators build
 * typed clients on these; an operation without one is an undocumented answer.
 */
import { describe, expect, test } from 'bun:test'
import { app } from '../client'

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** The operations whose success has no documented schema: `METHOD path` per line. */
export function undocumented(doc: { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> }) {
  const missing: string[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const ok = Object.entries(op.responses ?? {}).some(([code, r]) => {
        if (code === '204' || /^3\d\d$/.test(code)) return true
        if (!/^2\d\d$/.test(code)) return false
        return Object.values(r.content ?? {}).some((c) => c.schema && Object.keys(c.schema).length > 0)
      })
      if (!ok) missing.push(`${method.toUpperCase()} ${path}`)
    }
  }
  return missing
}

describe('OpenAPI document', () => {
  test('every operation documents its success response with a schema', async () => {
    const doc = await (await fetch(`${app().url}/openapi/json`)).json()
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50)
    expect(undocumented(doc)).toEqual([])
  })

  test('the check can fail: an operation stripped of its 2xx answer is reported', async () => {
    const doc = await (await fetch(`${app().url}/openapi/json`)).json()
    doc.paths['/v1/auth/me'].get.responses = { 401: doc.paths['/v1/auth/me'].get.responses['401'] }
    expect(undocumented(doc)).toContain('GET /v1/auth/me')
  })
})
