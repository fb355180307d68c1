import { describe, expect, test } from 'bun:test'
import { Client } from '../client'
import { actor, makeWorkshop, superAdmin, team, uid } from './catalogue.fixtures'

describe('workshop templates', () => {
  test('super-admin creates with spec messages; price shown as decimal', async () => {
    const { client } = await superAdmin()
    const bad = await client.post('/v1/workshop-templates', { title: 'ab', image: 'x'.repeat(256) })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.title).toEqual(['Title must be at least 3 characters'])
    expect(bad.body.errors.price).toEqual(['Price is required'])
    expect(bad.body.errors.image).toEqual(['Must be at most 255 characters'])
    const zero = await client.post('/v1/workshop-templates', { title: 'Zero price', price: 0 })
    expect(zero.body.errors.price).toEqual(['Price is required'])
    const ok = await client.post('/v1/workshop-templates', { title: `Leadership Basics ${uid()}`, price: 19.5, level: 'BEGINNER' })
    expect(ok.status).toBe(201)
    expect(ok.body.data.price).toBe(19.5)
    expect(ok.body.data.slug).toStartWith('leadership-basics-')
  })

  test('coaches and clients read, only super-admins manage; soft delete and restore', async () => {
    const admin = await superAdmin()
    const { coach, client } = await team()
    const created = await admin.client.post('/v1/workshop-templates', { title: `Tpl ${uid()}`, price: 10 })
    const id = created.body.data.id
    expect((await coach.client.get(`/v1/workshop-templates/${id}`)).status).toBe(200)
    expect((await client.client.get('/v1/workshop-templates')).status).toBe(200)
    expect((await coach.client.post('/v1/workshop-templates', { title: 'Nope nope', price: 10 })).status).toBe(403)
    expect((await coach.client.patch(`/v1/workshop-templates/${id}`, { title: 'Changed' })).status).toBe(403)
    expect((await new Client().get('/v1/workshop-templates')).status).toBe(401)
    expect((await admin.client.delete(`/v1/workshop-templates/${id}`)).status).toBe(204)
    expect((await coach.client.get(`/v1/workshop-templates/${id}`)).status).toBe(404)
    const restored = await admin.client.post(`/v1/workshop-templates/${id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.data.deletedAt).toBeNull()
  })
})

describe('tags', () => {
  test('anyone lists tags; only super-admins create them', async () => {
    const admin = await superAdmin()
    const name = `Leadership ${uid()}`
    const r = await admin.client.post('/v1/tags', { name })
    expect(r.status).toBe(201)
    expect(r.body.data.slug).toBe(name.toLowerCase().replace(' ', '-'))
    const list = await new Client().get(`/v1/tags?q=${encodeURIComponent(name)}`)
    expect(list.status).toBe(200)
    expect(list.body.data.map((t: any) => t.name)).toEqual([name])
    const { coach } = await team()
    expect((await coach.client.post('/v1/tags', { name: 'x' })).status).toBe(403)
    expect((await admin.client.post('/v1/tags', { name: '' })).body.errors.name).toEqual(['Tag name is required'])
  })
})

describe('tags and templates: update and delete', () => {
  test('tags: rename, change slug (unique), delete', async () => {
    const admin = await superAdmin()
    const a = (await admin.client.post('/v1/tags', { name: `Alpha ${uid()}` })).body.data
    const b = (await admin.client.post('/v1/tags', { name: `Beta ${uid()}` })).body.data
    const renamed = await admin.client.patch(`/v1/tags/${a.id}`, { name: 'Alpha renamed' })
    expect(renamed.body.data.name).toBe('Alpha renamed')
    expect(renamed.body.data.slug).toBe(a.slug)
    const taken = await admin.client.patch(`/v1/tags/${a.id}`, { slug: b.slug })
    expect(taken.status).toBe(422)
    expect(taken.body.errors.slug).toEqual(['The slug has already been taken.'])
    expect((await admin.client.delete(`/v1/tags/${b.id}`)).status).toBe(204)
    expect((await new Client().get(`/v1/tags/${b.id}`)).status).toBe(404)
    const { coach } = await team()
    expect((await coach.client.delete(`/v1/tags/${a.id}`)).status).toBe(403)
  })

  test('templates: partial update converts the price, validates, keeps slugs unique', async () => {
    const admin = await superAdmin()
    const t1 = (await admin.client.post('/v1/workshop-templates', { title: `One ${uid()}`, price: 10 })).body.data
    const t2 = (await admin.client.post('/v1/workshop-templates', { title: `Two ${uid()}`, price: 10 })).body.data
    const upd = await admin.client.patch(`/v1/workshop-templates/${t1.id}`, { price: 12.34, level: 'ADVANCED' })
    expect(upd.body.data).toMatchObject({ price: 12.34, level: 'ADVANCED', title: t1.title })
    expect((await admin.client.patch(`/v1/workshop-templates/${t1.id}`, { price: 0 })).body.errors.price).toEqual(['Price is required'])
    expect((await admin.client.patch(`/v1/workshop-templates/${t1.id}`, { level: 'EXPERT' })).body.errors.level).toEqual([
      'Please select a valid workshop level',
    ])
    expect((await admin.client.patch(`/v1/workshop-templates/${t1.id}`, { slug: t2.slug })).body.errors.slug).toEqual(['The slug has already been taken.'])
    const list = await admin.client.get(`/v1/workshop-templates?filter[level]=ADVANCED&q=${encodeURIComponent(t1.title)}`)
    expect(list.body.data.map((t: any) => t.id)).toEqual([t1.id])
  })
})

describe('workshops', () => {
  test('a coach creates a workshop in the tenant; validation messages of section 5', async () => {
    const { coach } = await team()
    const bad = await coach.client.post('/v1/workshops', {
      title: 'ab',
      image: 'not a url',
      video: `https://v.example.com/${'x'.repeat(260)}`,
      minSeats: 5,
      maxSeats: 2,
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.title).toEqual(['Title must be at least 3 characters'])
    expect(bad.body.errors.image).toEqual(['Please enter a valid URL'])
    expect(bad.body.errors.video).toEqual(['Must be at most 255 characters'])
    const long = await coach.client.post('/v1/workshops', { title: 'x'.repeat(256) })
    expect(long.body.errors.title).toEqual(['Title must be at most 255 characters'])
    const seats = await coach.client.post('/v1/workshops', { title: 'Seats wrong', minSeats: 5, maxSeats: 2 })
    expect(seats.body.errors.maxSeats).toEqual(['Maximum seats must be at least the minimum seats'])
    const w = await makeWorkshop(coach, { title: 'Lead Your First Team', image: 'https://img.example.com/a.png' })
    expect(w.coachId).toBe(coach.user.id)
    expect(w.price).toBe(49.99)
    expect(w.slug).toStartWith('lead-your-first-team')
  })

  test('slug unique per tenant: an explicit taken slug is a 422, a derived one gets a suffix; free again after delete', async () => {
    const { coach } = await team()
    const a = await makeWorkshop(coach, { title: 'Same Title' })
    const b = await makeWorkshop(coach, { title: 'Same Title' })
    expect(a.slug).toBe('same-title')
    expect(b.slug).toBe('same-title-2')
    const dup = await coach.client.post('/v1/workshops', { title: 'Other', slug: 'same-title' })
    expect(dup.status).toBe(422)
    expect(dup.body.errors.slug).toEqual(['The slug has already been taken.'])
    // another tenant may use the same slug
    const t2 = await team()
    expect((await makeWorkshop(t2.coach, { title: 'Same Title' })).slug).toBe('same-title')
    await coach.client.delete(`/v1/workshops/${a.id}`)
    expect((await coach.client.post('/v1/workshops', { title: 'Other', slug: 'same-title' })).status).toBe(201)
    // restoring the first now collides with the partial unique index: 409
    expect((await coach.client.post(`/v1/workshops/${a.id}/restore`)).status).toBe(409)
  })

  test('templates fill in what the coach leaves out; tags by slug', async () => {
    const admin = await superAdmin()
    const tagName = `Tag ${uid()}`
    const tag = (await admin.client.post('/v1/tags', { name: tagName })).body.data
    const tpl = (
      await admin.client.post('/v1/workshop-templates', {
        title: `Tpl ${uid()}`,
        price: 120,
        description: 'From the template',
        image: 'https://img.example.com/t.png',
      })
    ).body.data
    const { coach, client } = await team()
    const w = await makeWorkshop(coach, { workshopTemplateId: tpl.id, price: undefined, tags: [tag.slug] })
    expect(w.price).toBe(120)
    expect(w.description).toBe('From the template')
    expect(w.image).toBe('https://img.example.com/t.png')
    expect(w.tags.map((t: any) => t.slug)).toEqual([tag.slug])
    const unknown = await coach.client.post('/v1/workshops', { title: 'Tagged', tags: ['no-such-tag'] })
    expect(unknown.body.errors.tags).toEqual(['Unknown tag: no-such-tag'])
    const shown = await client.client.get(`/v1/workshops/${w.id}?include=coach,workshopTemplate`)
    expect(shown.status, JSON.stringify(shown.body)).toBe(200)
    expect(shown.body.data.coach.id).toBe(coach.user.id)
    expect(shown.body.data.coach.email).toBeUndefined()
    expect(shown.body.data.workshopTemplate.id).toBe(tpl.id)
    const byTag = await client.client.get(`/v1/workshops?filter[tag]=${tag.slug}`)
    expect(byTag.body.data.map((x: any) => x.id)).toEqual([w.id])
  })

  test("roles: clients read but cannot create; a coach cannot change another coach's workshop", async () => {
    const { coach, other, client } = await team()
    const w = await makeWorkshop(coach)
    expect((await client.client.get(`/v1/workshops/${w.id}`)).status).toBe(200)
    expect((await client.client.post('/v1/workshops', { title: 'Client workshop' })).status).toBe(403)
    expect((await other.client.patch(`/v1/workshops/${w.id}`, { title: 'Hijacked' })).status).toBe(403)
    expect((await other.client.delete(`/v1/workshops/${w.id}`)).status).toBe(403)
    expect((await other.client.post('/v1/workshops', { title: 'For someone', coachId: coach.user.id })).status).toBe(403)
    const upd = await coach.client.patch(`/v1/workshops/${w.id}`, { title: 'Renamed workshop', price: 10 })
    expect(upd.status).toBe(200)
    expect(upd.body.data.title).toBe('Renamed workshop')
    expect(upd.body.data.price).toBe(10)
    const mine = await coach.client.get('/v1/workshops?filter[coach]=me')
    expect(mine.body.data.map((x: any) => x.id)).toEqual([w.id])
  })

  test("tenant isolation: another tenant's workshop is a 404, even for its id", async () => {
    const a = await team()
    const b = await team()
    const w = await makeWorkshop(a.coach)
    expect((await b.coach.client.get(`/v1/workshops/${w.id}`)).status).toBe(404)
    expect((await b.coach.client.patch(`/v1/workshops/${w.id}`, { title: 'Mine now' })).status).toBe(404)
    expect((await b.coach.client.delete(`/v1/workshops/${w.id}`)).status).toBe(404)
    expect((await b.client.client.get('/v1/workshops')).body.data.find((x: any) => x.id === w.id)).toBeUndefined()
    // asking for tenant A with X-Team while not a member: 404 on the team
    b.coach.client.withTeam(a.tenant.slug)
    expect((await b.coach.client.get(`/v1/workshops/${w.id}`)).status).toBe(404)
  })

  test('soft delete hides, restore brings back; super-admin sees trashed', async () => {
    const { coach, tenant } = await team()
    const admin = await superAdmin()
    admin.client.withTeam(tenant.slug)
    const w = await makeWorkshop(coach)
    expect((await coach.client.delete(`/v1/workshops/${w.id}`)).status).toBe(204)
    expect((await coach.client.get(`/v1/workshops/${w.id}`)).status).toBe(404)
    expect((await coach.client.get('/v1/workshops?withTrashed=1')).status).toBe(403)
    const trashed = await admin.client.get('/v1/workshops?onlyTrashed=1')
    expect(trashed.body.data.map((x: any) => x.id)).toContain(w.id)
    const r = await coach.client.post(`/v1/workshops/${w.id}/restore`)
    expect(r.status).toBe(200)
    expect((await coach.client.get(`/v1/workshops/${w.id}`)).status).toBe(200)
  })

  test('super-admin creates a workshop for a coach of the team', async () => {
    const { coach, client, tenant } = await team()
    const admin = await superAdmin()
    admin.client.withTeam(tenant.slug)
    const ok = await admin.client.post('/v1/workshops', { title: 'Made for coach', coachId: coach.user.id })
    expect(ok.status).toBe(201)
    expect(ok.body.data.coachId).toBe(coach.user.id)
    const notCoach = await admin.client.post('/v1/workshops', { title: 'Made for client', coachId: client.user.id })
    expect(notCoach.body.errors.coachId).toEqual(['The coach must be an active coach of this team.'])
    const stranger = await actor({ roles: ['coach'] })
    expect((await admin.client.post('/v1/workshops', { title: 'Stranger', coachId: stranger.user.id })).status).toBe(422)
  })
})
