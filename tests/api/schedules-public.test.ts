import { beforeAll, describe, expect, test } from 'bun:test'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { Client, em, uid } from '../client'
import { book } from './catalogue.bookings'
import { DAY, iso, makeSchedule, makeWorkshop, superAdmin, team } from './catalogue.fixtures'
import { minStatements } from './sql-counter'

const anon = new Client()
const ids = (r: any) => r.body.data.map((s: any) => s.id)

describe('public marketplace', () => {
  let a: Awaited<ReturnType<typeof team>>
  let b: Awaited<ReturnType<typeof team>>
  const word = `zeta${uid()}`
  const tagSlug = `tag-${uid()}`
  const s: Record<string, any> = {}

  beforeAll(async () => {
    const admin = await superAdmin()
    await admin.client.post('/v1/tags', { name: 'Marketplace tag', slug: tagSlug })
    a = await team('enterprise')
    b = await team('enterprise')
    const wa = await makeWorkshop(a.coach, { title: `Lead with ${word}`, price: 100, maxSeats: 4, tags: [tagSlug] })
    const wb = await makeWorkshop(b.coach, { title: 'Negotiation basics', description: `All about ${word} deals`, price: 20, maxSeats: 10 })
    s.aOnline = await makeSchedule(a.coach, wa.id, { startDate: iso(5 * DAY), endDate: iso(5 * DAY + 3600e3), level: 'ADVANCED', country: 'GB' })
    s.bInPerson = await makeSchedule(b.coach, wb.id, {
      startDate: iso(2 * DAY),
      endDate: iso(2 * DAY + 3600e3),
      mode: 'IN-PERSON',
      addressLine1: '5 Rua Augusta',
      city: 'Lisbon',
      country: 'PT',
      meetingUrl: null,
    })
    s.bPast = await makeSchedule(b.coach, wb.id, { startDate: iso(-5 * DAY), endDate: iso(-5 * DAY + 3600e3) })
    s.draft = await makeSchedule(a.coach, wa.id, { status: 'DRAFT' })
    s.private = await makeSchedule(a.coach, wa.id, { visibility: 'PRIVATE' })
    s.unlisted = await makeSchedule(a.coach, wa.id, { visibility: 'UNLISTED' })
    s.deleted = await makeSchedule(a.coach, wa.id)
    await a.coach.client.delete(`/v1/workshop-schedules/${s.deleted.id}`)
    // 3 of 4 seats taken on the online one
    const m = em()
    await m.nativeUpdate(WorkshopSchedule, { id: s.aOnline.id }, { seatsTaken: 3 }, { filters: false })
  })

  test('lists PUBLIC + PUBLISHED schedules of every tenant, a word in the title before one in the description, without signing in', async () => {
    const r = await anon.get(`/v1/public/workshop-schedules?q=${word}`)
    expect(r.status).toBe(200)
    // By relevance (public.search.ts): the title match first, though the description match starts sooner.
    expect(ids(r)).toEqual([s.aOnline.id, s.bInPerson.id])
    const row = r.body.data[0]
    expect(row.workshop.title).toBe(`Lead with ${word}`)
    expect(row.workshop.tags.map((t: any) => t.slug)).toEqual([tagSlug])
    expect(row.coach.id).toBe(a.coach.user.id)
    expect(row.coach.email).toBeUndefined()
    expect(row.coach.rating).toEqual({ average: null, count: 0 })
    expect(row.seatsLeft).toBe(1)
    expect(row.runs).toBe(false)
    expect(row.price).toBe(100)
    expect(row.meetingUrl).toBeUndefined()
    expect(r.body.meta).toEqual({ page: 1, perPage: 10, total: 2, lastPage: 1 })
    const all = await anon.get(`/v1/public/workshop-schedules?q=${word}&when=all`)
    expect(ids(all)).toEqual([s.aOnline.id, s.bInPerson.id, s.bPast.id])
    const past = await anon.get(`/v1/public/workshop-schedules?q=${word}&when=past`)
    expect(ids(past)).toEqual([s.bPast.id])
  })

  test('filters: level, mode, country, dates, price, coach, tag, seats left, text over coach name', async () => {
    const q = (extra: string) => anon.get(`/v1/public/workshop-schedules?q=${word}&${extra}`).then(ids)
    expect(await q('level=advanced')).toEqual([s.aOnline.id])
    expect(await q('mode=IN-PERSON')).toEqual([s.bInPerson.id])
    expect(await q('country=pt')).toEqual([s.bInPerson.id])
    expect(await q(`from=${iso(3 * DAY).slice(0, 10)}`)).toEqual([s.aOnline.id])
    expect(await q(`to=${iso(3 * DAY).slice(0, 10)}`)).toEqual([s.bInPerson.id])
    expect(await q('minPrice=50')).toEqual([s.aOnline.id])
    expect(await q('maxPrice=20')).toEqual([s.bInPerson.id])
    expect(await q(`coach=${a.coach.user.id}`)).toEqual([s.aOnline.id])
    expect(await q(`coach=${b.coach.user.username}`)).toEqual([s.bInPerson.id])
    expect(await q(`tag=${tagSlug}`)).toEqual([s.aOnline.id])
    expect(await q('seatsLeft=2')).toEqual([s.bInPerson.id])
    const byCoachName = await anon.get(`/v1/public/workshop-schedules?q=${a.coach.user.profile.lastName}`)
    expect(ids(byCoachName)).toContain(s.aOnline.id)
  })

  test('the total is counted apart from the page (from the matching workshops or coaches, or along the index) and agrees with it', async () => {
    const coachName = a.coach.user.profile.lastName
    for (const extra of [
      `q=${word}`,
      `q=${coachName}`,
      `q=${coachName}&when=all`,
      `tag=${tagSlug}`,
      `tag=${tagSlug}&when=past`,
      `tag=${tagSlug}&country=pt`,
      'minPrice=50',
      'maxPrice=20&when=all',
      `minPrice=0&q=${word}&mode=IN-PERSON`,
      `coach=${b.coach.user.username}&q=${word}`,
      'seatsLeft=2&when=all',
    ]) {
      // Other test files share the database: read every page (the walk stops at 1,000 rows).
      let listed = 0
      let meta: { total: number; totalCapped?: boolean } = { total: 0 }
      for (let page = 1; page <= 10; page++) {
        const r = await anon.get(`/v1/public/workshop-schedules?${extra}&perPage=100&page=${page}`)
        expect(r.status).toBe(200)
        listed += r.body.data.length
        meta = r.body.meta
        if (r.body.data.length < 100) break
      }
      if (meta.totalCapped) expect(listed).toBe(1000)
      else expect({ extra, total: meta.total }).toEqual({ extra, total: listed })
    }
  })

  test('bad filters are a 422 naming the field', async () => {
    const r = await anon.get('/v1/public/workshop-schedules?level=EXPERT&mode=x&country=XX&from=yesterday&minPrice=-1&when=soon')
    expect(r.status).toBe(422)
    expect(r.body.errors.level).toEqual(['Please select a valid workshop level'])
    expect(r.body.errors.country).toEqual(['Please select a valid country'])
    expect(Object.keys(r.body.errors).sort()).toEqual(['country', 'from', 'level', 'minPrice', 'mode', 'when'])
  })

  test('show: public and unlisted schedules by id; drafts, private, deleted are 404', async () => {
    const r = await anon.get(`/v1/public/workshop-schedules/${s.aOnline.id}`)
    expect(r.status).toBe(200)
    expect(r.body.data.workshop.id).toBe(s.aOnline.workshopId)
    expect(r.body.data.coach.username).toBe(a.coach.user.username)
    expect(r.body.data.seatsLeft).toBe(1)
    expect((await anon.get(`/v1/public/workshop-schedules/${s.unlisted.id}`)).status).toBe(200)
    for (const hidden of [s.draft, s.private, s.deleted]) expect((await anon.get(`/v1/public/workshop-schedules/${hidden.id}`)).status).toBe(404)
    expect((await anon.get('/v1/public/workshop-schedules/not-a-uuid')).status).toBe(404)
    const list = ids(await anon.get('/v1/public/workshop-schedules?perPage=100&when=all'))
    for (const hidden of [s.draft, s.private, s.deleted, s.unlisted]) expect(list).not.toContain(hidden.id)
  })

  test('a list answers with the same number of SQL statements for 10 and 100 rows', async () => {
    const c = await team('enterprise')
    const tag = `many${uid()}`
    const m = em()
    for (let i = 0; i < 4; i++) {
      // four workshops (each with a tag) and a coach: populate must batch them, not go row by row
      const w = await makeWorkshop(i % 2 ? c.coach : c.other, { title: `Many ${tag} ${i}`, tags: [tagSlug] })
      for (let j = 0; j < 30; j++)
        m.create(WorkshopSchedule, {
          tenant: c.tenant.id,
          coach: w.coachId,
          workshop: w.id,
          startDate: new Date(iso((j + 1) * DAY)),
          endDate: new Date(iso((j + 1) * DAY + 3600e3)),
          level: 'BEGINNER',
          status: 'PUBLISHED',
          visibility: 'PUBLIC',
          mode: 'ONLINE',
          meetingUrl: 'https://meet.example.com/m',
        } as any)
    }
    await m.flush()
    const small = await minStatements(() => anon.get(`/v1/public/workshop-schedules?q=${tag}&perPage=10`))
    const large = await minStatements(() => anon.get(`/v1/public/workshop-schedules?q=${tag}&perPage=100`))
    expect(small.result.body.data).toHaveLength(10)
    expect(large.result.body.data).toHaveLength(100)
    expect(large.result.body.meta.total).toBe(120)
    expect(large.statements).toBe(small.statements)
    // the page and its total come back in one statement
    expect(small.statements).toBeLessThanOrEqual(2)
    expect(small.statements).toBeGreaterThan(0)
  })

  test('a listed row follows at once every change of its schedule, workshop, tags, tag names and coach (cards cached by row version)', async () => {
    const c = await team('enterprise')
    const admin = await superAdmin()
    const word = `card${uid()}`
    const tags = []
    for (const name of ['First', 'Second']) {
      const r = await admin.client.post('/v1/tags', { name: `${name} ${word}`, slug: `${name.toLowerCase()}-${word}` })
      expect(r.status).toBe(201)
      tags.push(r.body.data)
    }
    const w = await makeWorkshop(c.coach, { title: `Cards ${word}`, tags: [tags[0].slug] })
    const sched = await makeSchedule(c.coach, w.id, { startDate: iso(3 * DAY), endDate: iso(3 * DAY + 3600e3) })
    const row = async () => {
      const r = await anon.get(`/v1/public/workshop-schedules?q=${word}`)
      expect(r.status).toBe(200)
      expect(ids(r)).toEqual([sched.id])
      return r.body.data[0]
    }
    expect((await row()).workshop.title).toBe(`Cards ${word}`)
    // a cached card is served again: one statement for the page, none for its card
    const warm = await minStatements(() => anon.get(`/v1/public/workshop-schedules?q=${word}`))
    expect(warm.statements).toBe(1)

    expect((await c.coach.client.patch(`/v1/workshops/${w.id}`, { title: `Cards ${word} renamed`, maxSeats: 9 })).status).toBe(200)
    let now = await row()
    expect(now.workshop.title).toBe(`Cards ${word} renamed`)
    expect(now.seatsLeft).toBe(9)

    expect((await c.coach.client.patch(`/v1/workshops/${w.id}`, { tags: [tags[1].slug] })).status).toBe(200)
    expect((await row()).workshop.tags.map((t: any) => t.slug)).toEqual([tags[1].slug])

    expect((await admin.client.patch(`/v1/tags/${tags[1].id}`, { name: `Renamed ${word}` })).status).toBe(200)
    expect((await row()).workshop.tags.map((t: any) => t.name)).toEqual([`Renamed ${word}`])

    expect((await c.coach.client.patch(`/v1/workshop-schedules/${sched.id}`, { level: 'ADVANCED' })).status).toBe(200)
    expect((await row()).level).toBe('ADVANCED')

    // a write outside the API (plain SQL) to the coach's public profile shows as well
    await em().execute(`update users set profile = profile || '{"headline": "Headline ${word}"}'::jsonb where id = ?`, [c.coach.user.id])
    now = await row()
    expect(now.coach.profile.headline).toBe(`Headline ${word}`)

    // the figures are live whatever the card: a confirmed booking counts at once
    await book({ tenantId: c.tenant.id, scheduleId: sched.id, userId: c.client.user.id, seats: 2 })
    now = await row()
    expect(now.confirmedSeats).toBe(2)
    expect(now.runs).toBe(true)
  })

  test("runs once confirmed seats reach minSeats; the public row has the member row's fields minus private ones", async () => {
    const c = await team('enterprise')
    const w = await makeWorkshop(c.coach, { minSeats: 2, maxSeats: 5, tags: [tagSlug] })
    const sched = await makeSchedule(c.coach, w.id)
    await book({ tenantId: c.tenant.id, scheduleId: sched.id, userId: c.client.user.id, seats: 1 })
    expect((await anon.get(`/v1/public/workshop-schedules/${sched.id}`)).body.data.runs).toBe(false)
    await book({ tenantId: c.tenant.id, scheduleId: sched.id, userId: c.client.user.id, seats: 1 })
    await book({ tenantId: c.tenant.id, scheduleId: sched.id, userId: c.client.user.id, seats: 3, status: 'PENDING' })
    const pub = (await anon.get(`/v1/public/workshop-schedules/${sched.id}`)).body.data
    expect(pub.runs).toBe(true)
    expect(pub.confirmedSeats).toBe(2)
    const member = (await c.client.client.get(`/v1/workshop-schedules/${sched.id}?include=workshop,coach`)).body.data
    expect(member.runs).toBe(true)
    const hidden = ['meetingUrl', 'seatsTaken', 'payoutStatus', 'deletedAt']
    expect(Object.keys(pub).sort()).toEqual(
      Object.keys(member)
        .filter((k) => !hidden.includes(k))
        .sort(),
    )
    expect(Object.keys(pub.workshop).sort()).toEqual(Object.keys(member.workshop).sort())
    const { rating, ...coach } = pub.coach
    expect(coach).toEqual(member.coach)
    expect(rating).toEqual({ average: null, count: 0 })
    expect({ ...pub.workshop, tags: undefined }).toEqual({ ...member.workshop, tags: undefined })
    expect(pub.workshop.tags).toEqual(member.workshop.tags)
    for (const k of ['startDate', 'endDate', 'localStart', 'timezone', 'venue', 'seatsLeft', 'price', 'rating']) expect(pub[k]).toEqual(member[k])
  })
})
