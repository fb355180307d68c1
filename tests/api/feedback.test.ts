import { describe, expect, test } from 'bun:test'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { actor, Client, em } from '../client'
import { book } from './catalogue.bookings'
import { DAY, iso, makeSchedule, makeWorkshop, team } from './catalogue.fixtures'

/** A schedule that already ended (dates moved to the past after creation). */
async function endedSchedule(coach: any, workshopId: string) {
  const s = await makeSchedule(coach, workshopId)
  await em().nativeUpdate(WorkshopSchedule, { id: s.id }, { startDate: new Date(iso(-2 * DAY)), endDate: new Date(iso(-2 * DAY + 3600e3)) }, { filters: false })
  return s
}

describe('feedback', () => {
  test('an attendee rates once per seat after the schedule ended', async () => {
    const { coach, client, tenant } = await team()
    const guest = await actor({ tenant })
    const w = await makeWorkshop(coach)
    const s = await endedSchedule(coach, w.id)
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id, seats: 2, guests: [{ userId: guest.user.id }] })
    const bad = await client.client.post('/v1/feedbacks', { workshopScheduleId: s.id, rating: 6 })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.rating).toEqual(['Please choose a rating from 1 to 5'])
    const missing = await client.client.post('/v1/feedbacks', {})
    expect(missing.body.errors).toEqual({ workshopScheduleId: ['Workshop schedule is required'], rating: ['Please choose a rating from 1 to 5'] })
    const ok = await client.client.post('/v1/feedbacks', { workshopScheduleId: s.id, rating: 5, comment: 'Brilliant' })
    expect(ok.status).toBe(201)
    expect(ok.body.data.rating).toBe(5)
    const again = await client.client.post('/v1/feedbacks', { workshopScheduleId: s.id, rating: 1 })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('You have already rated this workshop.')
    expect((await guest.client.post('/v1/feedbacks', { workshopScheduleId: s.id, rating: 4 })).status).toBe(201)
    // the coach reads them, per schedule and overall; the average shows on the public schedule
    const list = await coach.client.get(`/v1/feedbacks?filter[workshopSchedule]=${s.id}&sort=-rating&include=user`)
    expect(list.body.data.map((f: any) => f.rating)).toEqual([5, 4])
    expect(list.body.data[0].user.id).toBe(client.user.id)
    expect((await coach.client.get('/v1/feedbacks')).body.meta.total).toBe(2)
    const pub = await new Client().get(`/v1/public/workshop-schedules/${s.id}`)
    expect(pub.body.data.rating).toEqual({ average: 4.5, count: 2 })
    expect(pub.body.data.coach.rating).toEqual({ average: 4.5, count: 2 })
    // and on the public coach profile and directory
    const profile = await new Client().get(`/v1/public/users/${coach.user.id}`)
    expect(profile.body.data.rating).toEqual({ average: 4.5, count: 2 })
    const directory = await new Client().get(`/v1/public/users?q=${coach.user.username}`)
    expect(directory.body.data.find((u: any) => u.id === coach.user.id).rating).toEqual({ average: 4.5, count: 2 })
  })

  test('not before the end, not without a confirmed booking', async () => {
    const { coach, client, tenant } = await team()
    const stranger = await actor({ tenant })
    const pending = await actor({ tenant })
    const w = await makeWorkshop(coach)
    const future = await makeSchedule(coach, w.id)
    await book({ tenantId: tenant.id, scheduleId: future.id, userId: client.user.id })
    const early = await client.client.post('/v1/feedbacks', { workshopScheduleId: future.id, rating: 5 })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('You can rate this workshop once it has ended.')
    const past = await endedSchedule(coach, w.id)
    await book({ tenantId: tenant.id, scheduleId: past.id, userId: pending.user.id, status: 'PENDING' })
    expect((await stranger.client.post('/v1/feedbacks', { workshopScheduleId: past.id, rating: 5 })).status).toBe(403)
    expect((await pending.client.post('/v1/feedbacks', { workshopScheduleId: past.id, rating: 5 })).status).toBe(403)
    const none = await client.client.post('/v1/feedbacks', { workshopScheduleId: '0190a000-0000-7000-8000-000000000000', rating: 5 })
    expect(none.body.errors.workshopScheduleId).toEqual(['The selected workshop schedule does not exist.'])
  })

  test('visibility: coaches see feedback on their own schedules only; other tenants 404', async () => {
    const { coach, other, client, tenant } = await team()
    const w = await makeWorkshop(coach)
    const s = await endedSchedule(coach, w.id)
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id })
    const f = (await client.client.post('/v1/feedbacks', { workshopScheduleId: s.id, rating: 3 })).body.data
    client.client.withTeam(tenant.slug)
    expect((await other.client.get('/v1/feedbacks')).body.data).toHaveLength(0)
    expect((await other.client.get(`/v1/feedbacks/${f.id}`)).status).toBe(404)
    expect((await coach.client.get(`/v1/feedbacks/${f.id}`)).status).toBe(200)
    const b = await team()
    expect((await b.coach.client.get(`/v1/feedbacks/${f.id}`)).status).toBe(404)
    // the author may edit their rating; the coach may not
    expect((await coach.client.patch(`/v1/feedbacks/${f.id}`, { rating: 5 })).status).toBe(403)
    const edited = await client.client.patch(`/v1/feedbacks/${f.id}`, { rating: 4 })
    expect(edited.status).toBe(200)
    expect(edited.body.data.rating).toBe(4)
    expect((await client.client.patch(`/v1/feedbacks/${f.id}`, { rating: 0 })).body.errors.rating).toEqual(['Please choose a rating from 1 to 5'])
    // withdrawn by its author (soft delete); a super-admin may restore it
    expect((await coach.client.delete(`/v1/feedbacks/${f.id}`)).status).toBe(403)
    expect((await client.client.delete(`/v1/feedbacks/${f.id}`)).status).toBe(204)
    expect((await coach.client.get(`/v1/feedbacks/${f.id}`)).status).toBe(404)
    expect((await client.client.post(`/v1/feedbacks/${f.id}/restore`)).status).toBe(403)
    const { superAdmin } = await import('../client')
    const admin = await superAdmin()
    admin.client.withTeam(tenant.slug)
    expect((await admin.client.post(`/v1/feedbacks/${f.id}/restore`)).status).toBe(200)
    expect((await coach.client.get(`/v1/feedbacks/${f.id}`)).status).toBe(200)
  })
})

describe('feedback across tenants', () => {
  test('an attendee who is not a member of the tenant rates and lists their own feedback', async () => {
    const { coach, tenant } = await team()
    const outsider = await actor()
    const w = await makeWorkshop(coach)
    const s = await endedSchedule(coach, w.id)
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: outsider.user.id })
    const f = await outsider.client.post('/v1/feedbacks', { workshopScheduleId: s.id, rating: 5, comment: 'Worth the trip' })
    expect(f.status).toBe(201)
    const mine = await outsider.client.get('/v1/feedbacks')
    expect(mine.status).toBe(200)
    expect(mine.body.data.map((x: any) => x.id)).toEqual([f.body.data.id])
    // naming a team they do not belong to is a 404
    outsider.client.withTeam(tenant.slug)
    expect((await outsider.client.get('/v1/feedbacks')).status).toBe(404)
  })
  test('30 simultaneous ratings of one seat from the feedback form: one is saved, the rest are refused, none fails', async () => {
    const { coach, client, tenant } = await team()
    const w = await makeWorkshop(coach)
    const s = await endedSchedule(coach, w.id)
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id })
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => client.client.post('/v1/feedbacks', { workshopScheduleId: s.id, rating: (i % 5) + 1, comment: null })),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((x) => x === 201)).toHaveLength(1)
    expect(statuses.filter((x) => x !== 201 && x !== 409)).toEqual([])
    const [{ n }] = await em().getConnection().execute('select count(*)::int as n from feedbacks where workshop_schedule_id = ?', [s.id])
    expect(n).toBe(1)
  })
})
