/**
 * Who may do what: voucher redemption belongs to booking (a manual redeem is for the
 * voucher's tenant managers), verify hands out no ids, and a schedule's meeting link is for
 * its coach, tenant managers and confirmed seat holders only.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Role } from '../../src/modules/roles/role.entity'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { actor, em, tenant as makeTenant, superAdmin, uid } from '../client'
import { book, makeSchedule, world } from './bookings.fixtures'

setDefaultTimeout(60_000)

describe('voucher redeem and verify', () => {
  test('redeem: any signed-in client 403, another tenant 404, the tenant manager counts a use', async () => {
    const w = await world()
    const v = await w.coach.client.post('/v1/vouchers', { code: 'MANAGED', data: { discountType: 'free', maxUses: 3 } })
    const id = v.body.data.id
    // A client of the marketplace (no team): refused before anything is counted.
    expect((await w.client.client.post(`/v1/vouchers/${id}/redeem`)).status).toBe(400)
    // A client who is a member of the team, without vouchers.manage: 403.
    const member = await actor({ tenant: w.tenant })
    expect((await member.client.post(`/v1/vouchers/${id}/redeem`)).status).toBe(403)
    // Another tenant's manager: the voucher does not exist for them.
    const other = await world()
    expect((await other.coach.client.post(`/v1/vouchers/${id}/redeem`)).status).toBe(404)
    // A stranger: 401.
    const { Client } = await import('../client')
    expect((await new Client().post(`/v1/vouchers/${id}/redeem`)).status).toBe(401)
    const [{ uses }] = await em().execute('select uses from vouchers where id = ?', [id])
    expect(uses).toBe(0)
    const ok = await w.coach.client.post(`/v1/vouchers/${id}/redeem`)
    expect(ok.status).toBe(200)
    expect(ok.body.data.uses).toBe(1)
    // The booking path still redeems atomically for the client.
    const b = await book(w.client, w.schedule.id, { voucherCode: 'managed' })
    expect(b.status).toBe(201)
    const [{ uses: after }] = await em().execute('select uses from vouchers where id = ?', [id])
    expect(after).toBe(2)
  })

  test('verify tells a booker what the code gives, never the voucher id, tenant or use counts', async () => {
    const w = await world({ price: 4000 })
    await w.coach.client.post('/v1/vouchers', { code: 'HALF', data: { discountType: 'percentage', discountValue: 50, maxUses: 10 } })
    const r = await w.client.client.get(`/v1/vouchers/verify/HALF?workshopScheduleId=${w.schedule.id}`)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      code: 'HALF',
      valid: true,
      amount: { total: 40, discount: 20, due: 20 },
      data: { discountType: 'percentage', discountValue: 50 },
    })
    for (const hidden of ['id', 'tenantId', 'uses', 'usesLeft', 'createdAt', 'updatedAt', 'modelId']) expect(r.body.data[hidden]).toBeUndefined()
    // Without a schedule: only within a team the caller belongs to.
    expect((await w.client.client.get('/v1/vouchers/verify/HALF')).status).toBe(400)
    const outsider = (await actor()).client.withTeam(w.tenant.slug)
    expect((await outsider.get('/v1/vouchers/verify/HALF')).status).toBe(404)
    const member = await actor({ tenant: w.tenant })
    const own = await member.client.get('/v1/vouchers/verify/HALF')
    expect(own.status).toBe(200)
    expect(own.body.data.id).toBeUndefined()
  })

  test('redeem is documented for managers only', async () => {
    const { Client } = await import('../client')
    const doc = (await new Client().get('/openapi/json')).body
    const op = doc.paths['/v1/vouchers/{id}/redeem'].post
    expect(op.description).toContain('vouchers.manage')
    expect(op.description).toContain('voucherCode')
  })
})

describe('meeting links', () => {
  test('coach, tenant managers, super-admins and confirmed seat holders read meetingUrl; other members do not', async () => {
    const t = await makeTenant()
    const coach = await actor({ roles: ['coach'], tenant: t })
    const otherCoach = await actor({ roles: ['coach'], tenant: t })
    const { schedule } = await makeSchedule({ tenant: t, coach, price: 0 })
    const paid = await makeSchedule({ tenant: t, coach, price: 5000 })
    const attendee = await actor({ tenant: t })
    const pending = await actor({ tenant: t })
    const bystander = await actor({ tenant: t })
    expect((await book(attendee, schedule.id)).body.data.status).toBe('CONFIRMED')
    expect((await book(pending, paid.schedule.id)).body.data.status).toBe('PENDING')
    // A tenant manager: a team role holding bookings.manage.
    const m = em()
    const roleName = `manager-${uid()}`
    m.create(Role, { name: roleName, description: 'Manages the team', permissions: ['bookings.manage'] } as any)
    const manager = await actor({ tenant: t })
    await m.flush()
    await em().nativeUpdate(Membership, { user: manager.user.id }, { roles: [roleName] })
    const { client: admin } = await superAdmin()
    admin.team = t.slug

    const link = 'https://meet.example/x'
    const seen = async (c: any, id: string) => {
      const show = await c.get(`/v1/workshop-schedules/${id}?include=workshop,coach`)
      const list = await c.get('/v1/workshop-schedules?perPage=100&include=workshop')
      expect(show.status).toBe(200)
      const row = list.body.data.find((r: any) => r.id === id)
      expect(row).toBeDefined()
      expect(row.meetingUrl).toEqual(show.body.data.meetingUrl)
      return show.body.data.meetingUrl
    }
    expect(await seen(coach.client, schedule.id)).toBe(link)
    expect(await seen(attendee.client, schedule.id)).toBe(link)
    expect(await seen(manager.client, schedule.id)).toBe(link)
    expect(await seen(admin, schedule.id)).toBe(link)
    expect(await seen(otherCoach.client, schedule.id)).toBeUndefined()
    expect(await seen(bystander.client, schedule.id)).toBeUndefined()
    // A held (unpaid) booking is no confirmed seat; a confirmed one elsewhere opens no other link.
    expect(await seen(pending.client, paid.schedule.id)).toBeUndefined()
    expect(await seen(attendee.client, paid.schedule.id)).toBeUndefined()
    // The calendar file follows the same rule.
    const ics = await bystander.client.get(`/v1/workshop-schedules/${schedule.id}/calendar.ics`)
    expect(String(ics.body)).not.toContain(link)
  })
})
