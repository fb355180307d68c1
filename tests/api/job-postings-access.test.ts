import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { actor, Client, tenant as makeTenant, superAdmin } from '../client'
import { complete, jobWorld } from './job-postings.fixtures'

setDefaultTimeout(90_000)
const P = '/v1/t/job-postings'

describe('job postings: status transitions', () => {
  test('the documented table: DRAFT may be incomplete, PUBLISHED needs every required field', async () => {
    const w = await jobWorld('enterprise')
    const c = w.coach.client
    const draft = (await c.post(P, { title: 'Incomplete' })).body.data
    let r = await c.patch(`${P}/${draft.id}`, { status: 'PUBLISHED' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toMatchObject({
      description: ['Description is required'],
      skillsDescription: ['Skills description is required'],
      companyName: ['Company name is required'],
      location: ['Location is required'],
      employmentStatus: ['Employment type is required'],
      experienceLevel: ['Seniority level is required'],
    })
    expect(r.body.errors.interviewQuestions).toBeDefined()
    const { title: _t, ...rest } = complete()
    r = await c.patch(`${P}/${draft.id}`, { ...rest, status: 'PUBLISHED' })
    expect(r.status).toBe(200)
    expect(r.body.data.status).toBe('PUBLISHED')
    expect(r.body.data.publishedAt).toBeTruthy()
    // A published posting must stay complete.
    expect((await c.patch(`${P}/${draft.id}`, { description: null })).body.errors.description).toEqual(['Description is required'])
    // PUBLISHED -> DRAFT is not in the table.
    r = await c.patch(`${P}/${draft.id}`, { status: 'DRAFT' })
    expect(r.status).toBe(422)
    expect(r.body.errors.status).toEqual(['A PUBLISHED job posting cannot become DRAFT. Allowed: CLOSED, ARCHIVED.'])
    expect((await c.patch(`${P}/${draft.id}`, { status: 'CLOSED' })).body.data.status).toBe('CLOSED')
    expect((await c.patch(`${P}/${draft.id}`, { status: 'DRAFT' })).body.errors.status).toEqual([
      'A CLOSED job posting cannot become DRAFT. Allowed: PUBLISHED, ARCHIVED.',
    ])
    expect((await c.patch(`${P}/${draft.id}`, { status: 'PUBLISHED' })).body.data.status).toBe('PUBLISHED')
    expect((await c.patch(`${P}/${draft.id}`, { status: 'ARCHIVED' })).body.data.status).toBe('ARCHIVED')
    expect((await c.patch(`${P}/${draft.id}`, { status: 'PUBLISHED' })).body.errors.status).toEqual([
      'A ARCHIVED job posting cannot become PUBLISHED. Allowed: DRAFT.',
    ])
    expect((await c.patch(`${P}/${draft.id}`, { status: 'DRAFT' })).body.data.status).toBe('DRAFT')
    expect((await c.patch(`${P}/${draft.id}`, { status: 'CLOSED' })).body.errors.status).toEqual([
      'A DRAFT job posting cannot become CLOSED. Allowed: PUBLISHED, ARCHIVED.',
    ])
  })
})

describe('job postings: plan limit on open postings', () => {
  test('free allows 1 open posting; closing one frees the slot; restore counts again', async () => {
    const w = await jobWorld('free')
    const c = w.coach.client
    const a = await c.post(P, complete({ status: 'PUBLISHED' }))
    expect(a.status).toBe(201)
    const b = await c.post(P, complete({ status: 'PUBLISHED' }))
    expect(b.status).toBe(409)
    expect(b.body.message).toBe('The free plan allows 1 open job posting at a time. Close or archive one, or upgrade the plan.')
    const draft = await c.post(P, complete())
    expect((await c.patch(`${P}/${draft.body.data.id}`, { status: 'PUBLISHED' })).status).toBe(409)
    // Editing the open one is fine (it does not count against itself).
    expect((await c.patch(`${P}/${a.body.data.id}`, { title: 'Renamed' })).status).toBe(200)
    expect((await c.patch(`${P}/${a.body.data.id}`, { status: 'CLOSED' })).status).toBe(200)
    expect((await c.patch(`${P}/${draft.body.data.id}`, { status: 'PUBLISHED' })).status).toBe(200)
    // A deleted open posting frees the slot; restoring it would exceed the plan.
    expect((await c.delete(`${P}/${draft.body.data.id}`)).status).toBe(204)
    expect((await c.patch(`${P}/${a.body.data.id}`, { status: 'PUBLISHED' })).status).toBe(200)
    expect((await c.post(`${P}/${draft.body.data.id}/restore`)).status).toBe(409)
  })

  test('concurrent publishing never exceeds the plan (pro: 20 of 30 drafts)', async () => {
    const w = await jobWorld('pro')
    const c = w.coach.client
    const ids: string[] = []
    for (let i = 0; i < 30; i++) ids.push((await c.post(P, complete({ title: `Draft ${i}` }))).body.data.id)
    const results = await Promise.all(ids.map((id) => c.patch(`${P}/${id}`, { status: 'PUBLISHED' })))
    expect(results.filter((r) => r.status === 200)).toHaveLength(20)
    expect(results.filter((r) => r.status === 409)).toHaveLength(10)
    expect((await c.get(`${P}?filter[status]=PUBLISHED`)).body.meta.total).toBe(20)
  })

  test('enterprise is unlimited', async () => {
    const w = await jobWorld('enterprise')
    for (let i = 0; i < 3; i++) expect((await w.coach.client.post(P, complete({ status: 'PUBLISHED' }))).status).toBe(201)
  })
})

describe('job postings: who may do what', () => {
  test('order: 401, then team, then 403, then 422', async () => {
    const w = await jobWorld()
    const anon = new Client().withTeam(w.tenant.slug)
    for (const [m, path] of [
      ['GET', P],
      ['POST', P],
      ['PATCH', `${P}/x`],
      ['DELETE', `${P}/x`],
      ['POST', `${P}/x/restore`],
      ['GET', `${P}/x/applications`],
    ] as const)
      expect((await anon.request(m, path, m === 'GET' ? undefined : { title: '' })).status).toBe(401)
    // A user of another team: the team is not theirs (404) before any permission or body check.
    const stranger = await actor({ roles: ['coach'], tenant: await makeTenant() })
    stranger.client.team = w.tenant.slug
    const s = await stranger.client.post(P, { title: '' })
    expect(s.status).toBe(404)
    expect(s.body.message).toBe('Team not found.')
    // A member without the permission: 403, also with an invalid body.
    expect((await w.member.client.post(P, { title: '' })).status).toBe(403)
    expect((await w.member.client.get(P)).status).toBe(403)
    // The coach: 422.
    expect((await w.coach.client.post(P, { title: '' })).status).toBe(422)
    // Recruiters must be members of the team.
    const r = await w.coach.client.post(P, { title: 'Recruiters', recruiterIds: [stranger.user.id] })
    expect(r.status).toBe(422)
    expect(r.body.errors.recruiterIds).toEqual(['Recruiters must be active members of this team'])
    expect((await w.coach.client.post(P, { title: 'Recruiters', recruiterIds: [w.member.user.id, w.coach.user.id] })).status).toBe(201)
  })

  test('tenant isolation and super-admins across every tenant', async () => {
    const a = await jobWorld()
    const b = await jobWorld()
    const mine = (await a.coach.client.post(P, { title: 'Team A only' })).body.data
    const theirs = (await b.coach.client.post(P, { title: 'Team B only' })).body.data
    const bc = b.coach.client
    expect((await bc.get(`${P}/${mine.id}`)).status).toBe(404)
    expect((await bc.patch(`${P}/${mine.id}`, { title: 'Hijack' })).status).toBe(404)
    expect((await bc.delete(`${P}/${mine.id}`)).status).toBe(404)
    expect((await bc.post(`${P}/${mine.id}/restore`)).status).toBe(404)
    expect((await bc.get(`${P}/${mine.id}/applications`)).status).toBe(404)
    expect((await bc.get(P)).body.data.map((x: any) => x.id)).toEqual([theirs.id])
    const admin = (await superAdmin()).client
    const all = await admin.get(`${P}?perPage=100&include=tenant`)
    expect(all.status).toBe(200)
    const ids = all.body.data.map((x: any) => x.id)
    expect(ids).toContain(mine.id)
    expect(ids).toContain(theirs.id)
    admin.team = a.tenant.slug
    const scoped = await admin.get(`${P}?perPage=100`)
    expect(scoped.body.data.map((x: any) => x.id)).toEqual([mine.id])
    expect((await admin.patch(`${P}/${mine.id}`, { title: 'By admin' })).status).toBe(200)
    // Deleted rows: super-admins only.
    await a.coach.client.delete(`${P}/${mine.id}`)
    expect((await a.coach.client.get(`${P}?withTrashed=1`)).status).toBe(403)
    expect((await admin.get(`${P}?onlyTrashed=1`)).body.data.map((x: any) => x.id)).toEqual([mine.id])
    expect((await admin.get(`${P}/${mine.id}?withTrashed=1`)).status).toBe(200)
  })

  test('the OpenAPI document shows every operation with request and response schemas', async () => {
    const doc = (await new Client().get('/openapi/json')).body
    const ops: [string, string][] = [
      ['/v1/t/job-postings', 'get'],
      ['/v1/t/job-postings', 'post'],
      ['/v1/t/job-postings/{id}', 'get'],
      ['/v1/t/job-postings/{id}', 'patch'],
      ['/v1/t/job-postings/{id}', 'delete'],
      ['/v1/t/job-postings/{id}/restore', 'post'],
      ['/v1/t/job-postings/{id}/applications', 'get'],
      ['/v1/t/job-postings/{id}/applications/{applicationId}', 'patch'],
      ['/v1/t/job-postings/{id}/applications/{applicationId}/resume', 'get'],
      ['/v1/public/jobs', 'get'],
      ['/v1/public/jobs/{id}', 'get'],
      ['/v1/public/jobs/{id}/applications', 'post'],
    ]
    for (const [path, method] of ops) {
      const op = doc.paths[path]?.[method]
      expect(op, `${method} ${path}`).toBeDefined()
      expect(Object.keys(op.responses ?? {}).length, `${method} ${path} responses`).toBeGreaterThan(0)
    }
    const post = doc.paths['/v1/t/job-postings'].post
    const body = JSON.stringify(post.requestBody)
    for (const word of ['interviewQuestions', 'preferences', 'FULL_TIME', 'MID_SENIOR_LEVEL', 'Remote', 'ENGINEERING', 'IN_PERSON'])
      expect(body).toContain(word)
    expect(JSON.stringify(doc.paths['/v1/t/job-postings/{id}'].patch.requestBody)).toContain('skillsDescription')
    expect(post.description).toContain('| DRAFT | PUBLISHED, ARCHIVED |')
    expect(JSON.stringify(post.responses['201'])).toContain('applicantCount')
  })
})
