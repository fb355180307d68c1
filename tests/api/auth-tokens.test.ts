import { describe, expect, test } from 'bun:test'
import { actor, Client } from '../client'
import { expectReauthRequired, reauthenticate } from '../reauth'

describe('personal access tokens', () => {
  test('create (plain text once), list, use, revoke', async () => {
    const me = await actor()
    const { user, client } = me
    // Creating a token is a sensitive action: refused until this token made a fresh second check.
    expectReauthRequired(await client.post('/v1/auth/tokens', { name: 'deploy script', expiresInDays: 30 }))
    await reauthenticate(me)
    const created = await client.post('/v1/auth/tokens', { name: 'deploy script', expiresInDays: 30 })
    expect(created.status).toBe(201)
    expect(created.body.data.name).toBe('deploy script')
    expect(created.body.data.token).toStartWith('summit_')
    expect(new Date(created.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)

    const list = await client.get('/v1/auth/tokens')
    expect(list.status).toBe(200)
    expect(list.body.meta).toMatchObject({ page: 1, perPage: 10, total: 2 })
    expect(list.body.data.map((t: any) => t.name)).toContain('deploy script')
    expect(JSON.stringify(list.body)).not.toContain(created.body.data.token)

    const script = new Client()
    script.bearer = created.body.data.token
    expect((await script.get('/v1/auth/me')).body.data.id).toBe(user.id)

    expect((await client.delete(`/v1/auth/tokens/${created.body.data.id}`)).status).toBe(204)
    expect((await script.get('/v1/auth/me')).status).toBe(401)
  })

  test("another user's token is a 404; a missing name is a 422; signed out is 401", async () => {
    const a = await actor()
    const b = await actor()
    await reauthenticate(a)
    const t = await a.client.post('/v1/auth/tokens', { name: 'mine' })
    expect((await b.client.delete(`/v1/auth/tokens/${t.body.data.id}`)).status).toBe(404)
    expect((await b.client.delete('/v1/auth/tokens/not-a-uuid')).status).toBe(404)
    const bad = await a.client.post('/v1/auth/tokens', {})
    expect(bad.status).toBe(422)
    expect(bad.body.errors.name).toEqual(['The token name is required.'])
    expect((await new Client().post('/v1/auth/tokens', { name: 'x' })).status).toBe(401)
    expect((await new Client().get('/v1/auth/tokens')).status).toBe(401)
  })
})

describe('OpenAPI document of sign-in', () => {
  test('every sign-in path is listed under Auth with its payload and answers; the dev outbox is not', async () => {
    const doc = (await new Client().get('/openapi/json')).body
    const paths: [string, string][] = [
      ['/v1/auth/register-using-otp', 'post'],
      ['/v1/auth/login-using-otp', 'post'],
      ['/v1/auth/verify-email-using-otp', 'post'],
      ['/v1/auth/verify-token', 'post'],
      ['/v1/auth/me', 'get'],
      ['/v1/auth/logout', 'post'],
      ['/v1/auth/tokens', 'post'],
      ['/v1/auth/tokens', 'get'],
      ['/v1/auth/tokens/{id}', 'delete'],
      ['/v1/auth/providers', 'get'],
      ['/v1/auth/connect/multiplai/redirect', 'get'],
      ['/v1/auth/connect/multiplai/callback', 'get'],
    ]
    for (const [path, method] of paths) {
      const op = doc.paths[path]?.[method]
      expect(op, `${method} ${path}`).toBeDefined()
      expect(op.tags).toContain('Auth')
      expect(Object.keys(op.responses ?? {}).length).toBeGreaterThan(0)
    }
    const login = doc.paths['/v1/auth/login-using-otp'].post
    expect(login.requestBody.content['application/json'].schema.properties.code).toBeDefined()
    expect(login.responses['200'].content['application/json'].schema).toBeDefined()
    expect(Object.keys(doc.paths).some((p) => p.includes('/dev/'))).toBe(false)
  })
})
