/**
 * One authorization path for routes beyond the generic CRUD: who (401), then the row of the
 * path and the right to act on it (404/403), and only then the body (422). Each request below
 * sends an invalid body, so a route that validated first would answer 422.
 */
import { describe, expect, test } from 'bun:test'
import { actor, Client } from '../client'
import { book, world } from './bookings.fixtures'
import { makeWorkshop, team } from './catalogue.fixtures'
import { complete, jobWorld } from './job-postings.fixtures'

const statusOf = async (c: Client, method: string, path: string, body: unknown) => (await c.request(method, path, body)).status

describe('non-CRUD routes: 401, then 404/403, then 422', () => {
  test('bookings: cancel, pay and finalize', async () => {
    const { client, schedule } = await world()
    const created = await book(client, schedule.id)
    expect(created.status).toBe(201)
    const id = created.body.data.id
    const stranger = (await actor()).client
    const routes: Array<[string, unknown]> = [
      [`/v1/bookings/${id}/cancel`, { reason: 42 }],
      [`/v1/payments/bookings/${id}/payment-intent`, { paymentMethodId: 42, extra: true }],
      [`/v1/payments/bookings/${id}/finalize`, { paymentIntentId: 42 }],
    ]
    for (const [path, invalid] of routes) {
      expect({ path, status: await statusOf(new Client(), 'POST', path, invalid) }).toEqual({ path, status: 401 })
      // Someone else's booking does not exist for them, whatever the body says.
      expect({ path, status: await statusOf(stranger, 'POST', path, invalid) }).toEqual({ path, status: 404 })
      // The booker passes the check; now the body is read.
      expect({ path, status: await statusOf(client.client, 'POST', path, invalid) }).toEqual({ path, status: 422 })
    }
    // Calling a schedule off needs workshops.manage, before the reason is read.
    const callOff = `/v1/workshop-schedules/${schedule.id}/cancel`
    expect(await statusOf(new Client(), 'POST', callOff, { reason: 42 })).toBe(401)
    expect(await statusOf(client.client, 'POST', callOff, { reason: 42 })).toBe(403)
    // A malformed id is a 404 before the body, too.
    expect(await statusOf(client.client, 'POST', '/v1/bookings/not-an-id/cancel', { reason: 42 })).toBe(404)
  })

  test('seats: sending an invitation needs the booker or the coach', async () => {
    const { client, schedule } = await world()
    const booking = (await book(client, schedule.id, { seats: 2 })).body.data
    const seats = await client.client.get(`/v1/bookings/${booking.id}/seats`)
    const seat = seats.body.data.find((s: { userId: string | null }) => !s.userId)
    const path = `/v1/booking-seats/${seat.id}/send-invitation`
    expect(await statusOf(new Client(), 'POST', path, { junk: true })).toBe(401)
    expect(await statusOf((await actor()).client, 'POST', path, { junk: true })).toBe(404)
    // The booker may: the seat has nobody to invite yet, which is about the seat, not access.
    expect(await statusOf(client.client, 'POST', path, {})).toBe(422)
  })

  test('workshop resources (a broadcast is a resource): the owner only, before the body', async () => {
    const { coach, other, client } = await team()
    const w = await makeWorkshop(coach)
    const path = `/v1/workshops/${w.id}/resources`
    const invalid = { title: 42, isBroadcast: 'yes' }
    expect(await statusOf(new Client(), 'POST', path, invalid)).toBe(401)
    // A member without workshops.manage.
    expect(await statusOf(client.client, 'POST', path, invalid)).toBe(403)
    // Another coach of the same team: may manage workshops, but not this one.
    expect(await statusOf(other.client, 'POST', path, invalid)).toBe(403)
    // A coach of another team: the workshop is not theirs to see.
    const elsewhere = await team()
    expect(await statusOf(elsewhere.coach.client, 'POST', path, invalid)).toBe(404)
    expect(await statusOf(coach.client, 'POST', path, invalid)).toBe(422)
  })

  test('job postings: the posting of the path before the body', async () => {
    const { coach, member } = await jobWorld()
    const created = await coach.client.post('/v1/t/job-postings', complete())
    expect(created.status).toBe(201)
    const path = `/v1/t/job-postings/${created.body.data.id}`
    const invalid = { title: 42, status: 'NOPE' }
    expect(await statusOf(new Client(), 'PATCH', path, invalid)).toBe(401)
    expect(await statusOf(member.client, 'PATCH', path, invalid)).toBe(403)
    const elsewhere = await jobWorld()
    expect(await statusOf(elsewhere.coach.client, 'PATCH', path, invalid)).toBe(404)
    expect(await statusOf(elsewhere.coach.client, 'PATCH', `${path}/applications/${crypto.randomUUID()}`, { status: 42 })).toBe(404)
    expect(await statusOf(coach.client, 'PATCH', path, invalid)).toBe(422)
  })
})
