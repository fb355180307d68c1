/**
 * Never two sessions at once: real parallel HTTP requests against real PostgreSQL. The coach's
 * booked time (buffers included) is guarded by an exclusion constraint; the application's own
 * checks run under the coach's time lock. A workshop the coach schedules over a booked session
 * is refused.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { clock } from '../../src/platform/clock'
import { em } from '../client'
import { makeSchedule, manyClients, postOnce } from './bookings.fixtures'
import { bookSession, EVERY_DAY_9_TO_17, makeType, sessionWorld, setHours } from './sessions.fixtures'

setDefaultTimeout(90_000)
afterEach(() => clock.reset())

const TAKEN = 'This time is no longer available.'

describe('one time, many bookers', () => {
  test('50 parallel bookings of one slot: exactly 1 booking and 49 × 409 "This time is no longer available."', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'UTC', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { durationMinutes: 60, bufferAfterMinutes: 10 })
    clock.freeze(new Date('2027-03-01T06:00:00Z'))
    const clients = await manyClients(50)
    const results = await Promise.all(clients.map((c) => postOnce(c, '/v1/bookings', { sessionTypeId: t.id, startsAt: '2027-03-02T10:00:00Z' })))
    expect(results.filter((r) => r.status === 201).length).toBe(1)
    const refused = results.filter((r) => r.status === 409)
    expect(refused.length).toBe(49)
    expect(refused.every((r) => r.body.message === TAKEN)).toBe(true)
    const [{ n }] = await em().execute(`select count(*)::int as n from bookings where session_coach_id = ? and status <> 'CANCELLED'`, [w.coach.user.id])
    expect(n).toBe(1)
  })

  test('two overlapping times of different session types, booked at once by 40 clients: one wins', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'UTC', weekly: EVERY_DAY_9_TO_17 })
    const long = await makeType(w.coach, { durationMinutes: 60 })
    const short = await makeType(w.coach, { durationMinutes: 30 })
    clock.freeze(new Date('2027-03-01T06:00:00Z'))
    const clients = await manyClients(40)
    const results = await Promise.all(
      clients.map((c, i) =>
        postOnce(
          c,
          '/v1/bookings',
          i % 2 ? { sessionTypeId: long.id, startsAt: '2027-03-03T10:00:00Z' } : { sessionTypeId: short.id, startsAt: '2027-03-03T10:30:00Z' },
        ),
      ),
    )
    expect(results.filter((r) => r.status === 201).length).toBe(1)
    expect(results.filter((r) => r.status === 409 && r.body.message === TAKEN).length).toBe(39)
  })

  test('the database itself refuses an overlap, whatever the application checked (exclusion constraint)', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'UTC', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { durationMinutes: 60, bufferBeforeMinutes: 15 })
    clock.freeze(new Date('2027-03-01T06:00:00Z'))
    const booked = await bookSession(w.client, t.id, '2027-03-04T10:00:00Z')
    expect(booked.status).toBe(201)
    const copy = `insert into bookings (id, created_at, updated_at, tenant_id, user_id, session_type_id, session_coach_id, starts_at, ends_at, blocked_from, blocked_until, seats, status, amount_total, discount, amount_due, amount_paid, currency, meta)
      select gen_random_uuid(), now(), now(), tenant_id, user_id, session_type_id, session_coach_id, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::timestamptz, 1, ?, 0, 0, 0, 0, 'usd', '{}'
        from bookings where id = ?`
    // Its buffer (09:45-10:00) overlaps: refused with the exclusion constraint's SQLSTATE.
    const overlap = await em()
      .execute(copy, ['2027-03-04T09:00:00Z', '2027-03-04T09:50:00Z', '2027-03-04T09:00:00Z', '2027-03-04T09:50:00Z', 'CONFIRMED', booked.body.data.id])
      .catch((e) => e)
    expect(overlap).toBeInstanceOf(Error)
    expect(JSON.stringify({ code: overlap.code, message: String(overlap.message) })).toMatch(/23P01|bookings_session_time_excl/)
    // A cancelled booking holds no time; an adjacent one is fine.
    expect(
      await em().execute(copy, [
        '2027-03-04T10:00:00Z',
        '2027-03-04T11:00:00Z',
        '2027-03-04T10:00:00Z',
        '2027-03-04T11:00:00Z',
        'CANCELLED',
        booked.body.data.id,
      ]),
    ).toBeDefined()
    expect(
      await em().execute(copy, [
        '2027-03-04T11:00:00Z',
        '2027-03-04T12:00:00Z',
        '2027-03-04T11:00:00Z',
        '2027-03-04T12:00:00Z',
        'CONFIRMED',
        booked.body.data.id,
      ]),
    ).toBeDefined()
    // A booking row books one thing: seats or a session (check constraint).
    const { schedule } = await makeSchedule({ tenant: w.tenant, coach: w.coach })
    const both = await em()
      .execute(`update bookings set workshop_schedule_id = ? where id = ?`, [schedule.id, booked.body.data.id])
      .catch((e) => e)
    expect(String(both?.message ?? '')).toContain('bookings_books_one_thing')
  })
})

describe("workshops and sessions share the coach's time", () => {
  test('a workshop schedule over a booked session is refused with the session named; elsewhere it is created', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'Europe/London', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { title: 'Strategy hour', durationMinutes: 60, bufferAfterMinutes: 30 })
    const soon = new Date(Date.now() + 3 * 86_400_000)
    soon.setUTCHours(12, 0, 0, 0)
    const booked = await bookSession(w.client, t.id, soon.toISOString())
    expect(booked.status).toBe(201)
    const ws = await w.coach.client.post('/v1/workshops', { title: 'Team workshop', price: 10, maxSeats: 10 })
    expect(ws.status).toBe(201)
    const at = (h: number, m = 0) => new Date(Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth(), soon.getUTCDate(), h, m)).toISOString()
    const schedule = (start: string, end: string) => ({
      workshopId: ws.body.data.id,
      coachId: w.coach.user.id,
      startDate: start,
      endDate: end,
      level: 'BEGINNER',
      status: 'DRAFT',
      visibility: 'PUBLIC',
      mode: 'ONLINE',
      meetingUrl: 'https://meet.example/w',
    })
    // 13:00-13:30 is the session's buffer after: refused too.
    const over = await w.coach.client.post('/v1/workshop-schedules', schedule(at(13, 0), at(15, 0)))
    expect(over.status).toBe(409)
    expect(over.body.message).toMatch(
      /^This time overlaps a booked one-to-one session \(Strategy hour, .+\)\. Move or cancel that session first, or pick another time\.$/,
    )
    const after = await w.coach.client.post('/v1/workshop-schedules', schedule(at(13, 30), at(15, 0)))
    expect(after.status).toBe(201)
    // Moving it onto the session is refused as well.
    const moved = await w.coach.client.patch(`/v1/workshop-schedules/${after.body.data.id}`, { startDate: at(11, 0), endDate: at(12, 30) })
    expect(moved.status).toBe(409)
    // Once the session is cancelled, the time is the coach's again.
    await w.client.client.post(`/v1/bookings/${booked.body.data.id}/cancel`, { reason: 'Plans changed' })
    expect((await w.coach.client.patch(`/v1/workshop-schedules/${after.body.data.id}`, { startDate: at(11, 0), endDate: at(12, 30) })).status).toBe(200)
  })
})
