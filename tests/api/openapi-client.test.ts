/**
 * Integrators generate typed clients from the API document: openapi-typescript (pinned in
 * package.json) turns the document the running app serves into a .d.ts, and the TypeScript
 * compiler checks a small client written against it, as an integrator would (request bodies,
 * path parameters, a documented response, and mistakes that must not compile).
 */
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import { app } from '../client'

const USE = `import type { paths } from './summit-api'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>
type PathParams<P extends keyof paths, M extends Method> = Op<P, M> extends { parameters: { path: infer X } } ? X : never
type JsonBody<P extends keyof paths, M extends Method> = Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never
type Json200<P extends keyof paths, M extends Method> = Op<P, M> extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never

declare function call<P extends keyof paths, M extends Method>(method: M, path: P, init: { params?: PathParams<P, M>; body?: JsonBody<P, M> }): Promise<Json200<P, M>>

export async function example() {
  await call('post', '/v1/auth/login-using-otp', { body: { email: 'client@summit.localhost' } })
  // @ts-expect-error email is required
  await call('post', '/v1/auth/login-using-otp', { body: { code: '123456' } })
  const me = await call('get', '/v1/auth/me', {})
  const status: 'pending' | 'active' | 'suspended' = me.data.status
  // @ts-expect-error not a documented field
  me.data.password
  const params: PathParams<'/v1/workshops/{id}/resources/{resourceId}', 'get'> = { id: 'w', resourceId: 'r' }
  // @ts-expect-error the workshop id is a declared path parameter
  const partial: PathParams<'/v1/workshops/{id}/resources/{resourceId}', 'patch'> = { resourceId: 'r' }
  // @ts-expect-error not a documented path
  await call('get', '/v1/nowhere', {})
  return { status, params, partial }
}
`

const TSCONFIG = {
  compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022'], types: [] },
  files: ['use.ts'],
}

async function typeCheck(dts: string) {
  const dir = mkdtempSync(join(process.env.SUMMIT_TMP ?? tmpdir(), 'summit-openapi-client-'))
  try {
    await Bun.write(join(dir, 'summit-api.d.ts'), dts)
    await Bun.write(join(dir, 'use.ts'), USE)
    await Bun.write(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG))
    const tsc = Bun.resolveSync('typescript/bin/tsc', import.meta.dir)
    const proc = Bun.spawn([process.execPath, tsc, '-p', dir], { stdout: 'pipe', stderr: 'pipe' })
    const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
    return { code: await proc.exited, output: (out + err).replaceAll(dir, '<tmp>') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('OpenAPI document', () => {
  test('a client generated from it with openapi-typescript type-checks', async () => {
    const doc = await (await fetch(`${app().url}/openapi/json`)).json()
    const dts = astToString(await openapiTS(doc))
    expect(dts).toContain('"/v1/workshops/{id}/resources/{resourceId}"')
    const { code, output } = await typeCheck(dts)
    expect(output).toBe('')
    expect(code).toBe(0)
  }, 60_000)

  test('the check can fail: without the declared workshop id the same client does not compile', async () => {
    const doc = await (await fetch(`${app().url}/openapi/json`)).json()
    const show = doc.paths['/v1/workshops/{id}/resources/{resourceId}'].get
    show.parameters = show.parameters.filter((p: { name: string }) => p.name !== 'id')
    const { code, output } = await typeCheck(astToString(await openapiTS(doc)))
    expect(code).not.toBe(0)
    expect(output).toMatch(/use\.ts\(\d+,\d+\): error TS\d+: Object literal may only specify known properties, and 'id'/)
  }, 60_000)
})
