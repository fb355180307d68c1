/**
 * Messages to everyone on a date: each confirmed seat holder gets one mail (invitees who
 * accepted included; cancelled bookings and pending invitations not), also when the reminders
 * were unsubscribed, when the job is retried after a refused send, and with a second app server
 * taking jobs and requests; at most 10 per date in 24 hours, decided in the database.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { SCHEDULE_MESSAGE_JOB } from '../../src/modules/messages'
import { runNow } from '../../src/platform/jobs'
import { type Actor, actor, app, em } from '../client'
import { mailsTo, waitForMail } from '../mail'
import { refused } from '../peers/smtp'
import { book, world } from './bookings.fixtures'
import { type ServerProcess, startServerProcess, waitFor } from './server-process'

setDefaultTimeout(180_000)

let second: ServerProcess
beforeAll(async () => {
  // A second app server on the same database and mail server: it takes jobs and requests too.
  second = await startServerProcess({ DATABASE_URL: app().databaseUrl, SMTP_URL: process.env.SMTP_URL! })
}, 120_000)
afterAll(async () => {
  await second?.kill()
}, 30_000)

/** The same call against the second server (bearer token: no cookies or CSRF). */
async function onSecond(a: Actor, method: string, path: string, body?: unknown) {
  const res = await fetch(second.url + path, {
    method,
    headers: { authorization: `Bearer ${a.client.bearer}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as any }
}

/** A date with: a booker and their accepted invitee, a second booker, a cancelled booking, a pending invitation. */
async function crowd() {
  const w = await world({ price: 0, maxSeats: 20 })
  const b1 = (await book(w.client, w.schedule.id, { seats: 3 })).body.data
  const friend = await actor()
  const seat = (await w.client.client.post('/v1/booking-seats', { bookingId: b1.id, email: friend.user.email })).body.data
  const token = (await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)).body.data.invitationUrl.split('/invitations/')[1]
  expect((await friend.client.post('/v1/invitations/accept', { invitation_token: token })).status).toBe(200)
  const pending = await actor()
  const seat2 = (await w.client.client.post('/v1/booking-seats', { bookingId: b1.id, email: pending.user.email })).body.data
  await w.client.client.post(`/v1/booking-seats/${seat2.id}/send-invitation`)
  const other = await actor()
  expect((await book(other, w.schedule.id)).status).toBe(201)
  const gone = await actor()
  const cancelled = (await book(gone, w.schedule.id)).body.data
  expect((await gone.client.post(`/v1/bookings/${cancelled.id}/cancel`, { reason: 'Cannot come' })).status).toBe(200)
  // The booker turned every reminder off: a message from the coach still reaches them.
  expect((await w.client.client.patch('/v1/notifications/preferences', { reminder24h: false, reminder1h: false, feedbackRequest: false })).status).toBe(200)
  return { ...w, b1, friend, pending, other, gone }
}

const subjectIs = (s: string) => (m: { subject: string }) => m.subject.startsWith(s)

describe('messages to everyone on a date', () => {
  test('each confirmed seat holder gets it once, by mail, on the booking page and in the bell; others do not', async () => {
    const c = await crowd()
    const sent = await c.coach.client.post(`/v1/workshop-schedules/${c.schedule.id}/messages`, {
      subject: 'Room change',
      body: 'We meet in room 4B.\n\nDirections: https://example.com/map',
    })
    expect(sent.status).toBe(201)
    expect(sent.body.data).toMatchObject({ subject: 'Room change', recipients: 3 })
    for (const a of [c.client, c.friend, c.other]) {
      const mail = await waitForMail(a.user.email, subjectIs('Room change'), 60_000)
      expect(mail.text).toContain('We meet in room 4B.')
      expect(mail.text).toContain('https://example.com/map')
    }
    expect(mailsTo(c.pending.user.email).filter(subjectIs('Room change'))).toHaveLength(0)
    expect(mailsTo(c.gone.user.email).filter(subjectIs('Room change'))).toHaveLength(0)

    const list = await c.coach.client.get(`/v1/workshop-schedules/${c.schedule.id}/messages`)
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data[0]).toMatchObject({ subject: 'Room change', recipients: 3 })
    expect(await waitFor(async () => (await c.coach.client.get(`/v1/workshop-schedules/${c.schedule.id}/messages`)).body.data[0].sent === 3, 60_000)).toBe(true)

    const bell = await c.friend.client.get('/v1/notifications')
    expect(bell.body.meta.unread).toBe(1)
    expect(bell.body.data[0]).toMatchObject({ kind: 'schedule_message', url: `/b/bookings/${c.b1.id}#messages`, read: false })
    // A loaded machine may drop the connection of a page render: asked again, as a browser would.
    const html = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await c.friend.client.get(`/b/bookings/${c.b1.id}`, { accept: 'text/html' })
        } catch (err) {
          if (attempt >= 3) throw err
          await Bun.sleep(1000)
        }
      }
    }
    const page = await html()
    expect(page.body.includes('Room change') && page.body.includes('We meet in room 4B.')).toBe(true)

    // Nobody but the date's coach's side reads or writes them.
    for (const a of [c.client, c.friend]) {
      expect((await a.client.get(`/v1/workshop-schedules/${c.schedule.id}/messages`)).status).toBe(404)
      expect((await a.client.post(`/v1/workshop-schedules/${c.schedule.id}/messages`, { subject: 'x', body: 'y' })).status).toBe(404)
    }
    const bad = await c.coach.client.post(`/v1/workshop-schedules/${c.schedule.id}/messages`, { subject: ' ', body: 'x'.repeat(5001) })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ subject: ['A subject is required'], body: ['A message must be at most 5,000 characters'] })
  }, 180_000)

  test('a send the mail server refused is retried: the retried job, run again on both servers, mails nobody twice', async () => {
    const c = await crowd()
    refused.add(c.other.user.email.toLowerCase())
    const sent = await c.coach.client.post(`/v1/workshop-schedules/${c.schedule.id}/messages`, { subject: 'Bring a pen', body: 'And paper.' })
    const id = sent.body.data.id
    await waitForMail(c.client.user.email, subjectIs('Bring a pen'), 60_000)
    await waitForMail(c.friend.user.email, subjectIs('Bring a pen'), 60_000)
    // The refused one is pending again after its first try (the job failed and will be retried).
    const pendingAgain = async () => {
      const [r] = await em()
        .getConnection()
        .execute(`select status, attempts from schedule_message_deliveries where message_id = ? and user_id = ?`, [id, c.other.user.id])
      return r.status === 'pending' && r.attempts >= 1
    }
    expect(await waitFor(pendingAgain, 60_000)).toBe(true)
    refused.delete(c.other.user.email.toLowerCase())
    // The retry, run at once here and by the queue (on either server), and twice more in parallel.
    await Promise.all([runNow(SCHEDULE_MESSAGE_JOB, { messageId: id }).catch(() => {}), runNow(SCHEDULE_MESSAGE_JOB, { messageId: id }).catch(() => {})])
    await waitForMail(c.other.user.email, subjectIs('Bring a pen'), 60_000)
    await runNow(SCHEDULE_MESSAGE_JOB, { messageId: id })
    for (const a of [c.client, c.friend, c.other]) expect(mailsTo(a.user.email).filter(subjectIs('Bring a pen'))).toHaveLength(1)
    const rows = await em().getConnection().execute(`select status from schedule_message_deliveries where message_id = ? order by status`, [id])
    expect(rows.map((r: any) => r.status)).toEqual(['sent', 'sent', 'sent'])
  }, 180_000)

  test('two servers: 12 messages at once, 6 through each, make exactly 10 (the daily limit); each reaches each holder once', async () => {
    const c = await crowd()
    const path = `/v1/workshop-schedules/${c.schedule.id}/messages`
    // A client sends again after the pause when the product sheds load (503 with Retry-After).
    const send = async (i: number) => {
      for (let attempt = 1; ; attempt++) {
        const body = { subject: `Note ${i}`, body: `Body ${i}` }
        const r = i % 2 ? await onSecond(c.coach, 'POST', path, body) : await c.coach.client.post(path, body)
        if (r.status !== 503 || attempt >= 5) return r
        await Bun.sleep(1000)
      }
    }
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i)))
    expect(results.filter((r) => r.status === 201)).toHaveLength(10)
    const refusedOnes = results.filter((r) => r.status !== 201)
    expect(refusedOnes.map((r) => r.status)).toEqual([429, 429])
    expect(refusedOnes[0].body.message).toBe('At most 10 messages to one date in 24 hours. Try again later.')
    const subjects = results.filter((r) => r.status === 201).map((r) => r.body.data.subject as string)
    const all = async () =>
      [c.client, c.friend, c.other].every((a) => mailsTo(a.user.email).filter((m) => subjects.includes(m.subject.split(' · ')[0])).length >= 10)
    expect(await waitFor(all, 120_000, 250)).toBe(true)
    // Both servers' workers and sweeps had their chance; run the sweep's work once more by hand.
    for (const id of results.filter((r) => r.status === 201).map((r) => r.body.data.id)) await runNow(SCHEDULE_MESSAGE_JOB, { messageId: id })
    for (const a of [c.client, c.friend, c.other])
      for (const s of subjects) expect(mailsTo(a.user.email).filter((m) => m.subject.split(' · ')[0] === s)).toHaveLength(1)
    expect((await onSecond(c.coach, 'GET', `${path}?perPage=20`)).body.meta.total).toBe(10)
  }, 300_000)
})
