/**
 * Shape limits on input, checked before any parsing work, and bounds on every list a client can
 * grow in one body: nesting depth and item count of JSON bodies; NUL characters and unpaired
 * surrogates anywhere in text (bodies, nested values and keys, form fields, JSON in form fields,
 * paths) named in a 422; answers that never echo the rejected value; page numbers; and the
 * lists and free-form objects of job postings, profiles, workshops, bookings, roles and members.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { JSON_MAX_DEPTH, JSON_MAX_ITEMS, scanJson } from '../../src/platform/http/json'
import { actor, Client, superAdmin, tenant } from '../client'
import { book, world } from './bookings.fixtures'
import { team } from './catalogue.fixtures'
import { complete, jobWorld, questions } from './job-postings.fixtures'

setDefaultTimeout(60_000)
const P = '/v1/t/job-postings'
const raw = (c: Client, method: string, path: string, body: string) => c.request(method, path, body, { 'content-type': 'application/json' })
/** An object at the top (every JSON body is one) holding lists nested to `depth` levels in all. */
const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`

describe('scanJson (one pass, no parsing)', () => {
  test('depth and items outside strings; brackets, commas and escaped quotes inside strings do not count', () => {
    expect(scanJson('{"a":[1,2,{"b":[]}],"c":"[[[,,,\\"]]]"}')).toEqual({ depth: 4, items: 6, tooDeep: false, tooMany: false }) // keys a, b, c; elements 1, 2, {}
    expect(scanJson('[]').items).toBe(0)
    expect(scanJson('[[]]').items).toBe(1)
    expect(scanJson(nested(JSON_MAX_DEPTH)).tooDeep).toBe(false)
    expect(scanJson(nested(JSON_MAX_DEPTH + 1)).tooDeep).toBe(true)
    expect(scanJson(`[${'0,'.repeat(JSON_MAX_ITEMS - 1)}0]`).tooMany).toBe(false)
    expect(scanJson(`[${'0,'.repeat(JSON_MAX_ITEMS)}0]`).tooMany).toBe(true)
  })
})

describe('JSON bodies: depth and size before parsing', () => {
  test('nested deeper than 64 levels: 422 on body, anonymous or not, whatever the route; 64 levels are read normally', async () => {
    const anon = new Client()
    for (const depth of [65, 10_000, 100_000]) {
      const r = await raw(anon, 'POST', '/v1/auth/login-using-otp', nested(depth))
      expect({ depth, status: r.status, errors: r.body.errors }).toEqual({
        depth,
        status: 422,
        errors: { body: ['The request body is nested too deeply (at most 64 levels).'] },
      })
    }
    // At the limit the body is parsed and validated as usual (here: not an object, so the route's own 422).
    const ok = await raw(anon, 'POST', '/v1/auth/login-using-otp', `{"email":"a@test.example","x":${nested(62)}}`)
    expect(ok.status).toBe(422)
    expect(ok.body.errors.body).toBeUndefined()
    // The server answers other requests right away.
    expect((await anon.get('/health')).status).toBe(200)
  })

  test('more than 10,000 keys and list elements: 413 on body', async () => {
    const { coach } = await team()
    let r = await raw(coach.client, 'POST', '/v1/workshops', `{"title":"Wide","tags":[${'"x",'.repeat(10_000)}"x"]}`)
    expect({ status: r.status, errors: r.body.errors }).toEqual({
      status: 413,
      errors: { body: ['The request body has too many items (at most 10,000 keys and list elements).'] },
    })
    r = await raw(new Client(), 'POST', '/v1/auth/login-using-otp', `{${Array.from({ length: 10_001 }, (_, i) => `"k${i}":1`).join(',')}}`)
    expect(r.status).toBe(413)
  })
})

describe('text PostgreSQL cannot store: 422 naming the field, never 503 or 500', () => {
  test('NUL and unpaired surrogates in bodies: top-level, nested, in lists and in keys', async () => {
    const { coach } = await team()
    const admin = (await superAdmin()).client
    const me = await actor()
    const cases: Array<[Client, string, string, string, string]> = [
      [coach.client, 'POST', '/v1/workshops', '{"title":"a\\u0000b","price":1}', 'title'],
      [coach.client, 'POST', P, '{"title":"Job \\u0000"}', 'title'],
      [admin, 'POST', '/v1/tags', '{"name":"tag\\u0000"}', 'name'],
      [me.client, 'PATCH', `/v1/users/${me.user.id}`, '{"profile":{"firstName":"a\\u0000b"}}', 'profile.firstName'],
      [me.client, 'PATCH', `/v1/users/${me.user.id}`, '{"profile":{"firstName":"a\\ud800b"}}', 'profile.firstName'],
      [me.client, 'PATCH', `/v1/users/${me.user.id}`, '{"profile":{"lastName":"\\udfff"}}', 'profile.lastName'],
      [
        me.client,
        'PATCH',
        `/v1/users/${me.user.id}`,
        '{"profile":{"socialAccounts":[{"platform":"x","url":"https://x.com/\\u0000"}]}}',
        'profile.socialAccounts.0.url',
      ],
      [me.client, 'PATCH', `/v1/users/${me.user.id}`, '{"profile":{"a\\u0000b":"key"}}', 'profile.a\uFFFDb'],
    ]
    for (const [c, method, path, body, field] of cases) {
      const r = await raw(c, method, path, body)
      expect({ path, body, status: r.status, errors: r.body.errors }).toEqual({
        path,
        body,
        status: 422,
        errors: { [field]: [`The ${field} must not contain a NUL character or an unpaired surrogate.`] },
      })
    }
    // A surrogate pair (an emoji) is text like any other.
    const emoji = await raw(me.client, 'PATCH', `/v1/users/${me.user.id}`, '{"profile":{"firstName":"Ana \\ud83d\\ude00"}}')
    expect(emoji.status).toBe(200)
    expect(emoji.body.data.profile.firstName).toBe('Ana 😀')
  })

  test('in path parameters, form fields, url-encoded bodies and JSON inside a form field', async () => {
    const anon = new Client()
    let r = await anon.get('/v1/public/users/x%00y')
    expect(r.status).toBe(422)
    expect(Object.keys(r.body.errors)).toEqual(['idOrUsername'])
    r = await anon.get('/v1/public/workshop-schedules/%zz')
    expect(r.status).toBe(422)
    expect(Object.keys(r.body.errors)).toEqual(['id'])
    // Pages: the 404 page, not an error.
    for (const path of ['/x%00y', '/workshops/%ED%A0%80', '/jobs/%zz']) {
      const page = await anon.get(path, { accept: 'text/html' })
      expect({ path, status: page.status }).toEqual({ path, status: 404 })
    }
    const form = new FormData()
    form.set('name', 'Ada\u0000')
    form.set('email', 'ada@test.example')
    r = await anon.post(`/v1/public/jobs/${crypto.randomUUID()}/applications`, form)
    expect({ status: r.status, errors: r.body.errors }).toEqual({
      status: 422,
      errors: { name: ['The name must not contain a NUL character or an unpaired surrogate.'] },
    })
    r = await anon.request('POST', '/v1/auth/login-using-otp', 'email=a%00b%40test.example', { 'content-type': 'application/x-www-form-urlencoded' })
    expect({ status: r.status, errors: r.body.errors }).toEqual({
      status: 422,
      errors: { email: ['The email must not contain a NUL character or an unpaired surrogate.'] },
    })
    // JSON in a form field (the apply form's answers): the same limits as a JSON body.
    const w = await jobWorld('enterprise')
    const posting = (await w.coach.client.post(P, complete({ status: 'PUBLISHED' }))).body.data
    const all = Object.fromEntries(posting.interviewQuestions.map((x: any) => [x.id, 'An answer']))
    const q = posting.interviewQuestions[0].id
    for (const [answers, field] of [
      [JSON.stringify({ ...all, [q]: 'a\u0000' }), `answers.${q}`],
      [JSON.stringify({ ...all, [q]: '\ud800' }), `answers.${q}`],
      [nested(1000), 'answers'],
    ]) {
      const f = new FormData()
      f.set('name', 'Ada')
      f.set('email', 'ada@test.example')
      f.set('answers', answers)
      r = await anon.post(`/v1/public/jobs/${posting.id}/applications`, f)
      expect({ field, status: r.status, fields: Object.keys(r.body.errors ?? {}) }).toEqual({ field, status: 422, fields: [field] })
    }
    // Form keys become nested objects and lists: a list index past the item limit is a 413
    // (not a sparse list of a hundred million holes to validate).
    const sparse = new FormData()
    sparse.set('name', 'Ada')
    sparse.set('answers[99999999]', 'x')
    r = await anon.post(`/v1/public/jobs/${posting.id}/applications`, sparse)
    expect({ status: r.status, errors: r.body.errors }).toEqual({
      status: 413,
      errors: { body: ['The request body has too many items (at most 10,000 keys and list elements).'] },
    })
    // Query values Elysia reads as JSON: the same limits.
    r = await anon.get(`/v1/public/workshop-schedules?q=${encodeURIComponent(nested(100))}`)
    expect({ status: r.status, errors: r.body.errors }).toEqual({ status: 422, errors: { q: ['The q is nested too deeply (at most 64 levels).'] } })
  })

  test('a NUL that reaches PostgreSQL anyway is a 422, not an outage (08P01 is bad input)', async () => {
    const { isDatabaseUnavailable } = await import('../../src/platform/db/health')
    const { em } = await import('../client')
    const err = await em()
      .execute('select ?::text as t', ['a\u0000b'])
      .then(() => null)
      .catch((e) => e)
    expect(err).not.toBeNull()
    expect(isDatabaseUnavailable(err)).toBe(false)
    const { handleError } = await import('../../src/platform/http/error-handler')
    const { log } = await import('../../src/platform/log')
    const res = handleError('UNKNOWN', err, log)
    expect(res.status).toBe(422)
    // The connection that saw it is still good.
    expect((await em().execute('select 1 as one'))[0].one).toBe(1)
  })
})

describe('answers never echo the rejected value', () => {
  test("valibot's default messages lose their 'but received ...' part; keys are shown cut and clean", async () => {
    const { coach } = await jobWorld()
    const secret = `SECRET${'x'.repeat(3000)}`
    const r = await coach.client.post(P, { title: 'Echo', interviewQuestions: [{ title: 'Q?', order: 1, enabled: secret }] })
    expect(r.status).toBe(422)
    expect(JSON.stringify(r.body)).not.toContain('SECRET')
    expect(r.body.errors['interviewQuestions.0.enabled'][0]).toStartWith('Invalid type: Expected boolean')
    const long = `k${'y'.repeat(5000)}`
    const k = await coach.client.post(P, { title: 'Echo', [long]: 1 })
    expect(k.status).toBe(422)
    expect(JSON.stringify(k.body).length).toBeLessThan(1000)
  })
})

describe('page and perPage', () => {
  test('every list: a whole number within bounds, else 422 naming the field', async () => {
    const { coach } = await team()
    const admin = (await superAdmin()).client
    const lists: Array<[Client, string]> = [
      [new Client(), '/v1/public/users'],
      [new Client(), '/v1/public/jobs'],
      [new Client(), '/v1/public/workshop-schedules'],
      [new Client(), '/v1/tags'],
      [coach.client, '/v1/workshops'],
      [coach.client, '/v1/bookings'],
      [coach.client, P],
      [coach.client, '/v1/payments'],
      [coach.client, '/v1/feedbacks'],
      [coach.client, '/v1/payouts'],
      [admin, '/v1/users'],
      [admin, '/v1/tenants'],
      [coach.client, '/v1/tables/coach-bookings'],
    ]
    for (const [c, path] of lists) {
      for (const page of ['99999999999999999999', 'Infinity', '1e309', '-1', '0', '1.5', '10001', 'abc']) {
        const r = await c.get(`${path}?page=${page}`)
        expect({ path, page, status: r.status, errors: r.body.errors?.page }).toEqual({
          path,
          page,
          status: 422,
          errors: ['The page must be a whole number from 1 to 10,000.'],
        })
      }
      if (!path.startsWith('/v1/tables'))
        for (const perPage of ['1e309', '0', '101', '-5', '2.5']) {
          const r = await c.get(`${path}?perPage=${perPage}`)
          expect({ path, perPage, status: r.status, errors: r.body.errors?.perPage }).toEqual({
            path,
            perPage,
            status: 422,
            errors: ['The per page must be a whole number from 1 to 100.'],
          })
        }
      for (const ok of ['page=1', 'page=10000', 'perPage=100'])
        expect({ path, ok, status: (await c.get(`${path}?${ok}`)).status }).toEqual({ path, ok, status: 200 })
    }
  })

  test('pages take any page number from a link: past the bound or junk, still a page', async () => {
    for (const path of ['/consultants?page=99999999999999999999', '/jobs?page=1e309', '/workshops?page=Infinity', '/consultants?page=-3']) {
      const r = await new Client().get(path, { accept: 'text/html' })
      expect({ path, status: r.status }).toEqual({ path, status: 200 })
    }
  })
})

describe('lists a client can grow in one body are bounded (one schema: forms and OpenAPI say the same)', () => {
  test('interview questions: at most 50 per posting in all, enabled and disabled', async () => {
    const { coach } = await jobWorld()
    const message = 'A job posting can have at most 50 interview questions, enabled and disabled'
    let r = await coach.client.post(P, { title: 'Fifty-one', interviewQuestions: questions(51, false) })
    expect({ status: r.status, errors: r.body.errors?.interviewQuestions }).toEqual({ status: 422, errors: [message] })
    r = await coach.client.post(P, { title: 'Fifty', interviewQuestions: questions(50, false) })
    expect(r.status).toBe(201)
    expect(r.body.data.interviewQuestions).toHaveLength(50)
    const patched = await coach.client.patch(`${P}/${r.body.data.id}`, { interviewQuestions: questions(60, false) })
    expect(patched.body.errors?.interviewQuestions).toEqual([message])
    // The 90,000 disabled questions of the issue never get parsed (413 on the body).
    const huge = await coach.client.post(P, { title: 'Huge', interviewQuestions: questions(90_000, false) })
    expect(huge.status).toBe(413)
    const doc = (await new Client().get('/openapi/json')).body
    const body = doc.paths['/v1/t/job-postings'].post.requestBody.content['application/json'].schema
    expect(JSON.stringify(body)).toContain('"maxItems":50')
  })

  test('recruiters, work modes, industries, answers of an application', async () => {
    const { coach } = await jobWorld('enterprise')
    let r = await coach.client.post(P, { title: 'Many', recruiterIds: Array.from({ length: 51 }, () => crypto.randomUUID()) })
    expect(r.body.errors?.recruiterIds).toEqual(['A job posting can have at most 50 recruiters'])
    r = await coach.client.post(P, { title: 'Many', workplaceTypes: ['Remote', 'Remote', 'Hybrid', 'On-site'] })
    expect(r.body.errors?.workplaceTypes).toEqual(['Please select valid work modes: On-site, Hybrid, Remote'])
    r = await coach.client.post(P, { title: 'Many', industries: Array(10).fill('IT') })
    expect(r.body.errors?.industries).toEqual(['Please select valid departments'])
    const posting = (await coach.client.post(P, complete({ status: 'PUBLISHED' }))).body.data
    const answers = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [crypto.randomUUID(), `answer ${i}`]))
    r = await new Client().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Ada', email: 'ada@test.example', answers })
    expect(r.body.errors?.answers).toEqual(['An application can have at most 50 answers'])
  })

  test('profile lists: social accounts, experiences, certifications, specializations; roles', async () => {
    const me = await actor({ roles: ['coach'] })
    const url = (i: number) => `https://example.com/${i}`
    let r = await me.client.patch(`/v1/users/${me.user.id}`, {
      profile: { socialAccounts: Array.from({ length: 31 }, (_, i) => ({ platform: 'x', url: url(i) })) },
    })
    expect(r.body.errors?.['profile.socialAccounts']).toEqual(['You can link at most 30 social accounts'])
    r = await me.client.patch(`/v1/users/${me.user.id}`, {
      coachProfile: {
        experiences: Array.from({ length: 51 }, (_, i) => ({ title: `T${i}`, company: 'C' })),
        certifications: Array.from({ length: 51 }, (_, i) => ({ title: `T${i}`, issuingOrganization: 'O', order: i + 1 })),
        specializations: Array.from({ length: 21 }, (_, i) => `S${i}`),
      },
    })
    expect(r.body.errors).toMatchObject({
      'coachProfile.experiences': ['You can list at most 50 experiences'],
      'coachProfile.certifications': ['You can list at most 50 certifications'],
      'coachProfile.specializations': ['You can list at most 20 specializations'],
    })
    const admin = (await superAdmin()).client
    r = await admin.patch(`/v1/users/${me.user.id}`, { roles: Array.from({ length: 21 }, (_, i) => `role-${i}`) })
    expect(r.body.errors?.roles).toEqual(['A user can have at most 20 roles'])
  })

  test('workshop tags, booking resource preferences and meta, seat meta, role permissions, member roles', async () => {
    const { coach } = await team()
    let r = await coach.client.post('/v1/workshops', { title: 'Tags', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })
    expect(r.body.errors?.tags).toEqual(['At most 20 tags'])
    r = await coach.client.post('/v1/workshops', { title: 'Tags', tags: ['x'.repeat(101)] })
    expect(r.body.errors?.['tags.0']).toEqual(['Each tag must be at most 100 characters'])

    const { client, schedule } = await world()
    const prefs = Array.from({ length: 201 }, () => ({ id: crypto.randomUUID(), isVisible: false }))
    r = await book(client, schedule.id, { meta: { workshopResourcePreferences: prefs } })
    expect(r.body.errors?.['meta.workshopResourcePreferences']).toEqual(['At most 200 resource preferences per booking'])
    r = await book(client, schedule.id, { meta: { note: 'x'.repeat(17 * 1024) } })
    expect(r.body.errors?.meta).toEqual(['Meta cannot exceed 16 KB'])
    const booked = await book(client, schedule.id)
    expect(booked.status).toBe(201)
    r = await client.client.post('/v1/booking-seats', { bookingId: booked.body.data.id, email: 'x@test.example', meta: { big: 'y'.repeat(17 * 1024) } })
    expect(r.body.errors?.meta).toEqual(['Meta cannot exceed 16 KB'])

    const admin = (await superAdmin()).client
    r = await admin.post('/v1/roles', { name: `many-${Date.now()}`, permissions: Array.from({ length: 201 }, (_, i) => `p${i}`) })
    expect(r.body.errors?.permissions).toEqual(['A role can have at most 200 permissions'])
    const t = await tenant()
    const u = await actor()
    r = await admin.post(`/v1/tenants/${t.id}/members`, { userId: u.user.id, roles: Array.from({ length: 21 }, (_, i) => `r${i}`) })
    expect(r.body.errors?.roles).toEqual(['A member can have at most 20 roles'])
    // Job posting meta too.
    const jw = await jobWorld()
    r = await jw.coach.client.post(P, { title: 'Meta', meta: { blob: 'z'.repeat(17 * 1024) } })
    expect(r.body.errors?.meta).toEqual(['Meta cannot exceed 16 KB'])
  })

  test('members: a malformed memberId is a 404, never a 500', async () => {
    const admin = (await superAdmin()).client
    const t = await tenant()
    for (const id of ['not-a-uuid', "'%3B--", '123']) {
      expect((await admin.patch(`/v1/tenants/${t.id}/members/${id}`, { roles: [] })).status).toBe(404)
      expect((await admin.delete(`/v1/tenants/${t.id}/members/${id}`)).status).toBe(404)
    }
  })
})
