/**
 * Session types and availability through the API: the coach's own in the current team, the
 * team's booking managers read them all, other teams see nothing; validation with the messages
 * of the shared schemas; soft delete and restore; what visitors see of them.
 */
import { describe, expect, test } from 'bun:test'
import { AVAILABILITY_MESSAGES } from '../../src/modules/sessions/availability.schema'
import { SESSION_TYPE_MESSAGES } from '../../src/modules/sessions/session-type.schema'
import { actor, Client, tenant as makeTenant } from '../client'
import { makeType, sessionWorld, setHours, WEEKDAYS_9_TO_17 } from './sessions.fixtures'

describe('session types', () => {
  test('a coach creates, reads, changes, deletes and restores their own; a client may not', async () => {
    const w = await sessionWorld()
    const t = await makeType(w.coach, { title: 'Intro call', durationMinutes: 20, price: 0, bufferAfterMinutes: 10, maxPerDay: 3 })
    expect(t).toMatchObject({ title: 'Intro call', durationMinutes: 20, price: 0, currency: 'usd', status: 'ACTIVE', maxPerDay: 3, bufferAfterMinutes: 10 })
    const list = await w.coach.client.get('/v1/session-types')
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([t.id])
    const changed = await w.coach.client.patch(`/v1/session-types/${t.id}`, { price: 49.5, status: 'HIDDEN' })
    expect(changed.body.data).toMatchObject({ price: 49.5, status: 'HIDDEN' })
    expect((await w.coach.client.delete(`/v1/session-types/${t.id}`)).status).toBe(204)
    expect((await w.coach.client.get(`/v1/session-types/${t.id}`)).status).toBe(404)
    const restored = await w.coach.client.post(`/v1/session-types/${t.id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.data.deletedAt).toBeNull()
    // A member of the team without the coach's permission has no session types to manage.
    const member = await actor({ tenant: w.tenant })
    expect((await member.client.post('/v1/session-types', { title: 'Mine', durationMinutes: 30 })).status).toBe(403)
    expect((await member.client.get('/v1/session-types')).status).toBe(403)
  })

  test('validation: every rule answers its own message and nothing is made', async () => {
    const w = await sessionWorld()
    const M = SESSION_TYPE_MESSAGES
    const r = await w.coach.client.post('/v1/session-types', { title: 'x', durationMinutes: 10, price: -1, bufferBeforeMinutes: 500, bookingWindowDays: 0 })
    expect(r.status).toBe(422)
    expect(r.body.errors).toMatchObject({
      title: [M.titleMin],
      durationMinutes: [M.duration],
      price: [M.price],
      bufferBeforeMinutes: [M.buffer],
      bookingWindowDays: [M.window],
    })
    const missing = await w.coach.client.post('/v1/session-types', {})
    expect(missing.body.errors).toMatchObject({ title: ['Title is required'], durationMinutes: [M.duration] })
    const inPerson = await w.coach.client.post('/v1/session-types', { title: 'At my office', durationMinutes: 60, mode: 'IN_PERSON' })
    expect(inPerson.body.errors).toEqual({ location: [M.address] })
    expect((await w.coach.client.post('/v1/session-types', { title: 'Long', durationMinutes: 481 })).body.errors.durationMinutes).toEqual([M.duration])
    expect((await w.coach.client.get('/v1/session-types')).body.meta.total).toBe(0)
    const t = await makeType(w.coach, { mode: 'IN_PERSON', location: '1 Main St' })
    const cleared = await w.coach.client.patch(`/v1/session-types/${t.id}`, { location: '' })
    expect(cleared.status).toBe(422)
    expect(cleared.body.errors).toEqual({ location: [M.address] })
  })

  test("another coach of the team cannot change it; a booking manager sees the team's; another team sees none", async () => {
    const w = await sessionWorld()
    const t = await makeType(w.coach)
    const colleague = await actor({ roles: ['coach'], tenant: w.tenant })
    expect((await colleague.client.get('/v1/session-types')).body.data).toEqual([])
    expect((await colleague.client.patch(`/v1/session-types/${t.id}`, { title: 'Taken over' })).status).toBe(404)
    const manager = await actor({ tenant: w.tenant })
    const { em } = await import('../client')
    await em().execute(`update memberships set roles = '{manager}' where user_id = ?`, [manager.user.id])
    const seen = await manager.client.get('/v1/session-types')
    expect(seen.body.data.map((x: { id: string }) => x.id)).toEqual([t.id])
    expect((await manager.client.patch(`/v1/session-types/${t.id}`, { title: 'Renamed' })).status).toBe(403)
    const other = await makeTenant()
    const outsider = await actor({ roles: ['coach'], tenant: other })
    expect((await outsider.client.get(`/v1/session-types/${t.id}`)).status).toBe(404)
  })
})

describe('availability', () => {
  test('a coach sets weekly hours and overrides in an IANA zone; they come back sorted', async () => {
    const w = await sessionWorld()
    expect((await w.coach.client.get('/v1/availability')).body.data).toMatchObject({ timeZone: 'UTC', weekly: [], overrides: [] })
    const saved = await setHours(w.coach, {
      timeZone: 'Europe/Berlin',
      weekly: [
        { day: 2, start: '13:00', end: '17:00' },
        { day: 2, start: '09:00', end: '12:30' },
        { day: 1, start: '09:00', end: '24:00' },
      ],
      overrides: [
        { date: '2027-12-31', ranges: [] },
        { date: '2027-12-24', ranges: [{ start: '10:00', end: '12:00' }] },
      ],
    })
    expect(saved.weekly).toEqual([
      { day: 1, start: '09:00', end: '24:00' },
      { day: 2, start: '09:00', end: '12:30' },
      { day: 2, start: '13:00', end: '17:00' },
    ])
    expect(saved.overrides.map((o: { date: string }) => o.date)).toEqual(['2027-12-24', '2027-12-31'])
    expect((await w.coach.client.get('/v1/availability')).body.data.timeZone).toBe('Europe/Berlin')
  })

  test('validation: zone, days, times, order, overlaps, dates', async () => {
    const w = await sessionWorld()
    const M = AVAILABILITY_MESSAGES
    const put = (body: unknown) => w.coach.client.put('/v1/availability', body)
    expect((await put({ timeZone: 'Mars/Olympus', weekly: [] })).body.errors).toEqual({ timeZone: [M.timeZone] })
    expect((await put({ timeZone: 'UTC', weekly: [{ day: 8, start: '09:00', end: '10:00' }] })).body.errors).toEqual({ 'weekly.0.day': [M.day] })
    expect((await put({ timeZone: 'UTC', weekly: [{ day: 1, start: '9:00', end: '10:00' }] })).body.errors).toEqual({ 'weekly.0.start': [M.time] })
    expect((await put({ timeZone: 'UTC', weekly: [{ day: 1, start: '10:00', end: '09:00' }] })).body.errors).toEqual({ 'weekly.0.end': [M.order] })
    const overlap = await put({
      timeZone: 'UTC',
      weekly: [
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:00', end: '13:00' },
      ],
    })
    expect(overlap.body.errors).toEqual({ weekly: [M.overlap] })
    expect((await put({ timeZone: 'UTC', overrides: [{ date: '2027-02-30', ranges: [] }] })).body.errors).toEqual({ 'overrides.0.date': [M.date] })
    expect(
      (
        await put({
          timeZone: 'UTC',
          overrides: [
            { date: '2027-02-03', ranges: [] },
            { date: '2027-02-03', ranges: [] },
          ],
        })
      ).body.errors,
    ).toEqual({ overrides: [M.overrideTwice] })
    expect((await put([1, 2])).status).toBe(422)
    expect((await w.coach.client.get('/v1/availability')).body.data.timeZone).toBe('UTC')
    // Clients have no hours to keep.
    expect((await w.client.client.put('/v1/availability', { timeZone: 'UTC' })).status).toBe(403)
    expect((await new Client().get('/v1/availability')).status).toBe(401)
  })
})

describe('what visitors see', () => {
  test("a coach's active session types, without the meeting link; hidden and deleted ones are not listed", async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'America/New_York', weekly: WEEKDAYS_9_TO_17 })
    const free = await makeType(w.coach, { title: 'Intro call', durationMinutes: 20, price: 0, location: 'https://meet.example/secret' })
    const paid = await makeType(w.coach, { title: 'Deep dive', durationMinutes: 60, price: 120 })
    const hidden = await makeType(w.coach, { title: 'Hidden', status: 'HIDDEN' })
    const gone = await makeType(w.coach, { title: 'Gone' })
    await w.coach.client.delete(`/v1/session-types/${gone.id}`)
    const r = await new Client().get(`/v1/public/coaches/${w.coach.user.username}/session-types`)
    expect(r.status).toBe(200)
    expect(r.body.data.map((x: { id: string }) => x.id)).toEqual([free.id, paid.id])
    expect(r.body.data[0]).toMatchObject({ title: 'Intro call', price: 0, timeZone: 'America/New_York', coach: { username: w.coach.user.username } })
    expect(JSON.stringify(r.body)).not.toContain('meet.example')
    expect((await new Client().get(`/v1/public/session-types/${hidden.id}`)).status).toBe(404)
    expect((await new Client().get(`/v1/public/session-types/${hidden.id}/slots`)).status).toBe(404)
    expect((await new Client().get(`/v1/public/session-types/${paid.id}`)).body.data.url).toBe(`/${w.coach.user.username}/sessions/${paid.id}`)
    expect((await new Client().get('/v1/public/session-types/not-an-id/slots')).status).toBe(404)
  })
})
