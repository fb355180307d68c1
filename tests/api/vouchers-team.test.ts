/**
 * Vouchers as a team runs them in the coach area: disabling (it stops applying at once, in
 * verify, booking and redeem, also while bookings race for it) and enabling again, and the
 * usage of a voucher (the bookings that used it) for its team only.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { actor, Client } from '../client'
import { book, manyClients, world } from './bookings.fixtures'

setDefaultTimeout(60_000)

describe('vouchers: disable, enable and usage', () => {
  test('a disabled voucher stops applying at once; enabling it again brings it back', async () => {
    const w = await world({ price: 5000 })
    const c = w.coach.client
    const v = await c.post('/v1/vouchers', { code: 'LAUNCH', data: { discountType: 'percentage', discountValue: 20 } })
    const id = v.body.data.id
    let r = await c.patch(`/v1/vouchers/${id}`, { disabled: true })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'disabled' })
    expect(r.body.data.disabledAt).toBeTruthy()
    r = await w.client.client.get(`/v1/vouchers/verify/LAUNCH?workshopScheduleId=${w.schedule.id}`)
    expect(r.body.data).toMatchObject({ valid: false, reason: 'disabled', message: 'This voucher is no longer available.' })
    r = await book(w.client, w.schedule.id, { voucherCode: 'launch' })
    expect(r.status).toBe(422)
    expect(r.body.errors.voucherCode).toEqual(['This voucher is no longer available.'])
    r = await c.post(`/v1/vouchers/${id}/redeem`)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This voucher is no longer available.')
    expect((await c.patch(`/v1/vouchers/${id}`, { disabled: 'yes' })).body.errors.disabled).toEqual(['Disabled must be true or false'])

    r = await c.patch(`/v1/vouchers/${id}`, { disabled: false })
    expect(r.body.data).toMatchObject({ status: 'active', disabledAt: null })
    r = await book(w.client, w.schedule.id, { voucherCode: 'launch' })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ discount: 10, amountDue: 40 })
  })

  test('disabling while 30 bookings race for the code: every use counted belongs to a booking made before it', async () => {
    const w = await world({ price: 5000, maxSeats: 100 })
    const v = await w.coach.client.post('/v1/vouchers', { code: 'RUSH', data: { discountType: 'fixed', discountValue: 5 } })
    const clients = await manyClients(30)
    const results = await Promise.all([
      ...clients.map((a) => book(a, w.schedule.id, { voucherCode: 'RUSH' })),
      w.coach.client.patch(`/v1/vouchers/${v.body.data.id}`, { disabled: true }),
    ])
    const booked = results.slice(0, 30).filter((r) => r.status === 201)
    expect(results.slice(0, 30).every((r) => r.status === 201 || r.status === 422)).toBe(true)
    const after = await w.coach.client.get(`/v1/vouchers/${v.body.data.id}`)
    expect(after.body.data.status).toBe('disabled')
    // The counter and the bookings agree.
    expect(after.body.data.uses).toBe(booked.length)
    const usage = await w.coach.client.get(`/v1/vouchers/${v.body.data.id}/bookings?perPage=100`)
    expect(usage.body.meta.total).toBe(booked.length)
  })

  test('usage: the bookings that used a voucher, for its team only', async () => {
    const w = await world({ price: 8000 })
    const c = w.coach.client
    const v = await c.post('/v1/vouchers', { code: 'FRIENDS', data: { discountType: 'fixed', discountValue: 15 } })
    const first = await book(w.client, w.schedule.id, { seats: 2, voucherCode: 'FRIENDS' })
    const second = await book(await actor(), w.schedule.id, { voucherCode: 'FRIENDS' })
    await book(await actor(), w.schedule.id)
    const r = await c.get(`/v1/vouchers/${v.body.data.id}/bookings?sort=-seats`)
    expect(r.status).toBe(200)
    expect(r.body.meta.total).toBe(2)
    expect(r.body.data.map((b: any) => b.id)).toEqual([first.body.data.id, second.body.data.id])
    expect(r.body.data[0]).toMatchObject({ seats: 2, total: 160, discount: 15, paid: 0, currency: 'usd', status: 'PENDING' })
    expect(r.body.data[0].client.email).toBe(w.client.user.email)
    expect((await c.get(`/v1/vouchers/${v.body.data.id}/bookings?filter[status]=CONFIRMED`)).body.meta.total).toBe(0)
    expect((await c.get(`/v1/vouchers/${v.body.data.id}/bookings?sort=password`)).status).toBe(422)

    // Another team's coach, a client and a stranger.
    const other = await world()
    expect((await other.coach.client.get(`/v1/vouchers/${v.body.data.id}/bookings`)).status).toBe(404)
    expect((await w.client.client.withTeam(w.tenant.slug).get(`/v1/vouchers/${v.body.data.id}/bookings`)).status).toBe(404)
    expect((await new Client().get(`/v1/vouchers/${v.body.data.id}/bookings`)).status).toBe(401)
    expect((await c.get('/v1/vouchers/not-an-id/bookings')).status).toBe(404)
  })
})
