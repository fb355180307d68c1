/**
 * Numbers no column can hold and bodies that are not objects. Every numeric query value is
 * bounded in its schema (a 422 naming the field, never PostgreSQL's "integer out of range"), on
 * every documented GET and on the marketplace page; a JSON body that is not an object is a 422
 * on every route that takes a body, before it can be read as `{}`.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { actor, Client, em, superAdmin } from '../client'
import { makeSchedule, makeWorkshop, team } from './catalogue.fixtures'

// The page renderer and its assets are built before the first page request (a slow first build
// would outlast the server's idle timeout on a busy machine).
beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  await import('../../src/pages/render')
}, 180_000)

const HUGE = ['2147483648', '1e10', '21474836.48']

describe('numeric query values are bounded', () => {
  test('the marketplace list: seatsLeft, minPrice and maxPrice past what a column holds are a 422 naming the field', async () => {
    const c = new Client()
    for (const [field, value] of [
      ['seatsLeft', '2147483648'],
      ['maxPrice', '21474836.48'],
      ['minPrice', '99999999999999'],
      ['seatsLeft', '1e10'],
      ['seatsLeft', '10001'],
      ['maxPrice', '1000000.01'],
    ] as const) {
      const r = await c.get(`/v1/public/workshop-schedules?${field}=${value}`)
      expect({ field, value, status: r.status, errors: Object.keys(r.body.errors ?? {}) }).toEqual({ field, value, status: 422, errors: [field] })
    }
    // Within the bounds: answered.
    expect((await c.get('/v1/public/workshop-schedules?seatsLeft=10000&minPrice=0&maxPrice=1000000')).status).toBe(200)
  })

  test('the /workshops page drops a filter past its bounds and says why, instead of failing', async () => {
    const c = new Client()
    for (const q of ['seatsLeft=2147483648', 'maxPrice=21474836.48', 'minPrice=99999999999999', 'seatsLeft=1e10']) {
      const r = await c.get(`/workshops?${q}`, { accept: 'text/html' })
      expect({ q, status: r.status }).toEqual({ q, status: 200 })
      const field = q.split('=')[0]!
      expect(String(r.body)).toContain(`The ${field} must be a number of at most`)
    }
  })

  test('every documented GET, whoever asks: huge numbers in any query value are never a 5xx', async () => {
    const doc = (await new Client().get('/openapi/json')).body
    const { tenant, coach, client } = await team()
    const admin = (await superAdmin()).client
    const workshop = await makeWorkshop(coach)
    const schedule = await makeSchedule(coach, workshop.id)
    const [membership] = await em().execute<any[]>('select id from memberships where tenant_id = ? limit 1', [tenant.id])
    const real: Record<string, string> = {
      tenants: tenant.id,
      members: membership.id,
      workshops: workshop.id,
      'workshop-schedules': schedule.id,
      users: coach.user.id,
    }
    const problems: string[] = []
    const jobs: (() => Promise<void>)[] = []
    const who: Array<[string, Client]> = [
      ['anonymous', new Client()],
      ['client', client.client],
      ['coach', coach.client],
      ['super-admin', admin],
    ]
    // Values a list reads by hand too (filters, image widths, limits), besides the documented ones.
    const common = ['page', 'perPage', 'limit', 'w', 'rating', 'seats', 'amount', 'year', 'days']
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/v1') || !item.get || path.endsWith('/calendar.ics')) continue
      const concrete = path.replace(/([^/]+)\/\{[^}]+\}/g, (_m, seg: string) => `${seg}/${real[seg] ?? Bun.randomUUIDv7()}`)
      const documented = (item.get.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name as string)
      for (const [name, c] of who) {
        // The filters a list accepts, from its own 422 for an unknown one ("Allowed: a, b").
        const probe = await c.get(`${concrete}?filter[zz_unknown]=1`)
        if (probe.status === 401 || probe.status === 403) continue
        const allowed = /Allowed: ([^.]*)\./.exec(JSON.stringify(probe.body?.errors ?? {}))?.[1]
        const filters = allowed && allowed !== 'none' ? allowed.split(', ').map((f) => `filter[${f}]`) : []
        for (const q of new Set([...documented, ...common, ...filters]))
          for (const value of HUGE)
            jobs.push(async () => {
              const r = await c.get(`${concrete}?${encodeURIComponent(q)}=${encodeURIComponent(value)}`)
              if (r.status >= 500) problems.push(`${name} GET ${concrete}?${q}=${value.slice(0, 20)} -> ${r.status}`)
            })
      }
    }
    const asked = jobs.length
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) await job()
      }),
    )
    expect(problems).toEqual([])
    expect(asked).toBeGreaterThan(1000)
  }, 900_000)

  test('public pages with huge numbers in their query are never a 5xx', async () => {
    const me = await actor()
    for (const c of [new Client(), me.client])
      for (const path of ['/', '/workshops', '/consultants', '/jobs', '/b/bookings', '/b/payments'])
        for (const q of ['page', 'perPage', 'seatsLeft', 'minPrice', 'maxPrice', 'rating'])
          for (const value of HUGE) {
            const r = await c.get(`${path}?${q}=${encodeURIComponent(value)}`, { accept: 'text/html' })
            expect({ path, q, value, status: r.status < 500 }).toEqual({ path, q, value, status: true })
          }
  }, 120_000)
})

describe('a JSON body that is not an object is a 422', () => {
  test('joining a waitlist with [] joins nothing', async () => {
    const { book, seatsTaken, world } = await import('./bookings.fixtures')
    const w = await world({ maxSeats: 1, price: 0 })
    expect((await book(await actor(), w.schedule.id, { seats: 1 })).status).toBe(201)
    expect(await seatsTaken(w.schedule.id)).toBe(1)
    const waiting = await actor()
    for (const body of ['[]', '1', '"x"', 'null', 'true', ' [ {"seats": 1} ]']) {
      const r = await waiting.client.post(`/v1/workshop-schedules/${w.schedule.id}/waitlist`, body, { 'content-type': 'application/json' })
      expect({ body, status: r.status, errors: r.body.errors }).toEqual({ body, status: 422, errors: { body: ['The request body must be a JSON object.'] } })
    }
    const [r] = await em().execute<any[]>('select count(*)::int as n from waitlist_entries where workshop_schedule_id = ?', [w.schedule.id])
    expect(r.n).toBe(0)
    // An object still joins.
    expect((await waiting.client.post(`/v1/workshop-schedules/${w.schedule.id}/waitlist`, { seats: 1 })).status).toBe(201)
  })

  test('every documented operation that takes a body answers 422 naming the body, whoever asks', async () => {
    const doc = (await new Client().get('/openapi/json')).body
    const me = await actor()
    const problems: string[] = []
    let asked = 0
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/v1')) continue
      for (const method of ['post', 'put', 'patch'] as const) {
        if (!item[method]) continue
        const concrete = path.replace(/\{[^}]+\}/g, Bun.randomUUIDv7())
        for (const c of [new Client(), me.client])
          for (const body of ['[]', '1', '"x"', 'null']) {
            asked++
            const r = await c.request(method.toUpperCase(), concrete, body, { 'content-type': 'application/json' })
            if (r.status !== 422 || !r.body?.errors?.body) problems.push(`${method} ${path} ${body} -> ${r.status}`)
          }
      }
    }
    expect(problems).toEqual([])
    expect(asked).toBeGreaterThan(200)
  }, 240_000)
})
