import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { actor, superAdmin } from '../client'
import { book, world } from './bookings.fixtures'

// Many real requests per test: generous on a busy machine (applies to this file).
setDefaultTimeout(60_000)

describe('booking seats', () => {
  test('section 5 messages: bookingId required, user ID or email, attendance notes max 1000', async () => {
    const w = await world()
    const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
    let r = await w.client.client.post('/v1/booking-seats', {})
    expect(r.status).toBe(422)
    expect(r.body.errors.bookingId).toEqual(['Booking ID is required'])
    r = await w.client.client.post('/v1/booking-seats', { bookingId: b.id })
    expect(r.body.errors.userId).toEqual(['Either user ID or email must be provided'])
    r = await w.client.client.post('/v1/booking-seats', { bookingId: b.id, email: 'not-an-email' })
    expect(r.body.errors.email).toEqual(['Please enter a valid email address'])
    r = await w.client.client.post('/v1/booking-seats', { bookingId: b.id, email: 'pal@test.example', attendanceNotes: 'x'.repeat(1001) })
    expect(r.body.errors.attendanceNotes).toEqual(['Attendance notes cannot exceed 1000 characters'])
    r = await w.client.client.post('/v1/booking-seats', { bookingId: b.id, email: 'Pal@Test.example' })
    expect(r.status).toBe(201)
    expect(r.body.data.email).toBe('pal@test.example')
    // The same person twice: 409.
    const seats = (await w.client.client.get(`/v1/bookings/${b.id}/seats`)).body.data
    expect((await w.client.client.patch(`/v1/booking-seats/${seats[0].id}`, { attendanceNotes: 'y'.repeat(1001) })).body.errors.attendanceNotes).toEqual([
      'Attendance notes cannot exceed 1000 characters',
    ])
  })

  test('attendance is recorded by the coach only; the booker manages invitations', async () => {
    const w = await world()
    const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
    const seats = (await w.client.client.get(`/v1/bookings/${b.id}/seats`)).body.data
    let r = await w.client.client.patch(`/v1/booking-seats/${seats[0].id}`, { attended: true })
    expect(r.status).toBe(403)
    r = await w.coach.client.patch(`/v1/booking-seats/${seats[0].id}`, { attended: true, attendanceNotes: 'Great questions' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ attended: true, attendanceNotes: 'Great questions' })
    // The coach sees the seats of their schedule; another coach does not (404).
    const coachList = await w.coach.client.get(`/v1/booking-seats?filter[bookingId]=${b.id}&include=user`)
    expect(coachList.body.meta.total).toBe(2)
    expect(coachList.body.data[0].user.id).toBe(w.client.user.id)
    const other = await world()
    expect((await other.coach.client.get(`/v1/booking-seats/${seats[0].id}`)).status).toBe(404)
    expect((await other.coach.client.patch(`/v1/booking-seats/${seats[0].id}`, { attended: false })).status).toBe(404)
    expect((await other.client.client.get(`/v1/bookings/${b.id}/seats`)).status).toBe(404)
    // An accepted seat cannot be given away.
    r = await w.client.client.patch(`/v1/booking-seats/${seats[0].id}`, { email: 'x@test.example' })
    expect(r.status).toBe(409)
  })

  test('delete and restore a seat; a booking never has more seat rows than seats', async () => {
    const w = await world()
    const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
    const seats = (await w.client.client.get(`/v1/bookings/${b.id}/seats`)).body.data
    const second = seats[1]
    expect((await w.client.client.delete(`/v1/booking-seats/${second.id}`)).status).toBe(204)
    expect((await w.client.client.get(`/v1/bookings/${b.id}/seats`)).body.meta.total).toBe(1)
    // A new offer creates the missing seat row...
    const r = await w.client.client.post('/v1/booking-seats', { bookingId: b.id, email: 'new@test.example' })
    expect(r.status).toBe(201)
    expect(r.body.data.id).not.toBe(second.id)
    // ...so the deleted one cannot come back.
    const restore = await w.client.client.post(`/v1/booking-seats/${second.id}/restore`)
    expect(restore.status).toBe(409)
    const { client: admin } = await superAdmin()
    expect((await admin.get(`/v1/booking-seats?filter[bookingId]=${b.id}`)).body.meta.total).toBe(2)
    const stranger = await actor()
    expect((await stranger.client.delete(`/v1/booking-seats/${seats[0].id}`)).status).toBe(404)
  })

  test('parallel offers never share a seat: 5 offers on 2 free seats, 2 granted', async () => {
    const w = await world()
    const b = (await book(w.client, w.schedule.id, { seats: 3 })).body.data
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => w.client.client.post('/v1/booking-seats', { bookingId: b.id, email: `p${i}@test.example` })))
    const ok = results.filter((r) => r.status === 201)
    expect(ok.length).toBe(2)
    expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(2)
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === 'All seats of this booking are taken.')).toBe(true)
    const seats = (await w.client.client.get(`/v1/bookings/${b.id}/seats`)).body
    expect(seats.meta.total).toBe(3)
  })
})
