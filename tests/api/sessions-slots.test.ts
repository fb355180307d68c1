/**
 * Free times of a session type at their boundaries (the clock frozen there): minimum notice,
 * booking window, buffers against other sessions and workshops, the per-day limit, date
 * overrides, busy calendar ranges, and daylight-saving days in two zones (hours stay local; a
 * range the clocks skip or repeat).
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { clock } from '../../src/platform/clock'
import { em } from '../client'
import { makeSchedule } from './bookings.fixtures'
import { bookSession, EVERY_DAY_9_TO_17, HOUR, makeType, sessionWorld, setHours, slots } from './sessions.fixtures'

afterEach(() => clock.reset())

const starts = (xs: { start: string }[]) => xs.map((x) => x.start.slice(11, 16))
const on = (xs: { start: string }[], date: string) => starts(xs.filter((x) => x.start.startsWith(date)))

describe('notice, window, buffers, per-day limit', () => {
  test('minimum notice: a slot exactly at the notice is offered, one millisecond later it is not', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'UTC', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { durationMinutes: 60, minimumNoticeMinutes: 120 })
    clock.freeze(new Date('2027-03-01T08:00:00Z'))
    expect(on(await slots(t.id, { from: '2027-03-01', to: '2027-03-01', timeZone: 'UTC' }), '2027-03-01')[0]).toBe('10:00')
    clock.freeze(new Date('2027-03-01T08:00:00.001Z'))
    expect(on(await slots(t.id, { from: '2027-03-01', to: '2027-03-01', timeZone: 'UTC' }), '2027-03-01')[0]).toBe('10:30')
    // A time inside the notice is never offered, so booking it is refused as a time not offered.
    const r = await bookSession(w.client, t.id, '2027-03-01T10:00:00Z')
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ startsAt: ['Please choose one of the free times shown for this session.'] })
  })

  test('booking window: nothing starts later than the window after now', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'UTC', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { durationMinutes: 60, bookingWindowDays: 7 })
    clock.freeze(new Date('2027-03-01T12:00:00Z'))
    const list = await slots(t.id, { from: '2027-03-01', to: '2027-03-12', timeZone: 'UTC' })
    expect(list.at(-1)!.start).toBe('2027-03-08T12:00:00.000Z')
    expect(on(list, '2027-03-08')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'])
  })

  test('buffers: no time whose own buffers touch another session with its buffers', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'UTC', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 })
    clock.freeze(new Date('2027-03-01T06:00:00Z'))
    expect((await bookSession(w.client, t.id, '2027-03-01T12:00:00Z')).status).toBe(201)
    // Booked 12:00-13:00 takes 11:45-13:15. A 60-minute time with 15 minutes either side:
    // 10:30 ends its buffer at 11:45 (touching is fine); 13:30 starts its buffer at 13:15.
    expect(on(await slots(t.id, { from: '2027-03-01', to: '2027-03-01', timeZone: 'UTC' }), '2027-03-01')).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ])
    // Another type of the same coach cannot take a time inside the buffer either.
    const call = await makeType(w.coach, { durationMinutes: 15 })
    const r = await bookSession(w.client, call.id, '2027-03-01T13:00:00Z')
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This time is no longer available.')
    expect((await bookSession(w.client, call.id, '2027-03-01T13:15:00Z')).status).toBe(201)
  })

  test("the coach's workshops take their whole length, and the buffers keep off them", async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'UTC', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 })
    clock.freeze(new Date('2027-03-01T06:00:00Z'))
    const { schedule } = await makeSchedule({ tenant: w.tenant, coach: w.coach, startInDays: 0, hours: 2 })
    await em().execute(`update workshop_schedules set start_date = '2027-03-02T14:00:00Z', end_date = '2027-03-02T16:00:00Z' where id = ?`, [schedule.id])
    expect(on(await slots(t.id, { from: '2027-03-02', to: '2027-03-02', timeZone: 'UTC' }), '2027-03-02')).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
    ])
  })

  test("at most N a day of the coach's calendar: a full day offers nothing and refuses a booking", async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'America/New_York', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { durationMinutes: 30, maxPerDay: 2 })
    clock.freeze(new Date('2027-03-01T06:00:00Z'))
    const q = { from: '2027-03-02', to: '2027-03-03', timeZone: 'America/New_York' }
    expect((await bookSession(w.client, t.id, '2027-03-02T14:00:00Z')).status).toBe(201)
    expect((await bookSession(w.client, t.id, '2027-03-02T21:30:00Z')).status).toBe(201)
    const after = await slots(t.id, q)
    // March 2 in New York (UTC-5) is full; March 3 is not.
    expect(after.some((s) => s.start >= '2027-03-02T05:00' && s.start < '2027-03-03T05:00')).toBe(false)
    expect(after.filter((s) => s.start >= '2027-03-03T05:00').length).toBe(16)
    const third = await bookSession(w.client, t.id, '2027-03-02T16:00:00Z')
    expect(third.status).toBe(409)
    expect(third.body.message).toBe('This time is no longer available.')
  })

  test('date overrides replace the weekday; a busy calendar range takes its time', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, {
      timeZone: 'UTC',
      weekly: EVERY_DAY_9_TO_17,
      overrides: [
        { date: '2027-03-03', ranges: [] },
        { date: '2027-03-04', ranges: [{ start: '18:00', end: '19:00' }] },
      ],
    })
    const t = await makeType(w.coach, { durationMinutes: 60 })
    clock.freeze(new Date('2027-03-01T06:00:00Z'))
    await em().execute(
      `insert into calendar_feeds (id, created_at, updated_at, coach_id, url, status, busy, busy_count) values (gen_random_uuid(), now(), now(), ?, 'https://cal.example/a.ics', 'ok', ?::jsonb, 1)`,
      [w.coach.user.id, JSON.stringify([[Date.parse('2027-03-05T10:15:00Z'), Date.parse('2027-03-05T15:00:00Z')]])],
    )
    const list = await slots(t.id, { from: '2027-03-03', to: '2027-03-05', timeZone: 'UTC' })
    expect(on(list, '2027-03-03')).toEqual([])
    expect(on(list, '2027-03-04')).toEqual(['18:00'])
    expect(on(list, '2027-03-05')).toEqual(['09:00', '15:00', '15:30', '16:00'])
    // The feed read again with another range (as many as before): its new version counts at once.
    await em().execute(`update calendar_feeds set busy = ?::jsonb where coach_id = ?`, [
      JSON.stringify([[Date.parse('2027-03-05T09:00:00Z'), Date.parse('2027-03-05T14:00:00Z')]]),
      w.coach.user.id,
    ])
    const again = await slots(t.id, { from: '2027-03-05', to: '2027-03-05', timeZone: 'UTC' })
    expect(on(again, '2027-03-05')).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00'])
    // Gone: its time is free again.
    await em().execute(`delete from calendar_feeds where coach_id = ?`, [w.coach.user.id])
    expect(on(await slots(t.id, { from: '2027-03-05', to: '2027-03-05', timeZone: 'UTC' }), '2027-03-05')).toHaveLength(15)
  })

  test('query bounds: at most 62 days, to after from, readable values', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'UTC', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach)
    const { Client } = await import('../client')
    const get = (qs: string) => new Client().get(`/v1/public/session-types/${t.id}/slots?${qs}`)
    expect((await get('from=2027-01-01&to=2027-04-01')).body.errors).toEqual({ to: ['At most 62 days of times at once'] })
    expect((await get('from=2027-01-05&to=2027-01-01')).body.errors).toEqual({ to: ['to must be after from'] })
    expect((await get('from=yesterday')).status).toBe(422)
    expect((await get('timeZone=Nowhere/Land')).body.errors).toEqual({ timeZone: ['Please select a valid time zone'] })
  })
})

describe('daylight-saving days', () => {
  test('09:00 stays 09:00 local on both sides of the change, in Berlin and in New York', async () => {
    const w = await sessionWorld()
    const t = await makeType(w.coach, { durationMinutes: 60, bookingWindowDays: 365 })
    const nine = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '09:00', end: '10:00' }))
    clock.freeze(new Date('2027-03-01T00:00:00Z'))
    await setHours(w.coach, { timeZone: 'Europe/Berlin', weekly: nine })
    const berlin = await slots(t.id, { from: '2027-03-27', to: '2027-03-28', timeZone: 'Europe/Berlin' })
    expect(berlin.map((s) => s.start)).toEqual(['2027-03-27T08:00:00.000Z', '2027-03-28T07:00:00.000Z'])
    const autumn = await slots(t.id, { from: '2027-10-30', to: '2027-10-31', timeZone: 'Europe/Berlin' })
    expect(autumn.map((s) => s.start)).toEqual(['2027-10-30T07:00:00.000Z', '2027-10-31T08:00:00.000Z'])
    await setHours(w.coach, { timeZone: 'America/New_York', weekly: nine })
    const ny = await slots(t.id, { from: '2027-03-13', to: '2027-03-14', timeZone: 'America/New_York' })
    expect(ny.map((s) => s.start)).toEqual(['2027-03-13T14:00:00.000Z', '2027-03-14T13:00:00.000Z'])
    const nyAutumn = await slots(t.id, { from: '2027-11-06', to: '2027-11-07', timeZone: 'America/New_York' })
    expect(nyAutumn.map((s) => s.start)).toEqual(['2027-11-06T13:00:00.000Z', '2027-11-07T14:00:00.000Z'])
  })

  test('a range the clocks skip is empty; one they cross ends when they jump; one they repeat lasts to its second pass', async () => {
    const w = await sessionWorld()
    const t = await makeType(w.coach, { durationMinutes: 30, bookingWindowDays: 365 })
    clock.freeze(new Date('2027-03-01T00:00:00Z'))
    // 2027-03-28 in Berlin: 02:00 CET becomes 03:00 CEST. 2027-10-31: 03:00 CEST becomes 02:00 CET.
    await setHours(w.coach, {
      timeZone: 'Europe/Berlin',
      overrides: [
        { date: '2027-03-28', ranges: [{ start: '01:00', end: '02:30' }] },
        { date: '2027-10-31', ranges: [{ start: '01:00', end: '02:30' }] },
      ],
    })
    const spring = await slots(t.id, { from: '2027-03-28', to: '2027-03-28', timeZone: 'Europe/Berlin' })
    expect(spring.map((s) => s.start)).toEqual(['2027-03-28T00:00:00.000Z', '2027-03-28T00:30:00.000Z'])
    const autumn = await slots(t.id, { from: '2027-10-31', to: '2027-10-31', timeZone: 'Europe/Berlin' })
    expect(autumn.map((s) => s.start)).toEqual([
      '2027-10-30T23:00:00.000Z',
      '2027-10-30T23:30:00.000Z',
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T00:30:00.000Z',
      '2027-10-31T01:00:00.000Z',
    ])
    await setHours(w.coach, { timeZone: 'Europe/Berlin', overrides: [{ date: '2027-03-28', ranges: [{ start: '02:00', end: '03:00' }] }] })
    expect(await slots(t.id, { from: '2027-03-28', to: '2027-03-28', timeZone: 'Europe/Berlin' })).toEqual([])
  })

  test("the visitor's zone only moves the days asked for, never the times", async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'Europe/Berlin', weekly: EVERY_DAY_9_TO_17 })
    const t = await makeType(w.coach, { durationMinutes: 60 })
    clock.freeze(new Date('2027-03-01T00:00:00Z'))
    const tokyo = await slots(t.id, { from: '2027-03-02', to: '2027-03-02', timeZone: 'Asia/Tokyo' })
    const berlin = await slots(t.id, { from: '2027-03-02', to: '2027-03-02', timeZone: 'Europe/Berlin' })
    // A Tokyo day (15:00 UTC the day before to 15:00 UTC) holds the last Berlin hour of March 1 and
    // March 2 until 15:30 Berlin; the times themselves are the coach's, whoever asks.
    expect(tokyo[0]!.start).toBe('2027-03-01T15:00:00.000Z')
    expect(tokyo.at(-1)!.start).toBe('2027-03-02T14:30:00.000Z')
    expect(berlin[0]!.start).toBe('2027-03-02T08:00:00.000Z')
    expect(berlin.at(-1)!.start).toBe('2027-03-02T15:00:00.000Z')
    expect(new Date(tokyo[0]!.end).getTime() - new Date(tokyo[0]!.start).getTime()).toBe(HOUR)
  })
})
