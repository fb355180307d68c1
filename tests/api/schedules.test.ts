import { describe, expect, test } from 'bun:test'
import { actor, tenant } from '../client'
import { DAY, iso, makeSchedule, makeWorkshop, scheduleBody, superAdmin, team } from './catalogue.fixtures'

describe('workshop schedules', () => {
  test('create: required fields and enumerations answer with the spec messages', async () => {
    const { coach } = await team()
    const r = await coach.client.post('/v1/workshop-schedules', {})
    expect(r.status).toBe(422)
    expect(r.body.errors).toMatchObject({
      coachId: ['Coach is required'],
      workshopId: ['Workshop is required'],
      startDate: ['Start date is required'],
      endDate: ['End date is required'],
      level: ['Please select a valid workshop level'],
      status: ['Workshop status is required'],
      visibility: ['Workshop visibility is required'],
      mode: ['Workshop mode is required'],
    })
    const w = await makeWorkshop(coach)
    const wrong = await coach.client.post(
      '/v1/workshop-schedules',
      scheduleBody(coach.user.id, w.id, { level: 'EXPERT', status: 'LIVE', visibility: 'SECRET', mode: 'PIGEON', timezone: 'Mars/Olympus', country: 'XX' }),
    )
    expect(wrong.body.errors.level).toEqual(['Please select a valid workshop level'])
    expect(wrong.body.errors.status).toEqual(['Workshop status is required'])
    expect(wrong.body.errors.visibility).toEqual(['Workshop visibility is required'])
    expect(wrong.body.errors.mode).toEqual(['Workshop mode is required'])
    expect(wrong.body.errors.timezone).toEqual(['Please select a valid time zone'])
    expect(wrong.body.errors.country).toEqual(['Please select a valid country'])
    const backwards = await coach.client.post('/v1/workshop-schedules', scheduleBody(coach.user.id, w.id, { startDate: iso(2 * DAY), endDate: iso(DAY) }))
    expect(backwards.body.errors.endDate).toEqual(['End date must be after start date'])
  })

  test('venue for IN-PERSON and HYBRID, meeting link for ONLINE and HYBRID', async () => {
    const { coach } = await team()
    const w = await makeWorkshop(coach)
    const online = await coach.client.post('/v1/workshop-schedules', scheduleBody(coach.user.id, w.id, { mode: 'ONLINE', meetingUrl: undefined }))
    expect(online.body.errors.meetingUrl).toEqual(['A meeting link is required for online and hybrid workshops'])
    const inPerson = await coach.client.post('/v1/workshop-schedules', scheduleBody(coach.user.id, w.id, { mode: 'IN-PERSON', meetingUrl: undefined }))
    expect(inPerson.body.errors.addressLine1).toEqual(['A venue address is required for in-person and hybrid workshops'])
    const hybrid = await coach.client.post(
      '/v1/workshop-schedules',
      scheduleBody(coach.user.id, w.id, { mode: 'HYBRID', addressLine1: '1 Main St', city: 'London', meetingUrl: undefined }),
    )
    expect(Object.keys(hybrid.body.errors)).toEqual(['meetingUrl'])
    const ok = await makeSchedule(coach, w.id, {
      mode: 'HYBRID',
      addressLine1: '1 Main St',
      city: 'London',
      zip: 'N1',
      meetingUrl: 'https://meet.example.com/x',
      timezone: 'Europe/London',
    })
    expect(ok.mode).toBe('HYBRID')
    expect(ok.venue.city).toBe('London')
    expect(ok.timezone).toBe('Europe/London')
    expect(ok.seatsLeft).toBe(5)
    expect(ok.runs).toBe(false)
    // switching to ONLINE keeps the stored link; switching to IN-PERSON needs the venue (it has one)
    const upd = await coach.client.patch(`/v1/workshop-schedules/${ok.id}`, { mode: 'IN-PERSON', level: 'ADVANCED', timezone: 'America/Chicago' })
    expect(upd.status).toBe(200)
    const reread = await coach.client.get(`/v1/workshop-schedules/${ok.id}`)
    expect(reread.body.data).toMatchObject({ mode: 'IN-PERSON', level: 'ADVANCED', timezone: 'America/Chicago' })
    const fixed = await coach.client.patch(`/v1/workshop-schedules/${ok.id}`, { startDate: '2027-01-15T15:00:00Z', endDate: '2027-01-15T17:30:00Z' })
    expect(fixed.body.data.localStart).toBe('2027-01-15T09:00')
    expect(fixed.body.data.localEnd).toBe('2027-01-15T11:30')
    const clear = await coach.client.patch(`/v1/workshop-schedules/${ok.id}`, { addressLine1: '' })
    expect(clear.body.errors.addressLine1).toEqual(['A venue address is required for in-person and hybrid workshops'])
    const late = await coach.client.patch(`/v1/workshop-schedules/${ok.id}`, { endDate: iso(DAY) })
    expect(late.body.errors.endDate).toEqual(['End date must be after start date'])
  })

  test('coaches schedule their own workshops only; clients cannot create', async () => {
    const { coach, other, client } = await team()
    const w = await makeWorkshop(coach)
    expect((await other.client.post('/v1/workshop-schedules', scheduleBody(other.user.id, w.id))).status).toBe(403)
    expect((await other.client.post('/v1/workshop-schedules', scheduleBody(coach.user.id, w.id))).status).toBe(403)
    expect((await client.client.post('/v1/workshop-schedules', scheduleBody(client.user.id, w.id))).status).toBe(403)
    const s = await makeSchedule(coach, w.id)
    expect((await other.client.patch(`/v1/workshop-schedules/${s.id}`, { status: 'ARCHIVED' })).status).toBe(403)
    expect((await other.client.delete(`/v1/workshop-schedules/${s.id}`)).status).toBe(403)
    const missing = await coach.client.post('/v1/workshop-schedules', scheduleBody(coach.user.id, '0190a000-0000-7000-8000-000000000000'))
    expect(missing.body.errors.workshopId).toEqual(['The selected workshop does not exist.'])
  })

  test('who sees what: drafts and private schedules only for their coach; other tenants get 404', async () => {
    const { coach, other, client } = await team()
    const w = await makeWorkshop(coach)
    const pub = await makeSchedule(coach, w.id)
    const draft = await makeSchedule(coach, w.id, { status: 'DRAFT' })
    const unlisted = await makeSchedule(coach, w.id, { visibility: 'UNLISTED' })
    const ids = (r: any) => r.body.data.map((s: any) => s.id)
    const seenByClient = await client.client.get(`/v1/workshop-schedules?filter[workshop]=${w.id}`)
    expect(ids(seenByClient)).toEqual([pub.id])
    expect((await client.client.get(`/v1/workshop-schedules/${draft.id}`)).status).toBe(404)
    expect((await client.client.get(`/v1/workshop-schedules/${unlisted.id}`)).status).toBe(200)
    expect((await other.client.get(`/v1/workshop-schedules/${draft.id}`)).status).toBe(404)
    const own = await coach.client.get(`/v1/workshop-schedules?filter[workshop]=${w.id}&filter[status]=DRAFT`)
    expect(ids(own)).toEqual([draft.id])
    const b = await team()
    expect((await b.coach.client.get(`/v1/workshop-schedules/${pub.id}`)).status).toBe(404)
    expect((await b.coach.client.patch(`/v1/workshop-schedules/${pub.id}`, { status: 'DRAFT' })).status).toBe(404)
    expect(ids(await b.client.client.get('/v1/workshop-schedules'))).not.toContain(pub.id)
    // and a schedule cannot be made on another tenant's workshop
    const cross = await b.coach.client.post('/v1/workshop-schedules', scheduleBody(b.coach.user.id, w.id))
    expect(cross.body.errors.workshopId).toEqual(['The selected workshop does not exist.'])
  })

  test('plan limit: a free tenant publishes 3 schedules at a time, the 4th is a 409; drafts are fine', async () => {
    const { coach } = await team('free')
    const w = await makeWorkshop(coach)
    for (let i = 0; i < 3; i++) await makeSchedule(coach, w.id)
    const fourth = await coach.client.post('/v1/workshop-schedules', scheduleBody(coach.user.id, w.id))
    expect(fourth.status).toBe(409)
    expect(fourth.body.message).toBe('The free plan allows 3 published schedules at a time. Archive or unpublish one, or upgrade the plan.')
    const draft = await makeSchedule(coach, w.id, { status: 'DRAFT' })
    expect((await coach.client.patch(`/v1/workshop-schedules/${draft.id}`, { status: 'PUBLISHED' })).status).toBe(409)
    // a past schedule does not count
    const past = await makeSchedule(coach, w.id, { status: 'DRAFT', startDate: iso(-3 * DAY), endDate: iso(-3 * DAY + 3600e3) })
    expect((await coach.client.patch(`/v1/workshop-schedules/${past.id}`, { status: 'PUBLISHED' })).status).toBe(200)
  })

  test('plan limit holds under parallel publishes', async () => {
    const { coach } = await team('free')
    const w = await makeWorkshop(coach)
    const results = await Promise.all(Array.from({ length: 8 }, () => coach.client.post('/v1/workshop-schedules', scheduleBody(coach.user.id, w.id))))
    expect(results.filter((r) => r.status === 201)).toHaveLength(3)
    expect(results.filter((r) => r.status === 409)).toHaveLength(5)
  })

  test('soft delete and restore; restore re-checks the plan limit', async () => {
    const { coach } = await team('free')
    const w = await makeWorkshop(coach)
    const s = await makeSchedule(coach, w.id)
    expect((await coach.client.delete(`/v1/workshop-schedules/${s.id}`)).status).toBe(204)
    expect((await coach.client.get(`/v1/workshop-schedules/${s.id}`)).status).toBe(404)
    for (let i = 0; i < 3; i++) await makeSchedule(coach, w.id)
    expect((await coach.client.post(`/v1/workshop-schedules/${s.id}/restore`)).status).toBe(409)
    const admin = await superAdmin()
    admin.client.withTeam(coach.client.team!)
    const list = await admin.client.get(`/v1/workshop-schedules?filter[workshop]=${w.id}&onlyTrashed=1`)
    expect(list.body.data.map((x: any) => x.id)).toEqual([s.id])
  })

  test('filters, include and sorting', async () => {
    const { coach, client } = await team()
    const w = await makeWorkshop(coach)
    const soon = await makeSchedule(coach, w.id, { startDate: iso(DAY), endDate: iso(DAY + 3600e3), level: 'ADVANCED' })
    const later = await makeSchedule(coach, w.id, { startDate: iso(20 * DAY), endDate: iso(20 * DAY + 3600e3) })
    const r = await client.client.get(`/v1/workshop-schedules?filter[workshop]=${w.id}&include=workshop,coach`)
    expect(r.body.data.map((s: any) => s.id)).toEqual([soon.id, later.id])
    expect(r.body.data[0].workshop.id).toBe(w.id)
    expect(r.body.data[0].coach.id).toBe(coach.user.id)
    const adv = await client.client.get(`/v1/workshop-schedules?filter[workshop]=${w.id}&filter[level]=ADVANCED`)
    expect(adv.body.data.map((s: any) => s.id)).toEqual([soon.id])
    const desc = await client.client.get(`/v1/workshop-schedules?filter[workshop]=${w.id}&sort=-startDate`)
    expect(desc.body.data.map((s: any) => s.id)).toEqual([later.id, soon.id])
    const ranged = await client.client.get(`/v1/workshop-schedules?filter[workshop]=${w.id}&filter[from]=${encodeURIComponent(iso(10 * DAY))}`)
    expect(ranged.body.data.map((s: any) => s.id)).toEqual([later.id])
  })
})

void tenant
void actor

describe('deleting what is booked', () => {
  test('a coming schedule (or its workshop) with booked seats cannot be deleted', async () => {
    const { em } = await import('../client')
    const { WorkshopSchedule } = await import('../../src/modules/workshops/schedule.entity')
    const { coach } = await team()
    const w = await makeWorkshop(coach)
    const s = await makeSchedule(coach, w.id)
    await em().nativeUpdate(WorkshopSchedule, { id: s.id }, { seatsTaken: 2 }, { filters: false })
    const r = await coach.client.delete(`/v1/workshop-schedules/${s.id}`)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This schedule has 2 booked seats. Cancel its bookings before deleting it.')
    const rw = await coach.client.delete(`/v1/workshops/${w.id}`)
    expect(rw.status).toBe(409)
    expect(rw.body.message).toBe('This workshop has 1 coming schedule with booked seats. Cancel those bookings before deleting it.')
    // nor can its capacity drop below the seats already held
    const shrink = await coach.client.patch(`/v1/workshops/${w.id}`, { maxSeats: 1, minSeats: 1 })
    expect(shrink.status).toBe(422)
    expect(shrink.body.errors.maxSeats).toEqual(['Maximum seats cannot be lower than the 2 seats already booked on a coming schedule.'])
    expect((await coach.client.patch(`/v1/workshops/${w.id}`, { maxSeats: 2, minSeats: 1 })).status).toBe(200)
    expect((await coach.client.get(`/v1/workshop-schedules/${s.id}`)).body.data.seatsLeft).toBe(0)
  })
})

describe('fixed statement counts for member lists', () => {
  test('workshops, schedules and payouts lists cost the same for 10 and 100 rows', async () => {
    const { em } = await import('../client')
    const { minStatements } = await import('./sql-counter')
    const { WorkshopSchedule } = await import('../../src/modules/workshops/schedule.entity')
    const { coach } = await team('enterprise')
    const m = em()
    for (let i = 0; i < 12; i++) {
      const w = await makeWorkshop(coach, { title: `Counted ${i}` })
      for (let j = 0; j < 10; j++)
        m.create(WorkshopSchedule, {
          tenant: w.tenantId,
          coach: coach.user.id,
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
    for (const path of ['/v1/workshops?include=coach,workshopTemplate', '/v1/workshop-schedules?include=workshop,coach', '/v1/payouts']) {
      const small = await minStatements(() => coach.client.get(`${path}${path.includes('?') ? '&' : '?'}perPage=10`))
      const large = await minStatements(() => coach.client.get(`${path}${path.includes('?') ? '&' : '?'}perPage=100`))
      expect(small.result.body.data).toHaveLength(10)
      expect(large.result.body.data.length).toBeGreaterThanOrEqual(12)
      // Never more with more rows (a page that is not full skips its count: it may be one fewer).
      expect({ path, more: large.statements > small.statements }).toEqual({ path, more: false })
    }
  })
})
