/** POST /v1/onboarding/complete: the end of onboarding for a pending user. */
import { describe, expect, test } from 'bun:test'
import { Membership, Tenant } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { actor, em } from '../client'

const basics = { businessName: 'Rivera Coaching', bio: 'I help teams run better meetings.', specializations: ['Facilitation'] }

describe('onboarding', () => {
  test('requires a signed-in user', async () => {
    const { Client } = await import('../client')
    const r = await new Client().post('/v1/onboarding/complete', { role: 'client' })
    expect(r.status).toBe(401)
  })

  test('a client finishes: active, lands on /b', async () => {
    const { user, client } = await actor({ status: 'pending' })
    const r = await client.post('/v1/onboarding/complete', { role: 'client' })
    expect(r.status).toBe(200)
    expect(r.body.data.redirect).toBe('/b')
    expect(r.body.data.user.status).toBe('active')
    const fresh = await em().findOneOrFail(User, { id: user.id })
    expect(fresh.status).toBe('active')
    expect(fresh.roles).not.toContain('coach')
  })

  test('a coach finishes: coach role, basics, own team on the free plan, lands on /c', async () => {
    const { user, client } = await actor({ status: 'pending', username: `coach${Date.now().toString(36).slice(-6)}` })
    const r = await client.post('/v1/onboarding/complete', { role: 'coach', coachProfile: basics })
    expect(r.status).toBe(200)
    expect(r.body.data.redirect).toBe('/c')
    const fresh = await em().findOneOrFail(User, { id: user.id })
    expect(fresh.roles).toContain('coach')
    expect(fresh.coachProfile).toMatchObject(basics)
    const tenant = await em().findOneOrFail(Tenant, { slug: fresh.defaultTenantSlug! })
    expect(tenant.plan).toBe('free')
    expect(tenant.name).toBe('Rivera Coaching')
    const m = await em().findOneOrFail(Membership, { tenant, user: user.id })
    expect(m.status).toBe('ACTIVE')
    // They run their own team: its manager.
    expect(m.roles).toEqual(['manager', 'coach'])
  })

  test('validation with the spec messages; step 1 must be done first', async () => {
    const { client } = await actor({ status: 'pending' })
    const bad = await client.post('/v1/onboarding/complete', { role: 'coach', coachProfile: { businessName: '', bio: '', specializations: [] } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors['coachProfile.businessName']).toEqual(['Business name is required'])
    const role = await client.post('/v1/onboarding/complete', { role: 'admin' })
    expect(role.status).toBe(422)
    const unnamed = await actor({ status: 'pending', profile: {} })
    const r = await unnamed.client.post('/v1/onboarding/complete', { role: 'client' })
    expect(r.status).toBe(422)
    expect(r.body.errors.role).toEqual(['Please complete your name and username first'])
  })

  test('once active, calling again changes nothing', async () => {
    const { user, client } = await actor({ status: 'active' })
    const r = await client.post('/v1/onboarding/complete', { role: 'coach', coachProfile: basics })
    expect(r.status).toBe(200)
    expect(r.body.data.redirect).toBe('/b')
    expect((await em().findOneOrFail(User, { id: user.id })).roles).not.toContain('coach')
  })
})
