import { describe, expect, test } from 'bun:test'
import { actor, Client } from '../client'

/**
 * Every documented operation, called with junk (unknown ids, malformed ids, bodies of the wrong
 * shape, malformed JSON), anonymously and as a signed-in client: never a 5xx, never internals.
 */
describe('every endpoint answers bad input with a clear 4xx', () => {
  test('no 5xx and no stack traces anywhere in the API', async () => {
    const doc = (await new Client().get('/openapi/json')).body
    const operations: Array<{ method: string; path: string }> = []
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/v1')) continue
      for (const method of Object.keys(item))
        if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) operations.push({ method: method.toUpperCase(), path })
    }
    expect(operations.length).toBeGreaterThan(60)
    const problems: string[] = []
    const statuses: Record<number, number> = {}
    const check = async (who: string, client: Client, method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
      const r = await client.request(method, path, body, headers)
      statuses[r.status] = (statuses[r.status] ?? 0) + 1
      const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body)
      if (r.status >= 500) problems.push(`${who} ${method} ${path} -> ${r.status} ${text.slice(0, 120)}`)
      if (/\bat .+\.(ts|js):\d+|node_modules|stack/i.test(text)) problems.push(`${who} ${method} ${path} leaks internals: ${text.slice(0, 120)}`)
    }
    for (const who of ['anonymous', 'client'] as const) {
      for (const { method, path } of operations) {
        if (path.endsWith('/auth/logout') || path.includes('/auth/tokens')) continue // would end this client's own session
        const client = who === 'anonymous' ? new Client() : (await actor()).client
        for (const id of [Bun.randomUUIDv7(), 'not-an-id', '%27%3B--']) {
          const concrete = path.replace(/\{[^}]+\}/g, id)
          if (method === 'GET' || method === 'DELETE') {
            await check(who, client, method, `${concrete}?page=-1&perPage=abc&sort=zz&include=x&filter[nope]=1`)
            // Control characters (a NUL byte) in the query: refused up front, never a database error.
            await check(who, client, method, `${concrete}?q=%00&sort=%00`)
          } else {
            await check(who, client, method, concrete, { junk: true, id: 42, email: ['x'], seats: 'many' })
            await check(who, client, method, concrete, '{"unterminated": ', { 'content-type': 'application/json' })
            await check(who, client, method, concrete, [1, 2, 3])
            await check(who, client, method, concrete, '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}}', {
              'content-type': 'application/json',
            })
          }
        }
      }
    }
    expect(problems).toEqual([])
    // The junk really reached validation and lookups (not only the sign-in wall).
    expect(statuses[422]).toBeGreaterThan(100)
    expect(statuses[404]).toBeGreaterThan(10)
    expect(statuses[400]).toBeGreaterThan(100)
  }, 240_000)
})
