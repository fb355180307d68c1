import { describe, expect, test } from 'bun:test'
import { actor, Client, superAdmin, tenant, uid } from './client'

describe('API conventions', () => {
  test('unknown /v1 route answers 404 JSON', async () => {
    const r = await new Client().get('/v1/nothing-here')
    expect(r.status).toBe(404)
    expect(r.body.message).toBeString()
  })

  test('malformed JSON is a 400 with a clear message, and nothing is created', async () => {
    const { client } = await superAdmin()
    const r = await client.post('/v1/tenants', '{"name": ', { 'content-type': 'application/json' })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('The request body is not valid JSON.')
  })

  test('unknown fields are a 422 naming the field', async () => {
    const { client } = await superAdmin()
    const r = await client.post('/v1/tenants', { name: 'X', slug: `s-${uid()}`, hacker: true })
    expect(r.status).toBe(422)
    expect(r.body.errors.hacker[0]).toContain('hacker')
  })

  test('unknown include and sort are 422', async () => {
    const { client } = await superAdmin()
    expect((await client.get('/v1/tenants?include=secrets')).status).toBe(422)
    const s = await client.get('/v1/tenants?sort=password')
    expect(s.status).toBe(422)
    expect(s.body.errors.sort[0]).toContain('password')
  })

  test('401 without a session, 403 for the wrong role', async () => {
    expect((await new Client().get('/v1/tenants')).status).toBe(401)
    const { client } = await actor()
    expect((await client.get('/v1/tenants')).status).toBe(403)
  })

  test('CSRF: a cookie session without X-XSRF-TOKEN gets 419; with it, passes', async () => {
    const c = await new Client().csrfCookie()
    expect(c.cookies.get('XSRF-TOKEN')).toBeString()
    expect(c.cookies.get('summit_session')).toBeString()
    c.csrf = false
    const bad = await c.post('/v1/tenants', { name: 'X', slug: 'whatever' })
    expect(bad.status).toBe(419)
    expect(bad.body.message).toBe('CSRF token mismatch.')
    c.csrf = true
    const ok = await c.post('/v1/tenants', { name: 'X', slug: 'whatever' })
    expect(ok.status).toBe(401) // passes CSRF, then needs a user
  })

  test('the OpenAPI document lists the API and Swagger UI is served offline', async () => {
    const c = new Client()
    const doc = await c.get('/openapi/json')
    expect(doc.status).toBe(200)
    expect(doc.body.paths['/v1/tenants']).toBeDefined()
    expect(doc.body.paths['/v1/tenants'].post.requestBody).toBeDefined()
    const ui = await c.get('/docs')
    expect(ui.body).toContain('/docs/assets/swagger-ui-bundle.js')
    expect(ui.body).not.toMatch(/https?:\/\/(cdn|unpkg)/)
    const asset = await c.get('/docs/assets/swagger-ui-bundle.js')
    expect(asset.status).toBe(200)
  })
})

describe('tenants', () => {
  test('create validates with the spec messages', async () => {
    const { client } = await superAdmin()
    const r = await client.post('/v1/tenants', { slug: 'ab', domain: 'not a domain', plan: 'gold' })
    expect(r.status).toBe(422)
    expect(r.body.errors.name).toEqual(['Tenant name is required'])
    expect(r.body.errors.slug).toEqual(['Slug must be at least 3 characters'])
    expect(r.body.errors.domain).toEqual(['Domain must be a valid format like example.com'])
    expect(r.body.errors.plan).toEqual(['Please select a valid plan'])
  })

  test('domain is normalised to https host, slug lowercased; soft delete and restore', async () => {
    const { client } = await superAdmin()
    const slug = `Acme-${uid()}`
    const r = await client.post('/v1/tenants', { name: 'Acme', slug, domain: 'WWW.Acme.com/about?x=1', plan: 'pro' })
    expect(r.status).toBe(201)
    expect(r.body.data.slug).toBe(slug.toLowerCase())
    expect(r.body.data.domain).toBe('https://www.acme.com')
    const id = r.body.data.id
    expect((await client.delete(`/v1/tenants/${id}`)).status).toBe(204)
    expect((await client.get(`/v1/tenants/${id}`)).status).toBe(404)
    const list = await client.get(`/v1/tenants?q=${slug}`)
    expect(list.body.data).toHaveLength(0)
    const trashed = await client.get(`/v1/tenants?q=${slug}&withTrashed=1`)
    expect(trashed.body.data).toHaveLength(1)
    // the slug of a deleted tenant is free again (partial unique index)
    const again = await client.post('/v1/tenants', { name: 'Acme 2', slug })
    expect(again.status).toBe(201)
    expect((await client.post(`/v1/tenants/${id}/restore`)).status).toBe(409)
    await client.delete(`/v1/tenants/${again.body.data.id}`)
    const restored = await client.post(`/v1/tenants/${id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.data.deletedAt).toBeNull()
  })

  test('duplicate slug is a 422 on slug', async () => {
    const { client } = await superAdmin()
    const t = await tenant()
    const r = await client.post('/v1/tenants', { name: 'Dup', slug: t.slug })
    expect(r.status).toBe(422)
    expect(r.body.errors.slug).toEqual(['The slug has already been taken.'])
  })

  test('GET /v1/t resolves X-Team for members only; others get 404', async () => {
    const a = await tenant()
    const b = await tenant()
    const { client } = await actor({ tenant: a })
    const mine = await client.get('/v1/t')
    expect(mine.status).toBe(200)
    expect(mine.body.data.slug).toBe(a.slug)
    client.withTeam(b.slug)
    expect((await client.get('/v1/t')).status).toBe(404)
  })

  test('list paginates with meta', async () => {
    const { client } = await superAdmin()
    const tag = uid()
    for (let i = 0; i < 3; i++) await client.post('/v1/tenants', { name: `P ${tag} ${i}`, slug: `p-${tag}-${i}` })
    const r = await client.get(`/v1/tenants?q=${tag}&perPage=2&sort=slug`)
    expect(r.body.meta).toEqual({ page: 1, perPage: 2, total: 3, lastPage: 2 })
    expect(r.body.data.map((t: any) => t.slug)).toEqual([`p-${tag}-0`, `p-${tag}-1`])
  })
})
