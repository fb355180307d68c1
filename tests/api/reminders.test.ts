/**
 * Reminders (24 hours and 1 hour before) and the feedback request (after the session) to every
 * confirmed seat holder, through the real SMTP peer: each at most once per seat and kind even
 * when the sweep job runs several times at once; none for cancelled bookings or seats, a
 * cancelled session, or a start that moved (the reminders are planned again for the new
 * start); none that had already passed when the seat was booked; the settings preference and
 * the one-click unsubscribe link (RFC 8058 headers, signed token) turn a kind off.
 */
import { afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { BookingSeat } from '../../src/modules/bookings/booking.entity'
import { SWEEP_NOTIFICATIONS_JOB } from '../../src/modules/notifications'
import { claimDue, deliver, sweepNotifications } from '../../src/modules/notifications/reminders.service'
import { clock } from '../../src/platform/clock'
import { runNow } from '../../src/platform/jobs'
import { type Actor, actor, app, em } from '../client'
import { type Mail, mailsTo, waitForMail } from '../mail'
import { book, world } from './bookings.fixtures'

afterEach(() => clock.reset())
// The unsubscribe page is rendered: the island bundles and CSS first (the server builds them lazily in tests).
beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
}, 180_000)

const HOUR = 3_600_000
const MINUTE = 60_000
type World = Awaited<ReturnType<typeof world>>

/** A free booking (confirmed at once) of `seats` seats; the other seats are given to new users who accepted. */
async function confirmedBooking(w: World, seats = 1, booker: Actor = w.client) {
  const r = await book(booker, w.schedule.id, { seats })
  expect(r.status).toBe(201)
  expect(r.body.data.status).toBe('CONFIRMED')
  const guests: Actor[] = []
  const m = em()
  const rows = await m.find(BookingSeat, { booking: r.body.data.id, status: 'PENDING' } as any, { filters: false })
  for (const seat of rows) {
    const g = await actor()
    seat.user = g.user.id as any
    seat.status = 'ACCEPTED'
    seat.respondedAt = new Date()
    guests.push(g)
  }
  await m.flush()
  return { id: r.body.data.id as string, guests }
}

const reminders = (email: string, kind: '24 hours' | '1 hour' | 'feedback') =>
  mailsTo(email).filter((m) =>
    kind === 'feedback' ? m.subject.startsWith('How was') : m.subject.startsWith('Reminder:') && m.subject.endsWith(`starts in ${kind}`),
  )
const rows = async (bookingId: string) =>
  (await em().getConnection().execute(`select kind, status, starts_at from sent_notifications where booking_id = ? order by created_at`, [bookingId])) as {
    kind: string
    status: string
    starts_at: Date
  }[]
const at = (w: World, offset: number) => clock.freeze(new Date(w.schedule.startDate.getTime() + offset))
/** Claims what is due now (every test's sessions share the database) and answers this booking's claimed rows. */
async function claimFor(bookingId: string, kind: 'reminder_24h' | 'reminder_1h' | 'feedback_request') {
  const ids = await claimDue(em(), kind, clock.now())
  const mine = await em()
    .getConnection()
    .execute(`select id from sent_notifications where booking_id = ? and id = any(?::uuid[])`, [bookingId, `{${ids.join(',')}}`])
  return mine.map((r: any) => r.id as string)
}
const kinds = async (bookingId: string) => (await rows(bookingId)).map((r) => r.kind)
/** The sweep job, as pg-boss runs it (the same handler), `n` times at once. */
const sweepTimes = (n: number) => Promise.all(Array.from({ length: n }, () => runNow(SWEEP_NOTIFICATIONS_JOB)))

describe('reminders and follow-ups', () => {
  test('24 h, 1 h and the feedback request reach every seat holder once, with the sweep run four times at once each time', async () => {
    const w = await world({ price: 0, startInDays: 5, maxSeats: 20 })
    const b1 = await confirmedBooking(w, 3)
    const b2 = await confirmedBooking(w, 1, await actor())
    const other = (await em().getConnection().execute(`select u.email from bookings b join users u on u.id = b.user_id where b.id = ?`, [b2.id]))[0].email
    const holders = [w.client.user.email, ...b1.guests.map((g) => g.user.email), other]

    at(w, -24 * HOUR + MINUTE)
    await sweepTimes(4)
    for (const email of holders) await waitForMail(email, (m) => m.subject === `Reminder: ${w.workshop.title} starts in 24 hours`)
    at(w, -24 * HOUR + 2 * MINUTE)
    await sweepTimes(2)
    at(w, -HOUR + MINUTE)
    await sweepTimes(4)
    for (const email of holders) await waitForMail(email, (m) => m.subject === `Reminder: ${w.workshop.title} starts in 1 hour`)
    at(w, 3 * HOUR + 5 * MINUTE)
    await sweepTimes(4)
    for (const email of holders) await waitForMail(email, (m) => m.subject === `How was ${w.workshop.title}?`)
    await sweepTimes(2)

    for (const email of holders) {
      expect(reminders(email, '24 hours')).toHaveLength(1)
      expect(reminders(email, '1 hour')).toHaveLength(1)
      expect(reminders(email, 'feedback')).toHaveLength(1)
    }
    expect((await rows(b1.id)).map((r) => `${r.kind}:${r.status}`).sort()).toEqual([
      ...Array(3).fill('feedback_request:sent'),
      ...Array(3).fill('reminder_1h:sent'),
      ...Array(3).fill('reminder_24h:sent'),
    ])
  }, 60_000)

  test('the mail: when and the meeting link online; venue and address in person; the booking .ics attached; RFC 8058 headers; the feedback form link', async () => {
    const w = await world({ price: 0, startInDays: 3 })
    const b = await confirmedBooking(w)
    const email = w.client.user.email
    at(w, -HOUR + MINUTE)
    await sweepNotifications()
    const online = await waitForMail(email, (m) => m.subject.endsWith('starts in 1 hour'))
    expect(online.text).toContain(`${w.workshop.title} with Test`)
    expect(online.text).toContain('It takes place online: https://meet.example/x')
    expect(online.text).toContain(`View your booking: ${app().url}/b/bookings/${b.id}`)
    expect(online.attachments).toHaveLength(1)
    expect(online.attachments[0].contentType).toStartWith('text/calendar')
    expect(online.attachments[0].content).toContain(`UID:booking-${b.id}@`)
    expect(online.attachments[0].content).toContain('BEGIN:VEVENT')
    expect(online.attachments[0].content).toContain('https://meet.example/x')
    expect(online.headers['list-unsubscribe']).toMatch(new RegExp(`^<${app().url}/unsubscribe/reminder_1h\\.${w.client.user.id}\\.[\\w-]+>$`))
    expect(online.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(online.text).toContain('Unsubscribe from reminders an hour before your workshops: ')

    const venue = await world({ price: 0, startInDays: 4 })
    await em()
      .getConnection()
      .execute(
        `update workshop_schedules set mode = 'IN-PERSON', meeting_url = null, venue_name = 'Okafor Studio', address_line1 = '12 Clerkenwell Road', city = 'London', zip = 'EC1M 5PA', country = 'GB' where id = ?`,
        [venue.schedule.id],
      )
    await confirmedBooking(venue)
    at(venue, -24 * HOUR + MINUTE)
    await sweepNotifications()
    const inPerson = await waitForMail(venue.client.user.email, (m) => m.subject.endsWith('starts in 24 hours'))
    expect(inPerson.text).toContain('Where: Okafor Studio, 12 Clerkenwell Road, EC1M 5PA London, United Kingdom')
    expect(inPerson.text).not.toContain('meet.example')

    at(w, 3 * HOUR + MINUTE)
    await sweepNotifications()
    const fb = await waitForMail(email, (m) => m.subject.startsWith('How was'))
    expect(fb.text).toContain(`Leave feedback: ${app().url}/b/bookings/${b.id}#feedback`)
    expect(fb.attachments).toEqual([])
    expect(fb.headers['list-unsubscribe']).toContain('/unsubscribe/feedback_request.')
  })

  test('none for a cancelled booking, a declined seat, a cancelled session; a cancellation between claim and send is skipped', async () => {
    const w = await world({ price: 0, startInDays: 6, maxSeats: 10 })
    const kept = await confirmedBooking(w, 2)
    const cancelled = await confirmedBooking(w, 1, await actor())
    await em().getConnection().execute(`update bookings set status = 'CANCELLED', cancellation_reason = 'x' where id = ?`, [cancelled.id])
    const [guestSeat] = await em().find(BookingSeat, { booking: kept.id, user: kept.guests[0].user.id } as any, { filters: false })
    await em().getConnection().execute(`update booking_seats set status = 'DECLINED' where id = ?`, [guestSeat.id])
    at(w, -24 * HOUR + MINUTE)
    expect(await claimFor(cancelled.id, 'reminder_24h')).toEqual([])
    const claimed = await rows(kept.id)
    expect(claimed.map((r) => r.kind)).toEqual(['reminder_24h']) // the booker of `kept` only
    const [keptRow] = await em().getConnection().execute(`select id from sent_notifications where booking_id = ?`, [kept.id])
    // Cancelled after the claim, before the send: skipped, never sent.
    await em().getConnection().execute(`update bookings set status = 'CANCELLED', cancellation_reason = 'x' where id = ?`, [kept.id])
    expect(await deliver(em(), keptRow.id, clock.now())).toBe('skipped')
    expect((await rows(kept.id)).map((r) => r.status)).toEqual(['skipped'])
    expect(reminders(w.client.user.email, '24 hours')).toEqual([])

    const s2 = await world({ price: 0, startInDays: 6 })
    const gone = await confirmedBooking(s2)
    expect((await s2.coach.client.post(`/v1/workshop-schedules/${s2.schedule.id}/cancel`, { reason: 'Ill' })).status).toBe(200)
    at(s2, -HOUR + MINUTE)
    await sweepNotifications()
    expect(await rows(gone.id)).toEqual([])
  })

  test('a moved session: the next reminder follows the new start; one claimed for the old start is skipped', async () => {
    const w = await world({ price: 0, startInDays: 4 })
    const b = await confirmedBooking(w)
    const oldStart = w.schedule.startDate
    at(w, -24 * HOUR + MINUTE)
    await sweepNotifications()
    await waitForMail(w.client.user.email, (m) => m.subject.endsWith('starts in 24 hours'))
    // Claimed for the old start, then the coach moves the session two days later.
    at(w, -HOUR + MINUTE)
    const claimed = await claimFor(b.id, 'reminder_1h')
    expect(claimed).toHaveLength(1)
    clock.reset()
    const newStart = new Date(oldStart.getTime() + 48 * HOUR)
    const moved = await w.coach.client.patch(`/v1/workshop-schedules/${w.schedule.id}`, {
      startDate: newStart.toISOString(),
      endDate: new Date(newStart.getTime() + 3 * HOUR).toISOString(),
    })
    expect(moved.status).toBe(200)
    at(w, -HOUR + MINUTE)
    expect(await deliver(em(), claimed[0], clock.now())).toBe('skipped')
    await sweepNotifications()
    expect(await kinds(b.id)).toEqual(['reminder_24h', 'reminder_1h'])

    clock.freeze(new Date(newStart.getTime() - 24 * HOUR + MINUTE))
    await sweepNotifications()
    clock.freeze(new Date(newStart.getTime() - HOUR + MINUTE))
    await sweepNotifications()
    await waitForMail(w.client.user.email, (m) => m.subject.endsWith('starts in 1 hour'))
    expect(reminders(w.client.user.email, '24 hours')).toHaveLength(2)
    expect(reminders(w.client.user.email, '1 hour')).toHaveLength(1)
    const r = await rows(b.id)
    expect(r.map((x) => [x.kind, x.status, new Date(x.starts_at).toISOString()])).toEqual([
      ['reminder_24h', 'sent', oldStart.toISOString()],
      ['reminder_1h', 'skipped', oldStart.toISOString()],
      ['reminder_24h', 'sent', newStart.toISOString()],
      ['reminder_1h', 'sent', newStart.toISOString()],
    ])
  })

  test('a booking made less than 24 h before the start gets only the 1-hour reminder; a missed 24 h window is not sent late', async () => {
    const w = await world({ price: 0, startInDays: 23 / 24 })
    const b = await confirmedBooking(w)
    // The day-before window is open now, but the seat was booked after it: nothing.
    await sweepNotifications()
    expect(await kinds(b.id)).toEqual([])
    at(w, -HOUR + MINUTE)
    await sweepNotifications()
    expect(await kinds(b.id)).toEqual(['reminder_1h'])
    await waitForMail(w.client.user.email, (m) => m.subject.endsWith('starts in 1 hour'))
    expect(reminders(w.client.user.email, '24 hours')).toEqual([])

    const late = await world({ price: 0, startInDays: 3.3 })
    const lb = await confirmedBooking(late)
    // No sweep ran in the day before: at 50 minutes before the start only the 1-hour one goes.
    at(late, -50 * MINUTE)
    await sweepNotifications()
    expect(await kinds(lb.id)).toEqual(['reminder_1h'])
  })

  test('the preference turns a kind off; the one-click unsubscribe link (mail client POST, then the page) turns one off; forged links do nothing', async () => {
    const w = await world({ price: 0, startInDays: 2.2 })
    const b = await confirmedBooking(w)
    const me = w.client
    expect((await me.client.get('/v1/notifications/preferences')).body.data).toEqual({ reminder24h: true, reminder1h: true, feedbackRequest: true })
    const p = await me.client.patch('/v1/notifications/preferences', { reminder24h: false })
    expect(p.body.data).toEqual({ reminder24h: false, reminder1h: true, feedbackRequest: true })
    expect((await me.client.patch('/v1/notifications/preferences', { reminder1h: 'no' })).status).toBe(422)
    at(w, -24 * HOUR + MINUTE)
    await sweepNotifications()
    expect(await kinds(b.id)).toEqual([])
    at(w, -HOUR + MINUTE)
    await sweepNotifications()
    const mail: Mail = await waitForMail(me.user.email, (m) => m.subject.endsWith('starts in 1 hour'))

    const url = mail.headers['list-unsubscribe'].slice(1, -1)
    // Opening the link changes nothing (link scanners); the page offers the button.
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Stop reminders an hour before your workshops?')
    expect((await me.client.get('/v1/notifications/preferences')).body.data.reminder1h).toBe(true)
    // The mail client's one-click POST (RFC 8058): no cookies, a form body.
    const post = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    expect(post.status).toBe(200)
    expect((await me.client.get('/v1/notifications/preferences')).body.data).toEqual({ reminder24h: false, reminder1h: false, feedbackRequest: true })
    expect(await (await fetch(url)).text()).toContain('You are unsubscribed')
    // The page's button again (a browser form): back to the page, which confirms; then resubscribe.
    const form = await fetch(url, { method: 'POST', body: new URLSearchParams({ action: 'resubscribe' }), redirect: 'manual' })
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toEndWith('?resubscribed=1')
    expect((await me.client.get('/v1/notifications/preferences')).body.data.reminder1h).toBe(true)

    // Another kind or another user with the same signature: refused, nothing changes.
    const [, kindAndRest] = url.split('/unsubscribe/')
    const forged = `${app().url}/unsubscribe/${kindAndRest.replace('reminder_1h', 'feedback_request')}`
    expect(
      (await fetch(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status,
    ).toBe(404)
    expect((await fetch(forged)).status).toBe(404)
    const someone = await actor()
    const theirs = `${app().url}/unsubscribe/${kindAndRest.replace(me.user.id, someone.user.id)}`
    expect((await fetch(theirs)).status).toBe(404)
    expect((await me.client.get('/v1/notifications/preferences')).body.data.feedbackRequest).toBe(true)

    // The API form of the same link.
    const token = kindAndRest
    const api = await new (await import('../client')).Client().post('/v1/public/notifications/unsubscribe', { token })
    expect(api.status).toBe(200)
    expect(api.body.data).toMatchObject({ kind: 'reminder_1h', unsubscribed: true })
    expect((await new (await import('../client')).Client().post('/v1/public/notifications/unsubscribe', { token: 'nope' })).status).toBe(404)
  })

  test('a claim takes at most its limit and the next one goes on with the rest (claimed seats never fill the limit)', async () => {
    const w = await world({ price: 0, startInDays: 8.8, maxSeats: 10 })
    const b = await confirmedBooking(w, 3)
    at(w, -HOUR + MINUTE)
    for (let i = 0; i < 6; i++) await claimDue(em(), 'reminder_1h', clock.now(), 1)
    expect((await rows(b.id)).map((r) => r.kind)).toEqual(['reminder_1h', 'reminder_1h', 'reminder_1h'])
  })

  test('a send the mail server refused is retried by a later sweep, and sent once', async () => {
    const w = await world({ price: 0, startInDays: 1.6 })
    const b = await confirmedBooking(w)
    at(w, -HOUR + MINUTE)
    const [id] = await claimFor(b.id, 'reminder_1h')
    // As deliver records a refused send.
    await em()
      .getConnection()
      .execute(`update sent_notifications set status = 'failed', note = 'mailbox unavailable', next_attempt_at = ? where id = ?`, [clock.now(), id])
    await sweepTimes(3)
    await waitForMail(w.client.user.email, (m) => m.subject.endsWith('starts in 1 hour'))
    expect(reminders(w.client.user.email, '1 hour')).toHaveLength(1)
    expect((await rows(b.id)).map((r) => r.status)).toEqual(['sent'])
    const [row] = await em().getConnection().execute(`select attempts from sent_notifications where id = ?`, [id])
    expect(row.attempts).toBe(2)
  })
})
