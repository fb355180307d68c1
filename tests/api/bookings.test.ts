import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { confirmBooking, RELEASE_HOLD_JOB, releaseExpiredHolds, SWEEP_HOLDS_JOB } from '../../src/modules/bookings/booking.service'
import { WorkshopResource } from '../../src/modules/workshops/resource.entity'
import { clock } from '../../src/platform/clock'
import { enqueue, runNow } from '../../src/platform/jobs'
import { actor, Client, em, superAdmin, tenant } from '../client'
import { book, makeSchedule, seatsTaken, world } from './bookings.fixtures'

// Many real requests per test: generous on a busy machine (applies to this file).
setDefaultTimeout(60_000)

afterEach(() => clock.reset())

describe('bookings: create', () => {
  test('a client books seats of a public schedule of another tenant: PENDING, held, priced, N seats', async () => {
    const w = await world({ price: 4950 })
    const r = await book(w.client, w.schedule.id, { seats: 3, notes: 'Vegetarian lunch please' })
    expect(r.status).toBe(201)
    const b = r.body.data
    expect(b.status).toBe('PENDING')
    expect(b.seats).toBe(3)
    expect(b.amountDue).toBe(148.5)
    expect(b.amountPaid).toBe(0)
    expect(b.tenantId).toBe(w.tenant.id)
    expect(b.workshopSchedule.workshop.title).toBe(w.workshop.title)
    expect(b.coachNotes).toBeUndefined()
    const hold = new Date(b.holdExpiresAt).getTime() - Date.now()
    expect(hold).toBeGreaterThan(14 * 60_000)
    expect(hold).toBeLessThanOrEqual(15 * 60_000 + 1000)
    expect(await seatsTaken(w.schedule.id)).toBe(3)

    const seats = await w.client.client.get(`/v1/bookings/${b.id}/seats`)
    expect(seats.status).toBe(200)
    expect(seats.body.meta.total).toBe(3)
    expect(seats.body.data[0]).toMatchObject({ userId: w.client.user.id, status: 'ACCEPTED' })
    expect(seats.body.data.slice(1).every((s: any) => s.status === 'PENDING' && s.userId === null && s.inviterId === w.client.user.id)).toBe(true)

    // The release job is queued in pg-boss for the end of the hold.
    const [job] = await em().execute(`select start_after from pgboss.job where name = ? and data->>'bookingId' = ?`, [RELEASE_HOLD_JOB, b.id])
    expect(job).toBeDefined()
    expect(Math.abs(new Date(job.start_after).getTime() - new Date(b.holdExpiresAt).getTime())).toBeLessThan(1000)
  })

  test('section 5 messages', async () => {
    const w = await world()
    let r = await w.client.client.post('/v1/bookings', {})
    expect(r.status).toBe(422)
    expect(r.body.errors.userId).toEqual(['User ID is required'])
    expect(r.body.errors.workshopScheduleId).toEqual(['Workshop schedule is required'])
    r = await book(w.client, w.schedule.id, { seats: 0, voucherCode: 'X'.repeat(33) })
    expect(r.body.errors.seats).toEqual(['At least 1 seat is required'])
    expect(r.body.errors.voucherCode).toEqual(['Voucher code cannot exceed 32 characters'])
    r = await book(w.client, w.schedule.id, { seats: 1.5 })
    expect(r.body.errors.seats).toEqual(['At least 1 seat is required'])
    r = await book(w.client, w.schedule.id, { address: { addressLine2: 'Flat 2', country: 'XX' } })
    expect(r.status).toBe(422)
    expect(r.body.errors['address.addressLine1']).toEqual(['Address line 1 is required'])
    expect(r.body.errors['address.city']).toEqual(['City is required'])
    expect(r.body.errors['address.state']).toEqual(['State is required'])
    expect(r.body.errors['address.zip']).toEqual(['ZIP code is required'])
    expect(r.body.errors['address.country']).toEqual(['Please select a valid country'])
    r = await book(w.client, w.schedule.id, { meta: { workshopResourcePreferences: [{ isVisible: true }] } })
    expect(r.body.errors['meta.workshopResourcePreferences.0.id']).toEqual(['Resource ID is required'])

    r = await book(w.client, w.schedule.id, { meta: { workshopResourcePreferences: [{ id: crypto.randomUUID(), isVisible: false }] } })
    expect(r.body.errors['meta.workshopResourcePreferences.0.id']).toEqual(['This resource does not belong to the workshop.'])
    const m = em()
    const resource = m.create(WorkshopResource, {
      tenant: w.tenant.id,
      workshop: w.workshop.id,
      title: 'Slides',
      type: 'link',
      url: 'https://example.com/slides',
      sortOrder: 0,
      isVisible: true,
      isBroadcast: false,
    } as any)
    await m.flush()
    const ok = await book(w.client, w.schedule.id, {
      address: { addressLine1: '1 Main St', city: 'Leeds', state: 'West Yorkshire', zip: 'LS1 1AA', country: 'gb' },
      meta: { workshopResourcePreferences: [{ id: resource.id, isVisible: false }] },
    })
    expect(ok.status).toBe(201)
    expect(ok.body.data.address.country).toBe('GB')
    expect(ok.body.data.meta.workshopResourcePreferences).toEqual([{ id: resource.id, isVisible: false }])
    const edit = await w.client.client.patch(`/v1/bookings/${ok.body.data.id}`, { notes: 'x' })
    expect(edit.status).toBe(422)
    expect(edit.body.errors.status).toEqual(['Please select a valid status'])
    const edit2 = await w.client.client.patch(`/v1/bookings/${ok.body.data.id}`, { status: 'PENDING', notes: 'Arriving late' })
    expect(edit2.status).toBe(200)
    expect(edit2.body.data.notes).toBe('Arriving late')
  })

  test('capacity: 409 says how many seats are left; fully booked', async () => {
    const w = await world({ maxSeats: 5, seatsTaken: 3 })
    const r = await book(w.client, w.schedule.id, { seats: 3 })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('Only 2 seats left.')
    const ok = await book(w.client, w.schedule.id, { seats: 2 })
    expect(ok.status).toBe(201)
    const other = await actor()
    const full = await book(other, w.schedule.id)
    expect(full.status).toBe(409)
    expect(full.body.message).toBe('This workshop is fully booked.')
    expect(await seatsTaken(w.schedule.id)).toBe(5)
  })

  test('only bookable schedules: draft, private and started ones are refused', async () => {
    const t = await tenant()
    const coach = await actor({ roles: ['coach'], tenant: t })
    const client = await actor()
    const draft = await makeSchedule({ tenant: t, coach, status: 'DRAFT' })
    let r = await book(client, draft.schedule.id)
    expect(r.status).toBe(422)
    expect(r.body.errors.workshopScheduleId[0]).toContain('not available')
    const priv = await makeSchedule({ tenant: t, coach, visibility: 'PRIVATE' })
    expect((await book(client, priv.schedule.id)).status).toBe(422)
    const member = await actor({ tenant: t })
    expect((await book(member, priv.schedule.id)).status).toBe(201)
    const started = await makeSchedule({ tenant: t, coach, startInDays: -0.01 })
    r = await book(client, started.schedule.id)
    expect(r.status).toBe(409)
    expect(r.body.message).toContain('already started')
  })

  test('a client cannot book for someone else; guests are 401', async () => {
    const w = await world()
    const other = await actor()
    const r = await w.client.client.post('/v1/bookings', { userId: other.user.id, workshopScheduleId: w.schedule.id })
    expect(r.status).toBe(403)
    expect((await new Client().post('/v1/bookings', { userId: other.user.id, workshopScheduleId: w.schedule.id })).status).toBe(401)
    // The coach may book a client onto their own schedule.
    const byCoach = await w.coach.client.post('/v1/bookings', { userId: other.user.id, workshopScheduleId: w.schedule.id })
    expect(byCoach.status).toBe(201)
    expect(byCoach.body.data.userId).toBe(other.user.id)
  })
})

describe('bookings: visibility', () => {
  test('client sees own (across tenants), coach sees own schedules, others 404, admin all', async () => {
    const a = await world()
    const b = await world()
    const mine1 = (await book(a.client, a.schedule.id)).body.data
    const mine2 = (await book(a.client, b.schedule.id)).body.data
    const theirs = (await book(b.client, b.schedule.id)).body.data

    const list = await a.client.client.get('/v1/bookings')
    expect(list.status).toBe(200)
    expect(list.body.data.map((x: any) => x.id).sort()).toEqual([mine1.id, mine2.id].sort())
    // X-Team narrows to one tenant.
    const narrowed = await a.client.client.get('/v1/bookings', { 'x-team': b.tenant.slug })
    expect(narrowed.body.data.map((x: any) => x.id)).toEqual([mine2.id])

    expect((await a.client.client.get(`/v1/bookings/${theirs.id}`)).status).toBe(404)
    // Coach of tenant A cannot read tenant B's booking.
    expect((await a.coach.client.get(`/v1/bookings/${theirs.id}`)).status).toBe(404)
    expect((await a.coach.client.patch(`/v1/bookings/${theirs.id}`, { status: 'CANCELLED', cancellationReason: 'x' })).status).toBe(404)
    const coachList = await b.coach.client.get('/v1/bookings?include=user')
    expect(coachList.body.data.map((x: any) => x.id).sort()).toEqual([mine2.id, theirs.id].sort())
    expect(coachList.body.data[0].user.email).toBeString()
    expect(coachList.body.data[0].coachNotes).toBeNull()

    const { client: admin } = await superAdmin()
    const all = await admin.get(`/v1/bookings?filter[workshopScheduleId]=${b.schedule.id}`)
    expect(all.body.meta.total).toBe(2)
    expect((await new Client().get('/v1/bookings')).status).toBe(401)
    const bad = await admin.get('/v1/bookings?filter[workshopScheduleId]=nope')
    expect(bad.status).toBe(422)
    expect(bad.body.errors['filter.workshopScheduleId']).toEqual(['The workshopScheduleId filter must be a valid id.'])
    expect((await admin.get('/v1/booking-seats?filter[bookingId]=nope')).status).toBe(422)
  })
})

describe('bookings: state machine', () => {
  test('cancel needs a reason, gives seats back; illegal transitions are 409', async () => {
    const w = await world()
    const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
    let r = await w.client.client.post(`/v1/bookings/${b.id}/cancel`, {})
    expect(r.status).toBe(422)
    expect(r.body.errors.reason).toEqual(['A reason is required to cancel a booking'])
    r = await w.client.client.patch(`/v1/bookings/${b.id}`, { status: 'CONFIRMED' })
    expect(r.status).toBe(403)
    r = await w.coach.client.patch(`/v1/bookings/${b.id}`, { status: 'COMPLETED' })
    expect(r.status).toBe(409)
    r = await w.client.client.post(`/v1/bookings/${b.id}/cancel`, { reason: 'Cannot make it' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Cannot make it' })
    expect(await seatsTaken(w.schedule.id)).toBe(0)
    r = await w.client.client.post(`/v1/bookings/${b.id}/cancel`, { reason: 'again' })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('The booking is already CANCELLED.')
  })

  test('coach confirms, then COMPLETED / NO_SHOW only after the schedule ends', async () => {
    const w = await world({ startInDays: 1, hours: 2 })
    const b1 = (await book(w.client, w.schedule.id)).body.data
    const other = await actor()
    const b2 = (await book(other, w.schedule.id)).body.data
    let r = await w.coach.client.patch(`/v1/bookings/${b1.id}`, { status: 'CONFIRMED', coachNotes: 'Paid cash' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'CONFIRMED', coachNotes: 'Paid cash', paymentMethod: 'manual', amountPaid: r.body.data.amountDue })
    await w.coach.client.patch(`/v1/bookings/${b2.id}`, { status: 'CONFIRMED' })
    r = await w.coach.client.patch(`/v1/bookings/${b1.id}`, { status: 'COMPLETED' })
    expect(r.status).toBe(409)
    expect(r.body.message).toContain('after the workshop has ended')
    clock.shift(2 * 86_400_000)
    r = await w.coach.client.patch(`/v1/bookings/${b1.id}`, { status: 'COMPLETED' })
    expect(r.status).toBe(200)
    expect(r.body.data.status).toBe('COMPLETED')
    r = await w.coach.client.patch(`/v1/bookings/${b2.id}`, { status: 'NO_SHOW' })
    expect(r.body.data.status).toBe('NO_SHOW')
    r = await w.coach.client.patch(`/v1/bookings/${b1.id}`, { status: 'CANCELLED', cancellationReason: 'x' })
    expect(r.status).toBe(409)
    // Completed bookings keep their seats counted (they were used).
    expect(await seatsTaken(w.schedule.id)).toBe(2)
    expect((await w.client.client.patch(`/v1/bookings/${b1.id}`, { status: 'COMPLETED', coachNotes: 'hi' })).status).toBe(403)
  })

  test('confirmBooking (payments) is idempotent per transaction; a free voucher confirms at once', async () => {
    const w = await world({ price: 2000 })
    const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
    const pay = { amountPaid: 4000, paymentMethod: 'card', paymentTransactionId: 'pi_123' }
    const c1 = await confirmBooking(em(), b.id, pay)
    expect(c1.status).toBe('CONFIRMED')
    const c2 = await confirmBooking(em(), b.id, pay)
    expect(c2.status).toBe('CONFIRMED')
    await expect(confirmBooking(em(), b.id, { ...pay, paymentTransactionId: 'pi_other' })).rejects.toMatchObject({ status: 409 })
    const shown = await w.client.client.get(`/v1/bookings/${b.id}`)
    expect(shown.body.data).toMatchObject({ status: 'CONFIRMED', amountPaid: 40, paymentMethod: 'card', paymentTransactionId: 'pi_123', holdExpiresAt: null })
  })

  test('delete: only after cancelling; restore by super-admin', async () => {
    const w = await world()
    const b = (await book(w.client, w.schedule.id)).body.data
    expect((await w.client.client.delete(`/v1/bookings/${b.id}`)).status).toBe(409)
    await w.client.client.post(`/v1/bookings/${b.id}/cancel`, { reason: 'changed plans' })
    expect((await w.client.client.delete(`/v1/bookings/${b.id}`)).status).toBe(204)
    expect((await w.client.client.get(`/v1/bookings/${b.id}`)).status).toBe(404)
    expect((await w.client.client.post(`/v1/bookings/${b.id}/restore`)).status).toBe(403)
    const { client: admin } = await superAdmin()
    const r = await admin.post(`/v1/bookings/${b.id}/restore`)
    expect(r.status).toBe(200)
    expect((await w.client.client.get(`/v1/bookings/${b.id}`)).status).toBe(200)
  })
})

describe('bookings: holds expire', () => {
  test('after BOOKING_HOLD_MINUTES the sweep (and the per-booking job) releases the seats', async () => {
    const w = await world({ maxSeats: 4 })
    const b = (await book(w.client, w.schedule.id, { seats: 4 })).body.data
    expect(await seatsTaken(w.schedule.id)).toBe(4)
    // Not yet due: nothing happens.
    clock.shift(14 * 60_000)
    await runNow(RELEASE_HOLD_JOB, { bookingId: b.id })
    expect((await w.client.client.get(`/v1/bookings/${b.id}`)).body.data.status).toBe('PENDING')
    clock.shift(2 * 60_000)
    await runNow(RELEASE_HOLD_JOB, { bookingId: b.id })
    const r = await w.client.client.get(`/v1/bookings/${b.id}`)
    expect(r.body.data).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Payment not completed in time' })
    expect(await seatsTaken(w.schedule.id)).toBe(0)
    // Running again changes nothing.
    await runNow(SWEEP_HOLDS_JOB)
    expect(await seatsTaken(w.schedule.id)).toBe(0)
    // The seats are free for someone else.
    const other = await actor()
    expect((await book(other, w.schedule.id, { seats: 4 })).status).toBe(201)
  })

  test('the pg-boss worker runs the release job', async () => {
    const w = await world()
    const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
    clock.shift(16 * 60_000)
    // The queued job is due in 15 minutes of real time; queue one due now to see the worker run it.
    expect(await enqueue(RELEASE_HOLD_JOB, { bookingId: b.id })).toBeString()
    let status = 'PENDING'
    for (let i = 0; i < 60 && status === 'PENDING'; i++) {
      await Bun.sleep(250)
      status = (await w.client.client.get(`/v1/bookings/${b.id}`)).body.data.status
    }
    expect(status).toBe('CANCELLED')
    expect(await seatsTaken(w.schedule.id)).toBe(0)
  })

  test('the sweep releases every expired hold', async () => {
    const w = await world()
    await book(w.client, w.schedule.id, { seats: 2 })
    await book(await actor(), w.schedule.id, { seats: 3 })
    expect(await seatsTaken(w.schedule.id)).toBe(5)
    expect(await releaseExpiredHolds(em(), new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(2)
    expect(await seatsTaken(w.schedule.id)).toBe(0)
  })
})

describe('bookings: documentation', () => {
  test('Swagger lists the booking, seat, invitation, group and voucher endpoints', async () => {
    const doc = (await new Client().get('/openapi/json')).body
    for (const path of [
      '/v1/bookings',
      '/v1/bookings/{id}',
      '/v1/bookings/{id}/cancel',
      '/v1/bookings/{id}/restore',
      '/v1/bookings/{id}/seats',
      '/v1/booking-seats',
      '/v1/booking-seats/{id}/send-invitation',
      '/v1/booking-seats/{id}/restore',
      '/v1/invitations/{token}',
      '/v1/invitations/accept',
      '/v1/invitations/decline',
      '/v1/groups',
      '/v1/vouchers',
      '/v1/vouchers/{id}',
      '/v1/vouchers/verify/{code}',
      '/v1/vouchers/{id}/redeem',
    ])
      expect(doc.paths[path]).toBeDefined()
    expect(doc.paths['/v1/vouchers/{id}/restore']).toBeUndefined()
    expect(doc.paths['/v1/bookings'].post.requestBody).toBeDefined()
  })
})

describe('bookings: lists cost a fixed number of SQL statements', () => {
  test('bookings, booking seats and groups: same count for 3 and 30 rows', async () => {
    const { countStatements } = await import('./sql-counter')
    const t = await tenant()
    const coach = await actor({ roles: ['coach'], tenant: t })
    const client = await actor()
    for (let i = 0; i < 12; i++) {
      const { schedule } = await makeSchedule({ tenant: t, coach })
      const b = (await book(client, schedule.id, { seats: 3 })).body.data
      const seats = (await client.client.get(`/v1/bookings/${b.id}/seats`)).body.data
      await client.client.post('/v1/booking-seats', { bookingId: b.id, email: `friend${i}@test.example` })
      expect(seats).toHaveLength(3)
    }
    for (const path of ['/v1/bookings?include=user&perPage=', '/v1/booking-seats?include=user,inviter&perPage=', '/v1/groups?perPage=']) {
      // The fewest of three runs: a background sweep may share the pool during one of them.
      const fewest = async (url: string) => {
        const runs = [
          await countStatements(() => client.client.get(url)),
          await countStatements(() => client.client.get(url)),
          await countStatements(() => client.client.get(url)),
        ]
        return { result: runs[0].result, statements: Math.min(...runs.map((r) => r.statements)) }
      }
      const small = await fewest(`${path}3`)
      const large = await fewest(`${path}30`)
      expect(small.result.status).toBe(200)
      expect(large.result.body.data.length).toBeGreaterThan(small.result.body.data.length)
      // Never more for more rows (a page that is not full even skips its count: one fewer).
      expect(large.statements).toBeLessThanOrEqual(small.statements)
      expect(small.statements - large.statements).toBeLessThanOrEqual(1)
    }
  })
})
