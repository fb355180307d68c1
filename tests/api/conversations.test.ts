/**
 * A booking's conversation: who may read and write it (404 for anyone else, a removed seat
 * holder included; a cancelled booking is read-only), text kept as text, the limits, the mail
 * throttle (one summary per 10 minutes per conversation and reader), and the notification
 * centre's items and reads.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { CONVERSATION_MAIL_JOB, SWEEP_MESSAGES_JOB } from '../../src/modules/messages'
import { clock } from '../../src/platform/clock'
import { runNow } from '../../src/platform/jobs'
import { actor, em } from '../client'
import { mailsTo, waitForMail } from '../mail'
import { book, world } from './bookings.fixtures'

setDefaultTimeout(60_000)
afterEach(() => clock.reset())

async function talk() {
  const w = await world({ price: 0 })
  const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
  const friend = await actor()
  const seat = (await w.client.client.post('/v1/booking-seats', { bookingId: b.id, email: friend.user.email })).body.data
  const token = (await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)).body.data.invitationUrl.split('/invitations/')[1]
  expect((await friend.client.post('/v1/invitations/accept', { invitation_token: token })).status).toBe(200)
  return { ...w, booking: b, friend, seat }
}

const about = (title: string) => (m: { subject: string }) => m.subject.includes(`about ${title}`)

describe('booking conversation', () => {
  test('the booker, a seat holder and the coach talk; others get 404; text stays text', async () => {
    const t = await talk()
    const path = `/v1/bookings/${t.booking.id}/messages`
    const html = '<b>Hi</b> <script>alert(1)</script> see https://example.com'
    const first = await t.client.client.post(path, { body: html })
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ body: html, mine: true, author: { id: t.client.user.id, role: 'client' } })
    expect((await t.coach.client.post(path, { body: 'Hello both' })).body.data.author.role).toBe('coach')
    expect((await t.friend.client.post(path, { body: 'Hi from the second seat' })).status).toBe(201)
    const seen = await t.coach.client.get(path)
    expect(seen.body.data.map((m: any) => m.body)).toEqual([html, 'Hello both', 'Hi from the second seat'])
    expect(seen.body.meta).toEqual({ total: 3, hasOlder: false, canWrite: true })
    const page = await t.coach.client.get(`/c/bookings/${t.booking.id}`, { accept: 'text/html' })
    expect(page.body.includes('<script>alert(1)</script>')).toBe(false)

    // Another client, another coach, a stranger to the team: 404 both ways.
    const stranger = await actor()
    const otherCoach = (await world()).coach
    for (const a of [stranger, otherCoach]) {
      expect((await a.client.get(path)).status).toBe(404)
      expect((await a.client.post(path, { body: 'let me in' })).status).toBe(404)
    }
    // The seat holder removed from the booking loses access.
    expect((await t.client.client.delete(`/v1/booking-seats/${t.seat.id}`)).status).toBeLessThan(300)
    expect((await t.friend.client.get(path)).status).toBe(404)

    const bad = await t.client.client.post(path, { body: 'x'.repeat(5001) })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ body: ['A message must be at most 5,000 characters'] })
    expect((await t.client.client.post(path, { body: '   ' })).body.errors).toEqual({ body: ['Write a message'] })

    // A cancelled booking: still readable, closed for writing.
    expect((await t.client.client.post(`/v1/bookings/${t.booking.id}/cancel`, { reason: 'Plans changed' })).status).toBe(200)
    expect((await t.client.client.get(path)).body.meta.canWrite).toBe(false)
    const closed = await t.coach.client.post(path, { body: 'Sorry to see you go' })
    expect(closed.status).toBe(409)
    expect(closed.body.message).toBe('This booking is cancelled: its conversation is closed.')
  }, 180_000)

  test('20 messages a minute per person', async () => {
    const t = await talk()
    const path = `/v1/bookings/${t.booking.id}/messages`
    const results = await Promise.all(Array.from({ length: 22 }, (_, i) => t.friend.client.post(path, { body: `Message ${i}` })))
    expect(results.filter((r) => r.status === 201)).toHaveLength(20)
    expect(results.filter((r) => r.status === 429)).toHaveLength(2)
  }, 180_000)

  test('mail: one summary per 10 minutes per conversation and reader, with what is new since', async () => {
    const t = await talk()
    const path = `/v1/bookings/${t.booking.id}/messages`
    const title = t.workshop.title
    await t.client.client.post(path, { body: 'Is there parking?' })
    const firstMail = await waitForMail(t.coach.user.email, about(title), 30_000)
    expect(firstMail.subject).toBe(`A new message about ${title}`)
    expect(firstMail.text).toContain('Is there parking?')
    expect(firstMail.text).toContain(`/c/bookings/${t.booking.id}#messages`)
    await t.client.client.post(path, { body: 'And a cloakroom?' })
    await t.friend.client.post(path, { body: 'I come by train.' })
    // Within 10 minutes of the last mail: the coach's job runs and sends nothing.
    await runNow(CONVERSATION_MAIL_JOB, { bookingId: t.booking.id })
    await runNow(SWEEP_MESSAGES_JOB)
    expect(mailsTo(t.coach.user.email).filter(about(title))).toHaveLength(1)
    clock.shift(10 * 60_000 + 1000)
    await Promise.all([runNow(SWEEP_MESSAGES_JOB), runNow(SWEEP_MESSAGES_JOB)])
    const second = await waitForMail(t.coach.user.email, (m) => about(title)(m) && m !== firstMail, 30_000)
    expect(second.subject).toBe(`2 new messages about ${title}`)
    expect(second.text).toContain('And a cloakroom?')
    expect(second.text).toContain('I come by train.')
    expect(second.text.includes('Is there parking?')).toBe(false)
    expect(mailsTo(t.coach.user.email).filter(about(title))).toHaveLength(2)
    // The booker got the seat holder's message by mail too (link to the client's side).
    const clientMail = await waitForMail(t.client.user.email, about(title), 30_000)
    expect(clientMail.text).toContain(`/b/bookings/${t.booking.id}#messages`)
  }, 180_000)

  test('the notification centre: one unread item per conversation that counts, paged newest first, read by ids or all', async () => {
    const t = await talk()
    const path = `/v1/bookings/${t.booking.id}/messages`
    await t.client.client.post(path, { body: 'One' })
    await t.client.client.post(path, { body: 'Two' })
    const bell = await t.coach.client.get('/v1/notifications')
    expect(bell.body.meta).toMatchObject({ unread: 1, total: 1, page: 1 })
    expect(bell.body.data[0]).toMatchObject({ kind: 'booking_message', count: 2, body: 'Two', url: `/c/bookings/${t.booking.id}#messages`, read: false })
    // Reading the conversation reads its item.
    await t.coach.client.get(path)
    expect((await t.coach.client.get('/v1/notifications')).body.meta.unread).toBe(0)
    await t.client.client.post(path, { body: 'Three' })
    const again = await t.coach.client.get('/v1/notifications')
    expect(again.body.meta).toMatchObject({ unread: 1, total: 2 })
    expect(again.body.data[0]).toMatchObject({ count: 1, body: 'Three', read: false })

    // A booking cancelled by the coach tells its people.
    const other = await world({ price: 0 })
    const ob = (await book(other.client, other.schedule.id)).body.data
    expect((await other.coach.client.post(`/v1/bookings/${ob.id}/cancel`, { reason: 'The venue closed' })).status).toBe(200)
    const told = await other.client.client.get('/v1/notifications')
    expect(told.body.data[0]).toMatchObject({ kind: 'booking_cancelled', body: 'The venue closed', url: `/b/bookings/${ob.id}` })

    const mine = await t.coach.client.post('/v1/notifications/read', { ids: [again.body.data[0].id, told.body.data[0].id] })
    // Someone else's id is left alone.
    expect(mine.body.data).toEqual({ marked: 1, unread: 0 })
    expect((await other.client.client.get('/v1/notifications')).body.meta.unread).toBe(1)
    expect((await other.client.client.post('/v1/notifications/read', { all: true })).body.data).toEqual({ marked: 1, unread: 0 })
    expect((await other.client.client.post('/v1/notifications/read', {})).status).toBe(422)
    expect((await other.client.client.post('/v1/notifications/read', { ids: ['nope'] })).status).toBe(422)
    expect((await other.client.client.get('/v1/notifications?perPage=1000')).status).toBe(422)
    const rows = await em().execute(`select count(*)::int as n from inbox_items where user_id = ?`, [t.coach.user.id])
    expect(rows[0].n).toBe(2)
  }, 180_000)
})
