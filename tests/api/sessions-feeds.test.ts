/**
 * Busy calendars: an ICS address served by a real local HTTP server, read by the pg-boss job at
 * once when added, then conditionally (ETag: 304 keeps the ranges); recurring events with an
 * excluded and an overridden instance, an all-day event, free and cancelled events; the size
 * and time limits; and the guard that keeps the reader off private and loopback addresses in
 * production.
 */
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { config } from '../../src/config'
import { readFeed } from '../../src/modules/sessions/feed.service'
import { isPrivateAddress } from '../../src/modules/sessions/feed-fetch'
import { clock } from '../../src/platform/clock'
import { em } from '../client'
import { EVERY_DAY_9_TO_17, makeType, sessionWorld, setHours, slots } from './sessions.fixtures'

const saved = { env: config.NODE_ENV, max: config.CALENDAR_FEED_MAX_BYTES, timeout: config.CALENDAR_FEED_TIMEOUT_MS }
afterEach(() => {
  clock.reset()
  ;(config as { NODE_ENV: string }).NODE_ENV = saved.env
  config.CALENDAR_FEED_MAX_BYTES = saved.max
  config.CALENDAR_FEED_TIMEOUT_MS = saved.timeout
})

/** A calendar server: what it serves, and the requests it got. */
const feed = {
  body: '',
  etag: '"v1"',
  delayMs: 0,
  requests: [] as { path: string; ifNoneMatch: string | null }[],
}
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const url = new URL(req.url)
    feed.requests.push({ path: url.pathname, ifNoneMatch: req.headers.get('if-none-match') })
    if (feed.delayMs) await Bun.sleep(feed.delayMs)
    if (url.pathname === '/redirect.ics') return new Response(null, { status: 302, headers: { location: '/cal.ics' } })
    if (req.headers.get('if-none-match') === feed.etag) return new Response(null, { status: 304, headers: { etag: feed.etag } })
    return new Response(feed.body, { headers: { 'content-type': 'text/calendar', etag: feed.etag } })
  },
})
afterAll(() => server.stop(true))
const base = `http://127.0.0.1:${server.port}`

const ICS = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Test//Calendar//EN
BEGIN:VEVENT
UID:weekly@test
DTSTART;TZID=Europe/Berlin:20270301T100000
DTEND;TZID=Europe/Berlin:20270301T110000
RRULE:FREQ=WEEKLY;COUNT=4
EXDATE;TZID=Europe/Berlin:20270308T100000
SUMMARY:Team meeting
END:VEVENT
BEGIN:VEVENT
UID:weekly@test
RECURRENCE-ID;TZID=Europe/Berlin:20270315T100000
DTSTART;TZID=Europe/Berlin:20270315T140000
DTEND;TZID=Europe/Berlin:20270315T150000
SUMMARY:Team meeting (moved)
END:VEVENT
BEGIN:VEVENT
UID:holiday@test
DTSTART;VALUE=DATE:20270310
DTEND;VALUE=DATE:20270311
SUMMARY:Holiday
END:VEVENT
BEGIN:VEVENT
UID:free@test
DTSTART:20270302T090000Z
DTEND:20270302T100000Z
TRANSP:TRANSPARENT
SUMMARY:Free time
END:VEVENT
BEGIN:VEVENT
UID:cancelled@test
DTSTART:20270303T090000Z
DTEND:20270303T100000Z
STATUS:CANCELLED
SUMMARY:Cancelled
END:VEVENT
BEGIN:VEVENT
UID:lunch@test
DTSTART:20270304T120000Z
DTEND:20270304T123000Z
SUMMARY:Lunch
END:VEVENT
END:VCALENDAR
`.replace(/\n/g, '\r\n')

const range = (a: string, b: string) => [Date.parse(a), Date.parse(b)]

async function feedRow(id: string) {
  const [r] = await em().execute<any[]>(`select status, error, busy, busy_count, etag, last_fetched_at, last_success_at from calendar_feeds where id = ?`, [id])
  return { ...r, busy: typeof r.busy === 'string' ? JSON.parse(r.busy) : r.busy }
}

/** Waits for the job to read the feed (a condition polled, no fixed sleep). */
async function untilRead(id: string) {
  for (let i = 0; i < 200; i++) {
    const r = await feedRow(id)
    if (r.status !== 'pending') return r
    await Bun.sleep(50)
  }
  throw new Error('the feed was never read')
}

describe('busy calendars', () => {
  test('read at once by the job: recurrence with an exclusion and an override, all-day, free and cancelled events; then 304 with the ETag', async () => {
    const w = await sessionWorld()
    await setHours(w.coach, { timeZone: 'Europe/Berlin', weekly: EVERY_DAY_9_TO_17 })
    clock.freeze(new Date('2027-02-28T12:00:00Z'))
    feed.body = ICS
    feed.etag = '"v1"'
    feed.requests = []
    const added = await w.coach.client.post('/v1/availability/calendars', { url: `${base}/cal.ics` })
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ status: 'pending', url: `${base}/cal.ics`, host: `127.0.0.1:${server.port}` })
    const row = await untilRead(added.body.data.id)
    expect(row.status).toBe('ok')
    expect(row.busy).toEqual([
      range('2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z'),
      range('2027-03-04T12:00:00Z', '2027-03-04T12:30:00Z'),
      range('2027-03-09T23:00:00Z', '2027-03-10T23:00:00Z'),
      range('2027-03-15T13:00:00Z', '2027-03-15T14:00:00Z'),
      range('2027-03-22T09:00:00Z', '2027-03-22T10:00:00Z'),
    ])
    expect(row.etag).toBe('"v1"')
    // The slots follow: the all-day holiday is a whole Berlin day off, the moved meeting its new hour.
    const t = await makeType(w.coach, { durationMinutes: 60 })
    const list = await slots(t.id, { from: '2027-03-10', to: '2027-03-10', timeZone: 'Europe/Berlin' })
    expect(list).toEqual([])
    const monday = await slots(t.id, { from: '2027-03-15', to: '2027-03-15', timeZone: 'Europe/Berlin' })
    expect(monday.map((s) => s.start)).toContain('2027-03-15T09:00:00.000Z')
    expect(monday.map((s) => s.start)).not.toContain('2027-03-15T13:00:00.000Z')
    expect(monday.map((s) => s.start)).not.toContain('2027-03-15T12:30:00.000Z')
    // The next read is conditional: the server answers 304 and the ranges stay.
    expect(await readFeed(added.body.data.id)).toBe('unchanged')
    expect(feed.requests.at(-1)!.ifNoneMatch).toBe('"v1"')
    expect((await feedRow(added.body.data.id)).busy.length).toBe(5)
    // A changed calendar (new ETag) replaces them.
    feed.body = ICS.replace('RRULE:FREQ=WEEKLY;COUNT=4', 'RRULE:FREQ=WEEKLY;COUNT=1')
    feed.etag = '"v2"'
    expect(await readFeed(added.body.data.id)).toBe('read')
    expect((await feedRow(added.body.data.id)).busy.length).toBe(3)
    const listed = await w.coach.client.get('/v1/availability/calendars')
    expect(listed.body.data[0]).toMatchObject({ status: 'ok', error: null, busyCount: 3 })
    expect((await w.coach.client.delete(`/v1/availability/calendars/${added.body.data.id}`)).status).toBe(204)
    expect((await w.coach.client.get('/v1/availability/calendars')).body.data).toEqual([])
  })

  test('a file that is not a calendar, too big or too slow: the error in plain words, the last ranges kept', async () => {
    const w = await sessionWorld()
    clock.freeze(new Date('2027-02-28T12:00:00Z'))
    feed.body = ICS
    feed.etag = '"big-1"'
    const added = await w.coach.client.post('/v1/availability/calendars', { url: `${base}/redirect.ics` })
    expect((await untilRead(added.body.data.id)).status).toBe('ok')
    feed.body = '<html>not a calendar</html>'
    feed.etag = '"html"'
    expect(await readFeed(added.body.data.id)).toBe('failed')
    let row = await feedRow(added.body.data.id)
    expect(row).toMatchObject({ status: 'error', error: 'The address does not answer a calendar file (iCalendar).', busy_count: 5 })
    feed.body = ICS.repeat(20)
    feed.etag = '"big-2"'
    config.CALENDAR_FEED_MAX_BYTES = 4096
    expect(await readFeed(added.body.data.id)).toBe('failed')
    expect((await feedRow(added.body.data.id)).error).toBe('The calendar file is larger than 4 KB: share a smaller calendar.')
    config.CALENDAR_FEED_MAX_BYTES = saved.max
    config.CALENDAR_FEED_TIMEOUT_MS = 300
    feed.delayMs = 2000
    try {
      expect(await readFeed(added.body.data.id)).toBe('failed')
    } finally {
      feed.delayMs = 0
    }
    row = await feedRow(added.body.data.id)
    expect(row.error).toBe('The calendar server did not answer within 0.3 seconds.')
    expect(row.busy.length).toBe(5)
  })

  test('validation: http(s) or webcal only, at most 5, not twice', async () => {
    const w = await sessionWorld()
    const add = (url: unknown) => w.coach.client.post('/v1/availability/calendars', { url })
    expect((await add('ftp://example.com/cal.ics')).body.errors).toEqual({ url: ['Please enter the http(s) address of a calendar (an .ics link)'] })
    expect((await add('https://user:pw@example.com/cal.ics')).status).toBe(422)
    const webcal = await add(`webcal://127.0.0.1:${server.port}/a.ics`)
    expect(webcal.status).toBe(201)
    expect(webcal.body.data.url).toBe(`https://127.0.0.1:${server.port}/a.ics`)
    expect((await add(`https://127.0.0.1:${server.port}/a.ics`)).body.errors).toEqual({ url: ['This calendar is already added.'] })
    for (const n of [1, 2, 3, 4]) expect((await add(`${base}/${n}.ics`)).status).toBe(201)
    const sixth = await add(`${base}/6.ics`)
    expect(sixth.status).toBe(409)
    expect(sixth.body.message).toBe('At most 5 busy calendars')
  })
})

describe('the reader never reaches private networks in production', () => {
  test('loopback refused when added, and again when read (the address checked on every read)', async () => {
    const w = await sessionWorld()
    feed.requests = []
    ;(config as { NODE_ENV: string }).NODE_ENV = 'production'
    const refused = await w.coach.client.post('/v1/availability/calendars', { url: `${base}/cal.ics` })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual({ url: ['This address points to a private or local network: only public calendar addresses can be read.'] })
    const byName = await w.coach.client.post('/v1/availability/calendars', { url: `http://localhost:${server.port}/cal.ics` })
    expect(byName.status).toBe(422)
    // Added while private addresses were allowed, read in production: refused before any request.
    ;(config as { NODE_ENV: string }).NODE_ENV = saved.env
    const added = await w.coach.client.post('/v1/availability/calendars', { url: `${base}/private.ics` })
    await untilRead(added.body.data.id)
    ;(config as { NODE_ENV: string }).NODE_ENV = 'production'
    const before = feed.requests.length
    expect(await readFeed(added.body.data.id)).toBe('failed')
    expect(feed.requests.length).toBe(before)
    expect((await feedRow(added.body.data.id)).error).toBe('This address points to a private or local network: only public calendar addresses can be read.')
  })

  test('which addresses count as private', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '224.0.0.1',
    ])
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, true])
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) expect([ip, isPrivateAddress(ip)]).toEqual([ip, false])
  })
})
