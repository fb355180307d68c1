/**
 * Hostile input answers a clear 4xx, never a 500: control characters in queries, prototype
 * keys in bodies, malformed ids, unknown includes, script URLs, bodies over the upload limit.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { config } from '../../src/config'
import { actor, app, Client, superAdmin } from '../client'
import { makeSchedule, makeWorkshop, team } from './catalogue.fixtures'

setDefaultTimeout(60_000)

describe('control characters in queries', () => {
  test('a NUL byte (or another control character) in q: 422 for the API', async () => {
    const { coach } = await team()
    const anon = new Client()
    for (const [client, path] of [
      [anon, '/v1/public/workshop-schedules?q=a%00b'],
      [anon, '/v1/public/users?q=%00'],
      [anon, '/v1/public/workshop-schedules?coach=%01x'],
      [anon, '/v1/tags?q=x%00'],
      [coach.client, '/v1/workshops?q=%00'],
      [coach.client, '/v1/workshop-schedules?filter[status]=%00'],
      [coach.client, '/v1/bookings?q=%1b'],
    ] as const) {
      const r = await client.get(path)
      expect({ path, status: r.status }).toEqual({ path, status: 422 })
      expect(r.body.message).toContain('must not contain control characters')
    }
  })

  test('pages answer with no results (never 500)', async () => {
    for (const path of ['/workshops?q=a%00b', '/consultants?q=%00', '/workshops?country=%00&q=x', '/jobs?q=%00']) {
      const r = await new Client().get(path)
      expect({ path, status: r.status }).toEqual({ path, status: path.startsWith('/jobs') && r.status === 404 ? 404 : 200 })
    }
    const list = await new Client().get('/workshops?q=%00')
    expect(list.status).toBe(200)
    expect(String(list.body)).not.toContain('Server Error')
  })
})

describe('prototype keys in JSON bodies', () => {
  test('__proto__, constructor and prototype keys are ignored: a normal answer, never a 500', async () => {
    const { coach, tenant } = await team()
    const raw = (c: Client, method: string, path: string, body: string) => c.request(method, path, body, { 'content-type': 'application/json' })
    const cases: Array<[string, string, string]> = [
      ['POST', '/v1/workshops', '{"__proto__": {"x": 1}, "title": "ab"}'],
      ['POST', '/v1/workshops', '{"constructor": {"prototype": {"polluted": true}}, "title": "ab"}'],
      ['POST', '/v1/vouchers', '{"__proto__": {"admin": true}, "code": "PROTO1", "data": {"discountType": "free", "__proto__": {"x": 1}}}'],
      ['PATCH', `/v1/users/${coach.user.id}`, '{"profile": {"__proto__": {"isAdmin": true}, "constructor": 1}}'],
      ['POST', '/v1/bookings', '{"constructor": 1, "prototype": 2}'],
      ['POST', '/v1/auth/login-using-otp', '{"__proto__": [], "email": "nobody@test.example"}'],
      ['POST', '/v1/workshop-schedules', '{"__proto__": null}'],
    ]
    for (const [method, path, body] of cases) {
      const r = await raw(coach.client, method, path, body)
      expect({ path, body, ok: r.status < 500 }).toEqual({ path, body, ok: true })
      expect(JSON.stringify(r.body)).not.toContain('__proto__')
    }
    // The voucher was created with its own fields; nothing reached Object.prototype.
    expect(({} as any).admin).toBeUndefined()
    expect(({} as any).polluted).toBeUndefined()
    const list = await coach.client.get('/v1/vouchers?q=PROTO1')
    expect(list.body.data.map((v: any) => v.code)).toEqual(['PROTO1'])
    expect(tenant.slug).toBeString()
  })
})

describe('ids, includes', () => {
  test('GET /v1/users/{id}/tenants: a malformed or unknown id is 404', async () => {
    const { client } = await superAdmin()
    expect((await client.get('/v1/users/not-a-uuid/tenants')).status).toBe(404)
    expect((await client.get(`/v1/users/${crypto.randomUUID()}/tenants`)).status).toBe(404)
    const me = await actor()
    expect((await me.client.get('/v1/users/not-a-uuid/tenants')).status).toBe(404)
    expect((await me.client.get(`/v1/users/${me.user.id}/tenants`)).status).toBe(200)
    expect((await me.client.get(`/v1/users/${crypto.randomUUID()}/tenants`)).status).toBe(403)
  })

  test('an unknown include is a 422 naming the allowed values, on the marketplace too', async () => {
    const anon = new Client()
    let r = await anon.get('/v1/public/workshop-schedules?include=bogus')
    expect(r.status).toBe(422)
    expect(r.body.errors.include[0]).toContain('Unknown include: bogus')
    r = await anon.get(`/v1/public/workshop-schedules/${crypto.randomUUID()}?include=bogus`)
    expect(r.status).toBe(422)
    const { coach } = await team()
    r = await coach.client.get('/v1/workshop-schedules?include=bogus')
    expect(r.status).toBe(422)
    expect(r.body.errors.include[0]).toBe('Unknown include: bogus. Allowed: workshop, coach.')
    expect((await anon.get('/v1/public/workshop-schedules')).status).toBe(200)
  })
})

describe('URLs are http(s) only', () => {
  const HOSTILE = [
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example.com/x',
  ]

  test('workshop image and video, schedule meetingUrl, resource url, template image and video', async () => {
    const { coach } = await team()
    const w = await makeWorkshop(coach)
    const { client: admin } = await superAdmin()
    for (const url of HOSTILE) {
      let r = await coach.client.post('/v1/workshops', { title: 'Safe links only', price: 10, minSeats: 1, maxSeats: 5, image: url, video: url })
      expect({ url, status: r.status, image: r.body.errors?.image, video: r.body.errors?.video }).toEqual({
        url,
        status: 422,
        image: ['Please enter a valid URL'],
        video: ['Please enter a valid URL'],
      })
      r = await coach.client.patch(`/v1/workshops/${w.id}`, { image: url })
      expect(r.body.errors?.image).toEqual(['Please enter a valid URL'])
      r = await coach.client.post('/v1/workshop-schedules', {
        coachId: coach.user.id,
        workshopId: w.id,
        startDate: new Date(Date.now() + 86400e3).toISOString(),
        endDate: new Date(Date.now() + 90000e3).toISOString(),
        level: 'BEGINNER',
        status: 'DRAFT',
        visibility: 'PUBLIC',
        mode: 'ONLINE',
        timezone: 'UTC',
        meetingUrl: url,
      })
      expect({ url, meetingUrl: r.body.errors?.meetingUrl }).toEqual({ url, meetingUrl: ['Please enter a valid URL'] })
      r = await coach.client.post(`/v1/workshops/${w.id}/resources`, { title: 'Link', type: 'link', url })
      expect({ url, resource: r.body.errors?.url }).toEqual({ url, resource: ['Please enter a valid URL'] })
      r = await admin.post('/v1/workshop-templates', { title: 'Template', price: 10, image: url, video: url })
      expect({ url, image: r.body.errors?.image, video: r.body.errors?.video }).toEqual({
        url,
        image: ['Please enter a valid URL'],
        video: ['Please enter a valid URL'],
      })
    }
    const s = await makeSchedule(coach, w.id, { meetingUrl: 'https://meet.example.com/ok' })
    expect(s.meetingUrl).toBe('https://meet.example.com/ok')
    const ok = await coach.client.patch(`/v1/workshops/${w.id}`, { image: 'https://img.example.com/a.png', video: 'http://video.example.com/v' })
    expect(ok.status).toBe(200)
  })

  test('profile certificate and social URLs too', async () => {
    const me = await actor()
    const r = await me.client.patch(`/v1/users/${me.user.id}`, { profile: { socialAccounts: [{ platform: 'x', url: 'javascript:alert(1)', order: 1 }] } })
    expect(r.status).toBe(422)
  })
})

describe('uploads over the limit', () => {
  test('413 with a clear JSON message, whether the file is just over or far over', async () => {
    const { client } = await actor()
    const message = `The file may not be larger than ${config.UPLOAD_MAX_BYTES / 1024 / 1024} MB.`
    for (const size of [config.UPLOAD_MAX_BYTES + 1, config.UPLOAD_MAX_BYTES + 200 * 1024, Math.floor(config.UPLOAD_MAX_BYTES * 1.8)]) {
      for (const path of ['/v1/uploads/avatar', '/v1/upload-temp']) {
        const f = new FormData()
        f.append('file', new File([new Uint8Array(size)], 'big.bin', { type: 'application/octet-stream' }))
        const r = await client.post(path, f)
        expect({ path, size, status: r.status, message: r.body?.message }).toEqual({ path, size, status: 413, message })
        expect(r.body.errors.file).toEqual([message])
      }
    }
    // Far beyond the limit the server refuses before reading: still a 413, never a dropped connection.
    const huge = new FormData()
    huge.append('file', new File([new Uint8Array(config.UPLOAD_MAX_BYTES * 3)], 'huge.bin'))
    expect((await client.post('/v1/upload-temp', huge)).status).toBe(413)
    // The PUT avatar route (also reachable as POST with _method=PUT).
    const f = new FormData()
    f.append('file', new File([new Uint8Array(config.UPLOAD_MAX_BYTES + 100_000)], 'big.png'))
    const me = await actor()
    const r = await fetch(`${app().url}/v1/users/${me.user.id}/avatar?_method=PUT`, {
      method: 'POST',
      body: f,
      headers: { authorization: `Bearer ${me.client.bearer}`, accept: 'application/json' },
    })
    expect(r.status).toBe(413)
    expect((await r.json()).message).toBe(message)
  })
})

describe('include on every list', () => {
  test('an unknown include is 422 on every documented list, never silently ignored', async () => {
    const { Client } = await import('../client')
    const doc = (await new Client().get('/openapi/json')).body
    const { client: admin } = await superAdmin()
    const { coach, tenant } = await team()
    admin.team = tenant.slug
    const ignored: string[] = []
    let lists = 0
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/v1') || !item.get || path.includes('{') || /calendar|outbox|stripe-key|providers|metrics|health|\/me$|\/t$/.test(path)) continue
      for (const c of [admin, coach.client]) {
        const r = await c.get(`${path}?include=zzz`)
        if (r.status === 200 && Array.isArray(r.body?.data)) ignored.push(`${path} -> 200`)
        if (r.status === 422) lists++
      }
    }
    expect(lists).toBeGreaterThan(10)
    expect([...new Set(ignored)]).toEqual([])
  })
})
