/** Users managed by super-admins: list, create, show, soft delete, restore, withTrashed. */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Role } from '../../src/modules/roles/role.entity'
import { actor, Client, em, superAdmin, uid } from '../client'

// Each test makes many requests; a busy machine must not turn slowness into failures.
setDefaultTimeout(60_000)

describe('users administration', () => {
  test('list, search and filter for super-admins only; paginated', async () => {
    const admin = await superAdmin()
    const tag = uid()
    for (let i = 0; i < 3; i++) await actor({ email: `list-${tag}-${i}@example.com`, roles: i === 0 ? ['coach'] : [] })
    const r = await admin.client.get(`/v1/users?q=list-${tag}&perPage=2&sort=email`)
    expect(r.status).toBe(200)
    expect(r.body.meta).toEqual({ page: 1, perPage: 2, total: 3, lastPage: 2 })
    expect(r.body.data.map((u: any) => u.email)).toEqual([`list-${tag}-0@example.com`, `list-${tag}-1@example.com`])
    const coaches = await admin.client.get(`/v1/users?q=list-${tag}&filter[role]=coach`)
    expect(coaches.body.data.map((u: any) => u.email)).toEqual([`list-${tag}-0@example.com`])
    const { client } = await actor()
    expect((await client.get('/v1/users')).status).toBe(403)
    expect((await new Client().get('/v1/users')).status).toBe(401)
  })

  test('create validates with the spec messages and refuses a taken email', async () => {
    const admin = await superAdmin()
    const bad = await admin.client.post('/v1/users', { email: 'nope', profile: { firstName: '', lastName: '' }, username: 'ab' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address'])
    expect(bad.body.errors['profile.firstName']).toEqual(['First name is required'])
    expect(bad.body.errors['profile.lastName']).toEqual(['Last name is required'])
    expect(bad.body.errors.username).toEqual(['Username must be at least 4 characters'])
    const missing = await admin.client.post('/v1/users', { email: `m-${uid()}@example.com`, profile: {} })
    expect(missing.body.errors['profile.firstName']).toEqual(['First name is required'])
    expect(missing.body.errors['profile.lastName']).toEqual(['Last name is required'])
    const noEmail = await admin.client.post('/v1/users', {})
    expect(noEmail.status).toBe(422)
    expect(noEmail.body.errors.email).toEqual(['Please enter a valid email address'])
    const email = `new-${uid()}@example.com`
    const ok = await admin.client.post('/v1/users', { email, roles: ['coach'], status: 'active', profile: { firstName: 'New', lastName: 'Coach' } })
    expect(ok.status).toBe(201)
    expect(ok.body.data).toMatchObject({ email, roles: ['coach'], status: 'active', profile: { firstName: 'New', lastName: 'Coach' } })
    const dup = await admin.client.post('/v1/users', { email })
    expect(dup.status).toBe(422)
    expect(dup.body.errors.email).toEqual(['The email has already been taken.'])
  })

  test('soft delete hides the user and ends their access; restore brings them back; withTrashed for admins only', async () => {
    const admin = await superAdmin()
    const target = await actor({ email: `gone-${uid()}@example.com` })
    expect((await target.client.get(`/v1/users/${target.user.id}`)).status).toBe(200)
    const { client: other } = await actor()
    expect((await other.delete(`/v1/users/${target.user.id}`)).status).toBe(403)

    expect((await admin.client.delete(`/v1/users/${target.user.id}`)).status).toBe(204)
    expect((await admin.client.get(`/v1/users/${target.user.id}`)).status).toBe(404)
    expect((await admin.client.get(`/v1/users?q=${target.user.email}`)).body.data).toHaveLength(0)
    // a deleted user's token no longer works
    expect((await target.client.get(`/v1/users/${target.user.id}`)).status).toBe(401)

    const trashed = await admin.client.get(`/v1/users?q=${target.user.email}&withTrashed=1`)
    expect(trashed.body.data).toHaveLength(1)
    expect(trashed.body.data[0].deletedAt).toBeString()
    expect((await admin.client.get(`/v1/users/${target.user.id}?withTrashed=1`)).status).toBe(200)
    expect((await other.get(`/v1/users?withTrashed=1`)).status).toBe(403)

    const restored = await admin.client.post(`/v1/users/${target.user.id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.data.deletedAt).toBeNull()
    expect((await target.client.get(`/v1/users/${target.user.id}`)).status).toBe(200)
  })

  test('withTrashed is refused to non-admins', async () => {
    const a = await actor()
    const r = await a.client.get(`/v1/users/${a.user.id}?withTrashed=1`)
    expect(r.status).toBe(403)
  })

  test('a deleted account frees its email; restoring it then conflicts', async () => {
    const admin = await superAdmin()
    const email = `reuse-${uid()}@example.com`
    const first = await admin.client.post('/v1/users', { email })
    await admin.client.delete(`/v1/users/${first.body.data.id}`)
    const second = await admin.client.post('/v1/users', { email })
    expect(second.status).toBe(201)
    const restore = await admin.client.post(`/v1/users/${first.body.data.id}/restore`)
    expect(restore.status).toBe(409)
  })

  test('a super-admin cannot delete their own account', async () => {
    const admin = await superAdmin()
    expect((await admin.client.delete(`/v1/users/${admin.user.id}`)).status).toBe(409)
  })

  test('filter[name] searches first, middle and last names', async () => {
    const admin = await superAdmin()
    const tag = uid()
    const a = await actor({ profile: { firstName: 'Quinn', lastName: `Zephyr${tag}` } })
    await actor({ profile: { firstName: 'Other', lastName: `Person${tag}` } })
    const r = await admin.client.get(`/v1/users?filter[name]=${encodeURIComponent(`quinn zephyr${tag}`)}`)
    expect(r.body.data.map((u: any) => u.id)).toEqual([a.user.id])
  })

  test('a user manager who is not a super-admin manages users but cannot touch super-admins', async () => {
    const m = em()
    const roleName = `user-manager-${uid()}`
    m.create(Role, { name: roleName, permissions: ['users.manage'] } as any)
    await m.flush()
    const manager = await actor({ roles: [roleName] })
    const target = await actor({ status: 'pending' })
    expect((await manager.client.get('/v1/users')).status).toBe(200)
    const r = await manager.client.patch(`/v1/users/${target.user.id}`, { status: 'active', roles: ['coach'] })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'active', roles: ['coach'] })
    expect((await manager.client.patch(`/v1/users/${target.user.id}`, { roles: ['super-admin'] })).status).toBe(403)
    expect((await manager.client.patch(`/v1/users/${manager.user.id}`, { roles: [roleName, 'super-admin'] })).status).toBe(403)
    const admin = await superAdmin()
    expect((await manager.client.patch(`/v1/users/${admin.user.id}`, { email: `steal-${uid()}@example.com` })).status).toBe(403)
    expect((await manager.client.delete(`/v1/users/${admin.user.id}`)).status).toBe(403)
  })

  test('the OpenAPI document describes the users endpoints', async () => {
    const doc = await new Client().get('/openapi/json')
    expect(doc.body.paths['/v1/users/{id}'].patch.requestBody).toBeDefined()
    expect(doc.body.paths['/v1/public/users']).toBeDefined()
    expect(doc.body.paths['/v1/uploads/avatar'].post).toBeDefined()
    expect(doc.body.paths['/v1/upload-temp'].post).toBeDefined()
  })
})
