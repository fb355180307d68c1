/**
 * The browser API client of the islands (sections 7-9): CSRF cookie once, headers, retries,
 * and the error catalogue (401 -> login with redirect, 419 logged, 422/404 silent, others a
 * 'Something went wrong!' toast with the server's message).
 */
import { afterAll, beforeEach, describe, expect, mock, test } from 'bun:test'

const toasts: { title: string; description?: string; type?: string }[] = []
mock.module('../../islands/lib/toast', () => ({ notify: (t: any) => toasts.push(t), mountToaster: () => {} }))

const calls: { url: string; method: string; headers: Record<string, string> }[] = []
let answers: (() => Response)[] = []
const assigned: string[] = []

// Browser globals for this file only: every test file shares the process, so they are put back after.
const saved = { fetch: globalThis.fetch, location: (globalThis as any).location, document: (globalThis as any).document }
afterAll(() => {
  globalThis.fetch = saved.fetch
  ;(globalThis as any).location = saved.location
  ;(globalThis as any).document = saved.document
})
;(globalThis as any).location = { origin: 'http://app.test', pathname: '/b/bookings', search: '?page=2', assign: (u: string) => assigned.push(u) }
;(globalThis as any).document = { cookie: 'XSRF-TOKEN=tok%3D1; other=x' }
globalThis.fetch = (async (url: URL | string, init: RequestInit = {}) => {
  calls.push({ url: String(url), method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string> })
  if (String(url).endsWith('/api/sanctum/csrf-cookie')) return new Response(null, { status: 204 })
  const next = answers.shift()
  return next ? next() : new Response('{}', { status: 200 })
}) as typeof fetch

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const { api, get, patch, post, ApiError, retriesFor, RETRY_STATUSES, ERROR_TOAST_TITLE } = await import('../../islands/lib/api')
const { retryDelay, QUERY_GC_TIME, QUERY_RETRIES, queryDefaults } = await import('../../islands/lib/query')

beforeEach(() => {
  calls.length = 0
  toasts.length = 0
  assigned.length = 0
  answers = []
})

describe('islands API client', () => {
  test('CSRF cookie fetched once; Accept and X-XSRF-TOKEN on unsafe methods only', async () => {
    answers = [json(200, { data: 1 }), json(200, { data: 2 }), json(200, { data: 3 })]
    expect(await post('/v1/x', { a: 1 })).toEqual({ data: 1 })
    await patch('/v1/x', { a: 2 })
    await get('/v1/x')
    expect(calls.filter((c) => c.url.endsWith('/api/sanctum/csrf-cookie'))).toHaveLength(1)
    const [, p1, p2, g] = calls
    expect(p1.headers.Accept).toBe('application/json')
    expect(p1.headers['X-XSRF-TOKEN']).toBe('tok=1')
    expect(p2.headers['X-XSRF-TOKEN']).toBe('tok=1')
    expect(g.headers.Accept).toBe('application/json')
    expect(g.headers['X-XSRF-TOKEN']).toBeUndefined()
  })

  test('retries: idempotent methods 0 times, others once, on the listed statuses only', async () => {
    expect(RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504])
    expect(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'].map(retriesFor)).toEqual([0, 0, 0, 0, 0])
    expect(['POST', 'PATCH'].map(retriesFor)).toEqual([1, 1])
    answers = [json(503, { message: 'busy' }), json(200, { ok: true })]
    expect(await post('/v1/y')).toEqual({ ok: true })
    expect(calls.filter((c) => c.url.endsWith('/v1/y'))).toHaveLength(2)
    answers = [json(503, { message: 'busy' }), json(200, { ok: true })]
    await expect(get('/v1/z')).rejects.toBeInstanceOf(ApiError)
    expect(calls.filter((c) => c.url.endsWith('/v1/z'))).toHaveLength(1)
    answers = [json(400, { message: 'bad' }), json(200, {})]
    await expect(post('/v1/w')).rejects.toBeInstanceOf(ApiError)
    expect(calls.filter((c) => c.url.endsWith('/v1/w'))).toHaveLength(1)
  })

  test('401 goes to the login page with the current route as redirect', async () => {
    answers = [json(401, { message: 'Unauthenticated.' })]
    await expect(get('/v1/auth/me')).rejects.toMatchObject({ status: 401 })
    expect(assigned).toEqual([`/login?redirect=${encodeURIComponent('/b/bookings?page=2')}`])
    expect(toasts).toEqual([])
  })

  test('422 hands the errors bag over without a toast; 404 and 419 stay silent', async () => {
    answers = [json(422, { message: 'Username taken', errors: { username: ['The username has already been taken.'] } })]
    const e = await patch('/v1/users/1', { username: 'x' }).catch((err) => err)
    expect(e).toBeInstanceOf(ApiError)
    expect(e.errors).toEqual({ username: ['The username has already been taken.'] })
    answers = [json(404, { message: 'Not found.' })]
    await expect(get('/v1/nothing')).rejects.toMatchObject({ status: 404 })
    const warn = console.warn
    const warned: unknown[] = []
    console.warn = (...a: unknown[]) => warned.push(a)
    answers = [json(419, { message: 'CSRF token mismatch.' })]
    await expect(api('DELETE', '/v1/x')).rejects.toMatchObject({ status: 419 })
    console.warn = warn
    expect(warned).toHaveLength(1)
    expect(toasts).toEqual([])
  })

  test("other errors toast 'Something went wrong!' with the server's message, or alone", async () => {
    answers = [json(403, { message: 'This action is unauthorized.' })]
    await expect(get('/v1/admin')).rejects.toBeInstanceOf(ApiError)
    answers = [() => new Response('', { status: 500 })]
    await expect(get('/v1/boom')).rejects.toBeInstanceOf(ApiError)
    expect(ERROR_TOAST_TITLE).toBe('Something went wrong!')
    expect(toasts).toEqual([
      { type: 'error', title: 'Something went wrong!', description: 'This action is unauthorized.' },
      { type: 'error', title: 'Something went wrong!', description: undefined },
    ])
  })

  test('query cache: 3 retries in the browser, backoff from 1 s capped at 30 s, gcTime 300000', () => {
    expect(QUERY_RETRIES).toBe(3)
    expect(QUERY_GC_TIME).toBe(300_000)
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
    expect(queryDefaults(true)).toMatchObject({ retry: 3, gcTime: 300_000 })
    expect(queryDefaults(false).retry).toBe(0)
  })
})
