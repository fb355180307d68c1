import { describe, expect, test } from 'bun:test'
import { actor, Client, em } from '../client'

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

/**
 * Hostile shapes, for every documented operation and every kind of caller (anonymous, a client,
 * a coach in their team, a super-admin), with real ids for every path parameter but one so the
 * request gets past the lookups of the others: page numbers no list can reach or no number can
 * hold, NUL characters and unpaired surrogates in bodies (nested, keys too), queries and paths,
 * malformed path ids, deeply nested and oversized bodies. Always a 4xx naming the field, never a 5xx.
 */
describe('hostile shapes get a 4xx from every operation, whoever asks', () => {
  test('huge pages, NUL, surrogates, bad ids, nested and oversized bodies', async () => {
    const doc = (await new Client().get('/openapi/json')).body
    const ops: Array<{ method: string; path: string; list: boolean }> = []
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/v1')) continue
      for (const [method, op] of Object.entries<any>(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
        const schema = op.responses?.['200']?.content?.['application/json']?.schema
        ops.push({ method: method.toUpperCase(), path, list: !!schema?.properties?.meta?.properties?.lastPage })
      }
    }
    const { team, makeWorkshop, makeSchedule } = await import('./catalogue.fixtures')
    const { superAdmin } = await import('../client')
    const { tenant, coach, client } = await team()
    const admin = (await superAdmin()).client
    const workshop = await makeWorkshop(coach)
    const schedule = await makeSchedule(coach, workshop.id)
    const resource = (await coach.client.post(`/v1/workshops/${workshop.id}/resources`, { title: 'Notes', type: 'link', url: 'https://example.com/n' })).body
      .data
    const posting = (await coach.client.post('/v1/t/job-postings', { title: 'Hostile input' })).body.data
    const voucher = (await coach.client.post('/v1/vouchers', { code: `HOSTILE${Date.now()}`, data: { discountType: 'free' } })).body.data
    const [membership] = await em().execute<any[]>('select id from memberships where tenant_id = ? limit 1', [tenant.id])
    const real: Record<string, string> = {
      tenants: tenant.id,
      members: membership.id,
      workshops: workshop.id,
      resources: resource.id,
      'workshop-schedules': schedule.id,
      users: coach.user.id,
      'job-postings': posting.id,
      vouchers: voucher.id,
    }
    /** The real id for the parameter after `segment`, else a random one. */
    const idAfter = (segment: string) => real[segment] ?? Bun.randomUUIDv7()
    const who: Array<[string, Client]> = [
      ['anonymous', new Client()],
      ['client', client.client],
      ['coach', coach.client],
      ['super-admin', admin],
    ]
    const problems: string[] = []
    const statuses: Record<string, number> = {}
    const pending: Promise<void>[] = []
    const check = (name: string, c: Client, method: string, path: string, body?: unknown, expect?: (status: number, body: any) => string | null) => {
      const run = async () => {
        const r = await c.request(method, path, body, typeof body === 'string' ? { 'content-type': 'application/json' } : {})
        const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body)
        statuses[r.status] = (statuses[r.status] ?? 0) + 1
        if (r.status >= 500) problems.push(`${name} ${method} ${path} -> ${r.status} ${text.slice(0, 120)}`)
        else if (/\bat .+\.(ts|js):\d+|node_modules/i.test(text)) problems.push(`${name} ${method} ${path} leaks internals: ${text.slice(0, 120)}`)
        else {
          const wrong = expect?.(r.status, r.body)
          if (wrong) problems.push(`${name} ${method} ${path} -> ${r.status} ${wrong}: ${text.slice(0, 120)}`)
        }
      }
      pending.push(run())
    }
    const flush = async () => {
      await Promise.all(pending.splice(0))
    }
    const fieldNamed = (field: string) => (status: number, body: any) =>
      status === 422 && Array.isArray(body?.errors?.[field]) ? null : `expected 422 naming ${field}`
    const NUL_BODY = '{"title":"a\\u0000b","name":"x","email":"nul@test.example","profile":{"firstName":"ok"}}'
    const SURROGATE_BODY = '{"profile":{"firstName":"a\\ud800b"},"title":"ok","items":[{"text":"\\udc00"}]}'
    const NUL_KEY_BODY = '{"meta":{"a\\u0000b":1}}'
    const DEEP_BODY = `{"title":${'['.repeat(100)}${']'.repeat(100)}}`
    const WIDE_BODY = `{"answers":[${'0,'.repeat(20_000)}0]}`
    const BAD_PAGES = ['page=99999999999999999999', 'page=Infinity', 'page=1e309', 'page=-1', 'page=1.5', 'page=10001', 'perPage=1e309', 'perPage=0']

    for (const [name, c] of who) {
      for (const { method, path, list } of ops) {
        if (path.endsWith('/auth/logout') || path.includes('/auth/tokens')) continue // would end this client's own session
        const params = [...path.matchAll(/([^/]+)\/\{([^}]+)\}/g)].map((m) => ({ token: `{${m[2]}}`, segment: m[1] }))
        const concrete = (junkAt: number, junk: string) =>
          params.reduce((p, param, i) => p.replace(param.token, i === junkAt ? junk : idAfter(param.segment)), path)
        const base = concrete(-1, '')
        // Path ids: malformed, with a NUL, with bad percent-encoding, one at a time.
        for (let i = 0; i < params.length; i++) {
          for (const junk of ['not-a-uuid', '%27%3B--', 'x%00y', '%ED%A0%80', '%zz']) {
            const expectBad = junk === 'x%00y' || junk === '%ED%A0%80' || junk === '%zz' ? fieldNamed(params[i].token.slice(1, -1)) : undefined
            check(name, c, method, concrete(i, junk), method === 'GET' || method === 'DELETE' ? undefined : {}, expectBad)
          }
        }
        if (method === 'GET') {
          for (const q of BAD_PAGES)
            check(name, c, method, `${base}?${q}`, undefined, (status, body) => {
              if (!list || status !== 422) return list && status === 200 ? 'a list answered 200 to a bad page' : null
              return body?.errors?.page || body?.errors?.perPage ? null : 'expected the page or perPage field'
            })
          check(name, c, method, `${base}?q=a%00b`)
        } else {
          check(name, c, method, base, NUL_BODY, fieldNamed('title'))
          check(name, c, method, base, SURROGATE_BODY, fieldNamed('profile.firstName'))
          check(name, c, method, base, NUL_KEY_BODY, fieldNamed('meta.a\uFFFDb'))
          check(name, c, method, base, DEEP_BODY, fieldNamed('body'))
          check(name, c, method, base, WIDE_BODY, (status, body) => (status === 413 && body?.errors?.body ? null : 'expected 413 on body'))
        }
        await flush()
      }
    }
    expect(problems).toEqual([])
    // The inputs reached validation, lookups and the lists (not only the sign-in wall).
    expect(statuses[422]).toBeGreaterThan(1000)
    expect(statuses[404]).toBeGreaterThan(50)
  }, 600_000)
})
