import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { acceptInvitation, EXPIRE_INVITATIONS_JOB } from '../../src/modules/invitations/invitation.service'
import { clock } from '../../src/platform/clock'
import { runNow } from '../../src/platform/jobs'
import { actor, Client, em, superAdmin } from '../client'
import { waitForMail } from '../mail'
import { book, postRetrying, world } from './bookings.fixtures'

// Many real requests per test: generous on a busy machine. The file's default does not reach
// every file of a multi-file run, so each test also names its own (T).
setDefaultTimeout(120_000)
const T = 120_000

afterEach(() => clock.reset())

const tokenOf = (url: string) => url.split('/invitations/')[1]

async function bookedWithSeats(seats = 3, opts: Parameters<typeof world>[0] = {}) {
  const w = await world(opts)
  const b = (await book(w.client, w.schedule.id, { seats })).body.data
  const list = await w.client.client.get(`/v1/bookings/${b.id}/seats`)
  return { ...w, booking: b, seats: list.body.data as any[] }
}

describe('invitations', () => {
  test(
    'offer a seat by email, show, accept once; the second accept fails',
    async () => {
      const w = await bookedWithSeats()
      const friend = await actor()
      const offered = await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, email: friend.user.email })
      expect(offered.status).toBe(201)
      expect(offered.body.data).toMatchObject({ bookingId: w.booking.id, email: friend.user.email, status: 'PENDING', inviterId: w.client.user.id })
      const seatId = offered.body.data.id
      expect(w.seats.slice(1).map((s) => s.id)).toContain(seatId)

      const sent = await w.client.client.post(`/v1/booking-seats/${seatId}/send-invitation`)
      expect(sent.status).toBe(200)
      const url: string = sent.body.data.invitationUrl
      expect(url).toMatch(/\/invitations\/[\w-]{20,}$/)
      const token = tokenOf(url)
      // The link goes out by mail (caught by the test SMTP server).
      // Mail goes through the job queue: on a loaded machine it may take a while.
      const mail = await waitForMail(friend.user.email, (m) => m.subject.includes('invited you'), 60_000)
      expect(mail.subject).toBe(`Test ${w.client.user.profile.lastName} invited you to ${w.workshop.title}`)
      expect(mail.text).toContain(url)
      expect(new Date(sent.body.data.invitationExpiresAt).getTime()).toBeLessThanOrEqual(new Date(w.schedule.startDate).getTime())

      const shown = await new Client().get(`/v1/invitations/${token}`)
      expect(shown.status).toBe(200)
      expect(shown.body.data).toMatchObject({ status: 'PENDING', seatId, bookingId: w.booking.id, inviter: { id: w.client.user.id } })
      expect(shown.body.data.workshopSchedule.workshop.title).toBe(w.workshop.title)
      expect((await new Client().get('/v1/invitations/not-a-token')).status).toBe(404)

      expect((await new Client().post('/v1/invitations/accept', { invitation_token: token })).status).toBe(401)
      const bad = await friend.client.post('/v1/invitations/accept', {})
      expect(bad.status).toBe(422)
      expect(bad.body.errors.invitation_token).toEqual(['The invitation token is required'])

      const accepted = await friend.client.post('/v1/invitations/accept', { invitation_token: token })
      expect(accepted.status).toBe(200)
      expect(accepted.body.data.status).toBe('ACCEPTED')
      const again = await friend.client.post('/v1/invitations/accept', { invitation_token: token })
      expect(again.status).toBe(409)
      expect(again.body.message).toBe('This invitation has already been accepted.')
      const thief = await actor()
      expect((await thief.client.post('/v1/invitations/accept', { invitation_token: token })).status).toBe(409)

      // The friend now sees the seat, and the booker's group lists the friend.
      const mine = await friend.client.get(`/v1/booking-seats/${seatId}`)
      expect(mine.body.data).toMatchObject({ userId: friend.user.id, status: 'ACCEPTED' })
      const groups = await w.client.client.get('/v1/groups')
      expect(groups.status).toBe(200)
      expect(groups.body.data.map((g: any) => g.userId)).toContain(friend.user.id)
      const friendGroups = await friend.client.get('/v1/groups')
      expect(friendGroups.body.data.map((g: any) => g.userId)).toContain(w.client.user.id)
      expect((await friend.client.get(`/v1/groups?userId=${w.client.user.id}`)).status).toBe(403)
      const { client: admin } = await superAdmin()
      const asAdmin = await admin.get(`/v1/groups?userId=${w.client.user.id}`)
      expect(asAdmin.body.data.map((g: any) => g.userId)).toContain(friend.user.id)
    },
    T,
  )

  test(
    'two parallel accepts of one token: exactly one wins',
    async () => {
      const w = await bookedWithSeats()
      const a = await actor()
      const b = await actor()
      const seat = (await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, email: 'shared@test.example' })).body.data
      const token = tokenOf((await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)).body.data.invitationUrl)
      // Sent again after the pause when a loaded machine sheds load (503), as a client would.
      const results = await Promise.all([a, b, a, b].map((x) => postRetrying(x, '/v1/invitations/accept', { invitation_token: token }, 5)))
      expect(results.filter((r) => r.status !== 200 && r.status !== 409 && r.status !== 403)).toEqual([])
      expect(results.filter((r) => r.status === 200).length).toBe(1)
    },
    T,
  )

  test(
    'decline, then the seat is offered again with a new token; the old one is dead',
    async () => {
      const w = await bookedWithSeats(2)
      const seat = (await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, email: 'maybe@test.example' })).body.data
      const t1 = tokenOf((await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)).body.data.invitationUrl)
      const declined = await new Client().post('/v1/invitations/decline', { invitation_token: t1 })
      expect(declined.status).toBe(200)
      expect(declined.body.data.status).toBe('DECLINED')
      const friend = await actor()
      const late = await friend.client.post('/v1/invitations/accept', { invitation_token: t1 })
      expect(late.status).toBe(409)
      expect(late.body.message).toBe('This invitation was declined.')
      // Offer the declined seat to someone else.
      const re = await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, userId: friend.user.id })
      expect(re.status).toBe(201)
      expect(re.body.data).toMatchObject({ id: seat.id, userId: friend.user.id, status: 'PENDING' })
      const t2 = tokenOf((await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)).body.data.invitationUrl)
      expect(t2).not.toBe(t1)
      expect((await new Client().get(`/v1/invitations/${t1}`)).status).toBe(404)
      // A seat offered to a user id can only be accepted by that user.
      const stranger = await actor()
      const wrong = await stranger.client.post('/v1/invitations/accept', { invitation_token: t2 })
      expect(wrong.status).toBe(403)
      expect((await friend.client.post('/v1/invitations/accept', { invitation_token: t2 })).status).toBe(200)
      // All seats taken now.
      const full = await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, email: 'third@test.example' })
      expect(full.status).toBe(409)
      expect(full.body.message).toBe('All seats of this booking are taken.')
    },
    T,
  )

  test(
    'invitations expire after 14 days or when the schedule starts; expired seats can be re-offered',
    async () => {
      const w = await bookedWithSeats(3, { startInDays: 30 })
      const seat = (await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, email: 'slow@test.example' })).body.data
      const sent = (await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)).body.data
      const days = (new Date(sent.invitationExpiresAt).getTime() - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(13.9)
      expect(days).toBeLessThanOrEqual(14)
      clock.shift(15 * 86_400_000)
      await runNow(EXPIRE_INVITATIONS_JOB)
      const shown = await new Client().get(`/v1/invitations/${tokenOf(sent.invitationUrl)}`)
      expect(shown.body.data.status).toBe('EXPIRED')
      const friend = await actor()
      const r = await friend.client.post('/v1/invitations/accept', { invitation_token: tokenOf(sent.invitationUrl) })
      expect(r.status).toBe(409)
      expect(r.body.message).toContain('expired')
      // Re-offer: a new link.
      const again = await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)
      expect(again.status).toBe(200)
      expect(again.body.data.status).toBe('PENDING')

      // A schedule starting in 2 days: the invitation ends at its start.
      clock.reset()
      const soon = await bookedWithSeats(2, { startInDays: 2 })
      const s2 = (await soon.client.client.post('/v1/booking-seats', { bookingId: soon.booking.id, email: 'x@test.example' })).body.data
      const sent2 = (await soon.client.client.post(`/v1/booking-seats/${s2.id}/send-invitation`)).body.data
      expect(new Date(sent2.invitationExpiresAt).getTime()).toBe(new Date(soon.schedule.startDate).getTime())
    },
    T,
  )

  test(
    'an invitation of a cancelled booking cannot be accepted',
    async () => {
      const w = await bookedWithSeats(2)
      const seat = (await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, email: 'c@test.example' })).body.data
      const token = tokenOf((await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)).body.data.invitationUrl)
      await w.client.client.post(`/v1/bookings/${w.booking.id}/cancel`, { reason: 'Plans changed' })
      const r = await (await actor()).client.post('/v1/invitations/accept', { invitation_token: token })
      expect(r.status).toBe(409)
      expect(r.body.message).toBe('This booking was cancelled.')
    },
    T,
  )
})

describe('invitations under concurrency', () => {
  test(
    'one person accepting several seats of a booking at the same moment gets exactly one',
    async () => {
      for (let round = 0; round < 3; round++) {
        const w = await bookedWithSeats(7)
        const friend = await actor()
        const tokens: string[] = []
        const emails = [friend.user.email, ...[1, 2, 3, 4, 5].map((n) => `other-${n}-${round}-${Date.now()}@test.example`)]
        for (const [i, email] of emails.entries()) {
          const offered = await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, email })
          expect(offered.status).toBe(201)
          const sent = await w.client.client.post(`/v1/booking-seats/${offered.body.data.id}/send-invitation`)
          expect(sent.status).toBe(200)
          tokens[i] = tokenOf(sent.body.data.invitationUrl)
        }
        // Straight at the service, each on its own connection: no request plumbing serializes them.
        const answers = await Promise.allSettled(tokens.map((t) => acceptInvitation(em(), t, friend.user)))
        expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1)
        for (const loser of answers.filter((a) => a.status === 'rejected') as PromiseRejectedResult[]) {
          expect(loser.reason.status).toBe(409)
          expect(loser.reason.message).toBe('You already have a seat in this booking.')
        }
        const seats = (await w.client.client.get(`/v1/bookings/${w.booking.id}/seats`)).body.data
        expect(seats.filter((s: any) => s.userId === friend.user.id && s.status === 'ACCEPTED')).toHaveLength(1)
      }
    },
    T,
  )

  test(
    '30 answers to one invitation at once from the dashboard (accept and decline mixed): one wins, the rest are 409',
    async () => {
      const w = await bookedWithSeats(3)
      const friend = await actor()
      const a = (await w.client.client.post('/v1/booking-seats', { bookingId: w.booking.id, email: friend.user.email })).body.data
      expect((await w.client.client.post(`/v1/booking-seats/${a.id}/send-invitation`)).status).toBe(200)
      // Sent again after the pause when a loaded machine sheds load (503), as a client would.
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => postRetrying(friend, `/v1/invitations/seats/${a.id}/${i % 3 ? 'accept' : 'decline'}`, undefined, 5)),
      )
      expect(answers.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([])
      const won = answers.filter((r) => r.status === 200)
      expect(won).toHaveLength(1)
      const seat = (await w.client.client.get(`/v1/bookings/${w.booking.id}/seats`)).body.data.find((s: any) => s.id === a.id)
      expect(seat.status).toBe(won[0].body.data.status)
    },
    T,
  )
})
