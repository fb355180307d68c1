import { describe, expect, test } from 'bun:test'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { actor, Client, em, superAdmin } from '../client'
import { book } from './catalogue.bookings'
import { DAY, iso, makeSchedule, makeWorkshop, team } from './catalogue.fixtures'

async function moveToPast(id: string) {
  await em().nativeUpdate(WorkshopSchedule, { id }, { startDate: new Date(iso(-2 * DAY)), endDate: new Date(iso(-2 * DAY + 3600e3)) }, { filters: false })
}

describe('payouts', () => {
  test('per schedule: revenue of paid bookings minus the platform fee; super-admin marks paid', async () => {
    const { coach, other, client, tenant } = await team()
    const w = await makeWorkshop(coach, { price: 50 })
    const s = await makeSchedule(coach, w.id)
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id, seats: 2, amountPaid: 10000 })
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id, seats: 1, amountPaid: 5000, status: 'COMPLETED' })
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id, seats: 1, amountPaid: 0, status: 'PENDING' })
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id, seats: 1, amountPaid: 5000, status: 'CANCELLED' })
    const list = await coach.client.get(`/v1/payouts?filter[workshop]=${w.id}`)
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data[0]).toMatchObject({
      workshopScheduleId: s.id,
      bookings: 2,
      seats: 3,
      revenue: 150,
      fee: 15,
      feePercent: 10,
      net: 135,
      status: 'pending',
      paidAt: null,
    })
    expect((await other.client.get(`/v1/payouts?filter[workshop]=${w.id}`)).body.data).toHaveLength(0)
    expect((await other.client.get(`/v1/payouts/${s.id}`)).status).toBe(404)
    expect((await client.client.get('/v1/payouts')).status).toBe(403)
    const admin = await superAdmin()
    admin.client.withTeam(tenant.slug)
    expect((await coach.client.post(`/v1/payouts/${s.id}/mark-paid`)).status).toBe(403)
    const early = await admin.client.post(`/v1/payouts/${s.id}/mark-paid`)
    expect(early.status).toBe(409)
    await moveToPast(s.id)
    const paid = await admin.client.post(`/v1/payouts/${s.id}/mark-paid`)
    expect(paid.status).toBe(200)
    expect(paid.body.data.status).toBe('paid')
    expect(paid.body.data.paidAt).toBeString()
    expect((await admin.client.post(`/v1/payouts/${s.id}/mark-paid`)).status).toBe(409)
    expect((await coach.client.get('/v1/payouts?filter[status]=paid')).body.data.map((p: any) => p.id)).toEqual([s.id])
    // another tenant's super-admin view with its own X-Team does not see it
    const b = await team()
    admin.client.withTeam(b.tenant.slug)
    expect((await admin.client.post(`/v1/payouts/${s.id}/mark-paid`)).status).toBe(404)
  })
})

describe('dashboard metrics', () => {
  test("client: a seat held in someone else's booking is upcoming (as the dashboard lists it), not a booking made", async () => {
    const { coach, other, client, tenant } = await team()
    const w = await makeWorkshop(coach, { maxSeats: 10 })
    const coming = await makeSchedule(coach, w.id)
    const later = await makeSchedule(coach, w.id)
    // The client's own booking, and a seat they accepted in another person's booking.
    await book({ tenantId: tenant.id, scheduleId: coming.id, userId: client.user.id, seats: 2, amountPaid: 3000 })
    await book({ tenantId: tenant.id, scheduleId: later.id, userId: other.user.id, seats: 3, amountPaid: 4500, guests: [{ userId: client.user.id }] })
    // A seat still only invited is not held.
    await book({ tenantId: tenant.id, scheduleId: later.id, userId: other.user.id, seats: 2, guests: [{ userId: client.user.id, status: 'PENDING' }] })
    const c = await client.client.get('/v1/dashboard/metrics')
    expect(c.status).toBe(200)
    expect(c.body.data).toMatchObject({ view: 'client', upcomingBookings: 2, upcomingSeats: 3, bookings: 1, seats: 2, spent: 30 })
  })

  test('client, coach and super-admin views', async () => {
    const { coach, client, tenant } = await team()
    const w = await makeWorkshop(coach, { maxSeats: 10 })
    const coming = await makeSchedule(coach, w.id)
    const past = await makeSchedule(coach, w.id)
    await moveToPast(past.id)
    await book({ tenantId: tenant.id, scheduleId: coming.id, userId: client.user.id, seats: 3, amountPaid: 4500 })
    await book({ tenantId: tenant.id, scheduleId: past.id, userId: client.user.id, seats: 2, amountPaid: 3000, status: 'COMPLETED' })
    await book({ tenantId: tenant.id, scheduleId: coming.id, userId: client.user.id, seats: 1, status: 'CANCELLED' })
    const c = await client.client.get('/v1/dashboard/metrics')
    expect(c.status).toBe(200)
    expect(c.body.data).toMatchObject({ view: 'client', upcomingBookings: 1, upcomingSeats: 3, bookings: 3, seats: 5, spent: 75 })
    const range = `from=${iso(-3 * DAY).slice(0, 10)}&to=${iso(30 * DAY).slice(0, 10)}`
    const k = await coach.client.get(`/v1/dashboard/metrics?${range}`)
    expect(k.body.data).toMatchObject({
      view: 'coach',
      upcomingSchedules: 1,
      schedules: 2,
      seatsSold: 5,
      capacity: 20,
      fillRate: 25,
      revenue: 75,
      fees: 7.5,
      net: 67.5,
    })
    expect(k.body.data.rating).toEqual({ average: null, count: 0, averageInRange: null })
    expect((await coach.client.get('/v1/dashboard/metrics?view=client')).body.data.view).toBe('client')
    expect((await client.client.get('/v1/dashboard/metrics?view=coach')).status).toBe(403)
    expect((await client.client.get('/v1/dashboard/metrics?view=admin')).status).toBe(403)
    const admin = await superAdmin()
    const a = await admin.client.get('/v1/dashboard/metrics')
    expect(a.body.data.view).toBe('admin')
    expect(a.body.data.bookings).toBeGreaterThanOrEqual(3)
    expect(a.body.data.users).toBeGreaterThanOrEqual(3)
    expect(a.body.data.tenants).toBeGreaterThanOrEqual(1)
    const bad = await client.client.get('/v1/dashboard/metrics?from=soon&to=2020-01-01')
    expect(bad.status).toBe(422)
    expect(bad.body.errors.from).toEqual(['The from must be a date like 2026-01-31.'])
    expect((await new Client().get('/v1/dashboard/metrics')).status).toBe(401)
  })
})

describe('calendar files', () => {
  test('a schedule and a booking as .ics in the schedule time zone', async () => {
    const { coach, other, client, tenant } = await team()
    const w = await makeWorkshop(coach, { title: 'Calendar, with; care' })
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 15, 0, 0))
    const s = await makeSchedule(coach, w.id, {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 3600e3).toISOString(),
      timezone: 'America/New_York',
      meetingUrl: 'https://meet.example.com/secret',
    })
    const r = await client.client.get(`/v1/workshop-schedules/${s.id}/calendar.ics`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('text/calendar')
    const body = r.body as string
    expect(body).toStartWith('BEGIN:VCALENDAR\r\n')
    expect(body).toContain('TZID:America/New_York')
    expect(body).toContain(`DTSTART;TZID=America/New_York:${start.getUTCFullYear()}0115T100000`)
    expect(body).toContain('SUMMARY:Calendar\\, with\\; care')
    expect(body).not.toContain('meet.example.com/secret')
    const byCoach = await coach.client.get(`/v1/workshop-schedules/${s.id}/calendar.ics`)
    expect(byCoach.body).toContain('meet.example.com/secret')
    const b = await team()
    expect((await b.client.client.get(`/v1/workshop-schedules/${s.id}/calendar.ics`)).status).toBe(404)
    expect((await new Client().get(`/v1/public/workshop-schedules/${s.id}/calendar.ics`)).status).toBe(200)

    const { booking } = await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id })
    const bk = await client.client.get(`/v1/bookings/${booking.id}/calendar.ics`)
    expect(bk.status).toBe(200)
    expect(bk.body).toContain(`UID:booking-${booking.id}@`)
    expect(bk.body).toContain('STATUS:CONFIRMED')
    expect(bk.body).toContain('meet.example.com/secret')
    expect((await coach.client.get(`/v1/bookings/${booking.id}/calendar.ics`)).status).toBe(200)
    expect((await other.client.get(`/v1/bookings/${booking.id}/calendar.ics`)).status).toBe(404)
    const stranger = await actor()
    expect((await stranger.client.get(`/v1/bookings/${booking.id}/calendar.ics`)).status).toBe(404)
    const pending = await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id, status: 'PENDING' })
    const tentative = await client.client.get(`/v1/bookings/${pending.booking.id}/calendar.ics`)
    expect(tentative.body).toContain('STATUS:TENTATIVE')
    expect(tentative.body).not.toContain('meet.example.com/secret')
  })
  test('the sessions I go to as one feed: my bookings and accepted seats, by workshop, never cancelled ones nor those of others', async () => {
    const { coach, client, tenant } = await team()
    const guest = await actor()
    const w1 = await makeWorkshop(coach, { title: 'Feed one' })
    const w2 = await makeWorkshop(coach, { title: 'Feed two' })
    const s1 = await makeSchedule(coach, w1.id)
    const s2 = await makeSchedule(coach, w2.id, { startDate: iso(9 * DAY), endDate: iso(9 * DAY + 3600e3) })
    const mine1 = await book({
      tenantId: tenant.id,
      scheduleId: s1.id,
      userId: client.user.id,
      seats: 2,
      guests: [{ userId: guest.user.id, status: 'ACCEPTED' }],
    })
    const mine2 = await book({ tenantId: tenant.id, scheduleId: s2.id, userId: client.user.id })
    const cancelled = await book({ tenantId: tenant.id, scheduleId: s2.id, userId: client.user.id, status: 'CANCELLED' })
    const events = (body: string) => body.split('BEGIN:VEVENT').length - 1

    const all = await client.client.get('/v1/calendar/bookings.ics')
    expect(all.status).toBe(200)
    expect(all.headers.get('content-type')).toContain('text/calendar')
    expect(events(all.body)).toBe(2)
    expect(all.body).toContain(`UID:booking-${mine1.booking.id}@`)
    expect(all.body).toContain(`UID:booking-${mine2.booking.id}@`)
    expect(all.body).not.toContain(cancelled.booking.id)
    expect(all.body).toContain('meet.example')

    const one = await client.client.get(`/v1/calendar/bookings.ics?workshopId=${w1.id}`)
    expect(events(one.body)).toBe(1)
    expect(one.body).toContain('X-WR-CALNAME:Feed one')
    // A guest with an accepted seat sees that session; a stranger sees none.
    const g = await guest.client.get('/v1/calendar/bookings.ics')
    expect(events(g.body)).toBe(1)
    expect(g.body).toContain(`UID:booking-${mine1.booking.id}@`)
    expect(events((await (await actor()).client.get('/v1/calendar/bookings.ics')).body)).toBe(0)
    expect((await new Client().get('/v1/calendar/bookings.ics')).status).toBe(401)
    expect((await client.client.get('/v1/calendar/bookings.ics?workshopId=nope')).status).toBe(404)
  })
})
