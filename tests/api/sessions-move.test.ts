/**
 * Moving a one-to-one session: the times offered for a move (`GET /v1/bookings/{id}/session-times`)
 * leave the booking's own time, buffers and place in the per-day limit out, so a time that
 * overlaps the old one is offered and taken in one transaction (the row's own exclusion-constraint
 * range is updated in place); the move is recorded in the booking's history and shown as a
 * "Moved" line on the client's and the coach's booking pages, on the reader's clock.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Session } from '../../src/modules/auth/auth.entity'
import { randomToken, sha256 } from '../../src/platform/crypto'
import { formatMove } from '../../src/shared/datetime'
import { type Actor, app, em, uid } from '../client'
import { makeCoach, makePublicSchedule } from '../e2e/marketplace.fixtures'
import { bookSession, DAY, EVERY_DAY_9_TO_17, HOUR, MINUTE, makeType, nextWeekday, sessionWorld, setHours, slots } from './sessions.fixtures'

setDefaultTimeout(60_000)

beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
}, 180_000)

/** A coach in London with every day's hours and a type; the first free time of a day ahead. */
async function booked(type: Record<string, unknown> = {}) {
  const w = await sessionWorld()
  await setHours(w.coach, { timeZone: 'Europe/London', weekly: EVERY_DAY_9_TO_17 })
  const t = await makeType(w.coach, { title: 'Deep dive', durationMinutes: 60, ...type })
  const day = nextWeekday(3, 3)
  const at = (await slots(t.id, { from: day, to: day, timeZone: 'Europe/London' }))[0]!.start
  const r = await bookSession(w.client, t.id, at)
  expect(r.status).toBe(201)
  return { ...w, type: t, day, at, id: r.body.data.id as string }
}

const moveTimes = (a: Actor, id: string, q: Record<string, string> = {}) => a.client.get(`/v1/bookings/${id}/session-times?${new URLSearchParams(q)}`)
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString()

/** A signed-in browser's cookie for pages (the tz cookie is the reader's zone). */
async function pageCookie(a: Actor, tz: string) {
  const secret = randomToken()
  const m = em()
  m.create(Session, {
    id: sha256(secret),
    user: a.user.id,
    csrfToken: randomToken(24),
    data: {},
    lastSeenAt: new Date(),
    expiresAt: new Date(Date.now() + DAY),
  } as any)
  await m.flush()
  return `summit_session=${secret}; tz=${tz}`
}
const page = async (path: string, cookie: string) => {
  const res = await fetch(app().url + path, { headers: { cookie }, redirect: 'manual' })
  return { status: res.status, body: await res.text() }
}
/** The page's text without tags (entities of the arrow and apostrophes read back). */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')

describe('the times a session can move to', () => {
  test("an hour's session is offered 30 minutes later (its own time does not count) and moves there; the public slots still count it", async () => {
    const w = await booked()
    const later = plus(w.at, 30 * MINUTE)
    // A visitor sees neither the booked time nor one overlapping it.
    const pub = (await slots(w.type.id, { from: w.day, to: w.day, timeZone: 'Europe/London' })).map((s) => s.start)
    expect(pub).not.toContain(w.at)
    expect(pub).not.toContain(later)
    // Its booker sees both, and the rest of the day as a visitor does.
    const r = await moveTimes(w.client, w.id, { from: w.day, to: w.day, timeZone: 'Europe/London' })
    expect(r.status).toBe(200)
    const mine = r.body.data.map((s: { start: string }) => s.start)
    expect(mine).toContain(w.at)
    expect(mine).toContain(later)
    // (09:00 is the day's first time, so nothing before it overlaps.)
    expect(mine.filter((s: string) => !pub.includes(s))).toEqual([w.at, later])
    expect(r.body.meta).toMatchObject({ timeZone: 'Europe/London', durationMinutes: 60 })
    // Offered, so taken: one UPDATE of the row over its own old range.
    const moved = await w.client.client.post(`/v1/bookings/${w.id}/session-time`, { startsAt: later })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ startsAt: later, status: 'CONFIRMED' })
    const [row] = await em().execute(`select blocked_from, blocked_until from bookings where id = ?`, [w.id])
    expect([new Date(row.blocked_from).toISOString(), new Date(row.blocked_until).toISOString()]).toEqual([later, plus(later, HOUR)])
    // A visitor's first time that day is now the hour after the new end (09:00 overlaps 09:30 still).
    const after = (await slots(w.type.id, { from: w.day, to: w.day, timeZone: 'Europe/London' })).map((s) => s.start)
    expect(after[0]).toBe(plus(later, HOUR))
  })

  test("its buffers and its place in the per-day limit are its own too; another client's session still counts", async () => {
    const w = await booked({ bufferAfterMinutes: 30, maxPerDay: 1 })
    // The day is full for visitors (one a day), open for the move.
    expect(await slots(w.type.id, { from: w.day, to: w.day, timeZone: 'Europe/London' })).toEqual([])
    const mine = (await moveTimes(w.client, w.id, { from: w.day, to: w.day, timeZone: 'Europe/London' })).body.data.map((s: { start: string }) => s.start)
    expect(mine).toContain(plus(w.at, 30 * MINUTE))
    // Another day: another client's session there (with its buffer) is still busy for the move.
    const other = await sessionWorld()
    const next = nextWeekday(4, 3)
    const theirs = (await slots(w.type.id, { from: next, to: next, timeZone: 'Europe/London' }))[2]!.start
    expect((await bookSession(other.client, w.type.id, theirs)).status).toBe(201)
    const nextDay = (await moveTimes(w.client, w.id, { from: next, to: next, timeZone: 'Europe/London' })).body.data.map((s: { start: string }) => s.start)
    // One a day: that day already has its session.
    expect(nextDay).toEqual([])
    const onDay = await w.client.client.post(`/v1/bookings/${w.id}/session-time`, { startsAt: plus(theirs, 2 * HOUR) })
    expect(onDay.status).toBe(409)
    const overlapping = await w.client.client.post(`/v1/bookings/${w.id}/session-time`, { startsAt: plus(w.at, 60 * MINUTE) })
    expect(overlapping.status).toBe(200)
  })

  test('the booker and the coach read them; anyone else gets 404; a workshop booking is not a session; bad bounds are 422', async () => {
    const w = await booked()
    expect((await moveTimes(w.coach, w.id, { from: w.day, to: w.day, timeZone: 'Europe/London' })).status).toBe(200)
    const stranger = await sessionWorld()
    expect((await moveTimes(stranger.client, w.id)).status).toBe(404)
    expect((await moveTimes(stranger.coach, w.id)).status).toBe(404)
    expect((await moveTimes(w.client, 'not-an-id')).status).toBe(404)
    const bad = await moveTimes(w.client, w.id, { from: 'soon' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.from).toEqual(['from must be a date (YYYY-MM-DD) or an ISO instant'])
    expect((await moveTimes(w.client, w.id, { from: w.day, to: plus(`${w.day}T00:00:00.000Z`, 90 * DAY) })).status).toBe(422)
    // A free workshop booking of the same client: no times to move to.
    const biz = await makeCoach('Wes', `Shop${uid()}`)
    const { schedule } = await makePublicSchedule(biz, { title: `Shop ${uid()}`, price: 0 })
    const wb = await w.client.client.post('/v1/bookings', { workshopScheduleId: schedule.id, userId: w.client.user.id, seats: 1 })
    expect(wb.body).toMatchObject({ data: { status: 'CONFIRMED' } })
    const notSession = await moveTimes(w.client, wb.body.data.id)
    expect(notSession.status).toBe(422)
    expect(notSession.body.errors.id).toEqual(['Only a one-to-one session moves to another time.'])
  })

  test('50 parallel moves of two sessions onto the same free time: exactly one lands', async () => {
    const a = await booked()
    const other = await sessionWorld()
    const target = plus(a.at, 3 * HOUR)
    const second = (await bookSession(other.client, a.type.id, plus(a.at, 5 * HOUR))).body.data.id as string
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? a.client.client.post(`/v1/bookings/${a.id}/session-time`, { startsAt: target })
          : other.client.client.post(`/v1/bookings/${second}/session-time`, { startsAt: target }),
      ),
    )
    const codes = results.map((r) => r.status)
    // The winner's own later moves to the time it holds already are 422 (same time); the loser's are 409.
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.every((c) => c === 200 || c === 409 || c === 422)).toBe(true)
    const [{ n }] = await em().execute(`select count(*)::int as n from bookings where starts_at = ? and status <> 'CANCELLED'`, [target])
    expect(n).toBe(1)
  })
})

describe('the history of a moved session', () => {
  test("recorded as a move (both times), shown as a Moved line from → to on the session's clock and the reader's on the client's and the coach's booking pages", async () => {
    const w = await booked()
    const to = plus(w.at, 30 * MINUTE)
    expect((await w.client.client.post(`/v1/bookings/${w.id}/session-time`, { startsAt: to })).status).toBe(200)
    const rows = await em().execute(
      `select status, from_schedule_id, to_schedule_id, from_starts_at, to_starts_at, difference from booking_reschedules where booking_id = ?`,
      [w.id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'DONE', from_schedule_id: null, to_schedule_id: null, difference: 0 })
    expect([new Date(rows[0].from_starts_at).toISOString(), new Date(rows[0].to_starts_at).toISOString()]).toEqual([w.at, to])

    // On the session's clock (London), the reader's own beside: the client reads New York time,
    // the coach Tokyo time (where a London morning is the evening).
    const client = text((await page(`/b/bookings/${w.id}`, await pageCookie(w.client, 'America/New_York'))).body)
    expect(client).toContain(`Moved ${formatMove(w.at, to, 'Europe/London', 'America/New_York')}, on `)
    expect(formatMove(w.at, to, 'Europe/London', 'America/New_York')).toMatch(
      /^\w{3}, \w{3} \d+, \d{4}, 9:00 AM → 9:30 AM London time \(4:00 AM → 4:30 AM your time\)$/,
    )
    const coachPage = await page(`/c/bookings/${w.id}`, await pageCookie(w.coach, 'Asia/Tokyo'))
    expect(coachPage.status).toBe(200)
    expect(text(coachPage.body)).toContain(`Moved ${formatMove(w.at, to, 'Europe/London', 'Asia/Tokyo')}, on `)
    expect(formatMove(w.at, to, 'Europe/London', 'Asia/Tokyo')).toContain('(6:00 PM → 6:30 PM your time)')
    // Moved twice: two lines, the newest first.
    const again = plus(w.at, 2 * HOUR)
    expect((await w.client.client.post(`/v1/bookings/${w.id}/session-time`, { startsAt: again })).status).toBe(200)
    const twice = text((await page(`/b/bookings/${w.id}`, await pageCookie(w.client, 'America/New_York'))).body)
    const lines = [...twice.matchAll(/Moved (.+?), on /g)].map((m) => m[1])
    expect(lines).toEqual([formatMove(to, again, 'Europe/London', 'America/New_York'), formatMove(w.at, to, 'Europe/London', 'America/New_York')])
  })
})
