import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { clock } from '../../src/platform/clock'
import { actor, Client, superAdmin, tenant } from '../client'
import { book, makeSchedule, world } from './bookings.fixtures'

// Many real requests per test: generous on a busy machine (applies to this file).
setDefaultTimeout(60_000)

afterEach(() => clock.reset())

describe('vouchers: CRUD', () => {
  test('a coach manages vouchers of the tenant; codes are upper-cased and unique per tenant', async () => {
    const w = await world()
    const c = w.coach.client
    const r = await c.post('/v1/vouchers', { code: 'spring-10', data: { discountType: 'percentage', discountValue: 10, maxDiscount: 25, maxUses: 5 } })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({
      code: 'SPRING-10',
      uses: 0,
      usesLeft: 5,
      status: 'active',
      modelType: null,
      data: { discountType: 'percentage', discountValue: 10, maxDiscount: 25, maxUses: 5 },
    })
    const dup = await c.post('/v1/vouchers', { code: 'Spring-10', data: { discountType: 'free' } })
    expect(dup.status).toBe(422)
    expect(dup.body.errors.code).toEqual(['The voucher code has already been taken.'])
    // Another tenant may use the same code.
    const other = await world()
    expect((await other.coach.client.post('/v1/vouchers', { code: 'SPRING-10', data: { discountType: 'free' } })).status).toBe(201)

    const list = await c.get('/v1/vouchers')
    expect(list.status).toBe(200)
    expect(list.body.data.map((v: any) => v.code)).toEqual(['SPRING-10'])
    const upd = await c.patch(`/v1/vouchers/${r.body.data.id}`, { data: { discountType: 'fixed', discountValue: 12.5 } })
    expect(upd.status).toBe(200)
    expect(upd.body.data.data).toMatchObject({ discountType: 'fixed', discountValue: 12.5, maxDiscount: 25, maxUses: 5 })
    expect((await c.get(`/v1/vouchers/${r.body.data.id}`)).body.data.code).toBe('SPRING-10')
    // Tenant isolation: the other tenant's coach gets 404.
    expect((await other.coach.client.get(`/v1/vouchers/${r.body.data.id}`)).status).toBe(404)
    expect((await other.coach.client.patch(`/v1/vouchers/${r.body.data.id}`, { code: 'HACK' })).status).toBe(404)
    // No restore: delete is final.
    expect((await c.delete(`/v1/vouchers/${r.body.data.id}`)).status).toBe(204)
    expect((await c.get(`/v1/vouchers/${r.body.data.id}`)).status).toBe(404)
    expect((await c.post(`/v1/vouchers/${r.body.data.id}/restore`)).status).toBe(404)
  })

  test('section 5 messages', async () => {
    const w = await world()
    const c = w.coach.client
    let r = await c.post('/v1/vouchers', { code: 'X'.repeat(33), data: { discountType: 'percentage', discountValue: -1, maxDiscount: -5, maxUses: 0 } })
    expect(r.status).toBe(422)
    expect(r.body.errors.code).toEqual(['Voucher code cannot exceed 32 characters'])
    expect(r.body.errors['data.discountValue']).toEqual(['Discount value must be at least 0'])
    expect(r.body.errors['data.maxDiscount']).toEqual(['Maximum discount must be at least 0'])
    expect(r.body.errors['data.maxUses']).toEqual(['Maximum uses must be a whole number of at least 1'])
    r = await c.post('/v1/vouchers', { code: 'OK1', data: { discountType: 'percentage', discountValue: 120 } })
    expect(r.body.errors['data.discountValue']).toEqual(['Percentage discount must be between 0 and 100'])
    r = await c.post('/v1/vouchers', { code: 'OK2', data: { discountType: 'fixed', discountValue: 5, maxUses: 1.5 } })
    expect(r.body.errors['data.maxUses']).toEqual(['Maximum uses must be a whole number of at least 1'])
    r = await c.post('/v1/vouchers', { code: 'OK3', data: { discountType: 'bogus' } })
    expect(r.body.errors['data.discountType']).toEqual(['Please select a valid discount type'])
    r = await c.post('/v1/vouchers', { data: { discountType: 'free' } })
    expect(r.body.errors.code).toEqual(['Voucher code is required'])
    r = await c.post('/v1/vouchers', { code: 'OK4', modelType: 'workshop', data: { discountType: 'free' } })
    expect(r.body.errors.modelId).toBeDefined()
    r = await c.post('/v1/vouchers', { code: 'OK5', modelType: 'workshop', modelId: crypto.randomUUID(), data: { discountType: 'free' } })
    expect(r.body.errors.modelId).toEqual(['The selected workshop or schedule was not found.'])
    // Switching an existing voucher to percentage re-checks the range.
    const fixed = await c.post('/v1/vouchers', { code: 'FIX50', data: { discountType: 'fixed', discountValue: 150 } })
    r = await c.patch(`/v1/vouchers/${fixed.body.data.id}`, { data: { discountType: 'percentage' } })
    expect(r.status).toBe(422)
    expect(r.body.errors.discountValue).toEqual(['Percentage discount must be between 0 and 100'])
  })

  test('roles: clients 403, guests 401, super-admin any tenant', async () => {
    const t = await tenant()
    const member = await actor({ tenant: t })
    expect((await member.client.get('/v1/vouchers')).status).toBe(403)
    expect((await member.client.post('/v1/vouchers', { code: 'A', data: { discountType: 'free' } })).status).toBe(403)
    expect((await new Client().withTeam(t.slug).get('/v1/vouchers')).status).toBe(401)
    const { client: admin } = await superAdmin()
    admin.team = t.slug
    expect((await admin.post('/v1/vouchers', { code: 'ADMIN', data: { discountType: 'free' } })).status).toBe(201)
  })

  test('targets: the team’s workshops with their next sessions, searched by title, a voucher’s own target kept; bounded and tenant-scoped', async () => {
    const w = await world()
    const c = w.coach.client
    const second = await makeSchedule({ tenant: w.tenant, coach: w.coach })
    const all = await c.get('/v1/vouchers/targets')
    expect(all.status).toBe(200)
    expect(all.body.data.map((t: any) => t.id).sort()).toEqual([w.workshop.id, second.workshop.id].sort())
    const mine = all.body.data.find((t: any) => t.id === w.workshop.id)
    expect(mine).toMatchObject({ title: w.workshop.title, schedules: [{ id: w.schedule.id, timezone: expect.any(String) }] })
    // The title search (any case; % and _ are plain characters).
    const found = await c.get(`/v1/vouchers/targets?q=${encodeURIComponent(second.workshop.title.slice(-6).toUpperCase())}`)
    expect(found.body.data.map((t: any) => t.id)).toEqual([second.workshop.id])
    expect((await c.get('/v1/vouchers/targets?q=%25')).body.data).toEqual([])
    // A voucher's own target stays listed whatever the search.
    const kept = await c.get(`/v1/vouchers/targets?q=nothing-like-it&modelType=workshop_schedule&modelId=${w.schedule.id}`)
    expect(kept.body.data.map((t: any) => [t.id, t.schedules.map((s: any) => s.id)])).toEqual([[w.workshop.id, [w.schedule.id]]])
    // Bad input is a 422; another team's workshops never show; a member without the role is 403, an outsider 404.
    expect((await c.get(`/v1/vouchers/targets?modelId=not-an-id`)).status).toBe(422)
    expect((await c.get(`/v1/vouchers/targets?q=${'x'.repeat(101)}`)).status).toBe(422)
    expect((await c.get('/v1/vouchers/targets?include=workshops')).status).toBe(422)
    const other = await world()
    const theirs = await c.get(`/v1/vouchers/targets?q=nothing-like-it&modelType=workshop&modelId=${other.workshop.id}`)
    expect(theirs.body.data).toEqual([])
    expect((await (await actor({ tenant: w.tenant })).client.get('/v1/vouchers/targets')).status).toBe(403)
    expect((await w.client.client.withTeam(w.tenant.slug).get('/v1/vouchers/targets')).status).toBe(404)
  })
})

describe('vouchers: verify, redeem and booking', () => {
  test('verify says what a voucher gives on which workshop, or why not', async () => {
    const w = await world({ price: 8000 })
    const other = await makeSchedule({ tenant: w.tenant, coach: w.coach })
    const c = w.coach.client
    await c.post('/v1/vouchers', { code: 'PCT', data: { discountType: 'percentage', discountValue: 25, maxDiscount: 30 } })
    await c.post('/v1/vouchers', { code: 'ONLYTHIS', modelType: 'workshop', modelId: w.workshop.id, data: { discountType: 'fixed', discountValue: 10 } })
    await c.post('/v1/vouchers', { code: 'OLD', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), data: { discountType: 'free' } })
    const gone = await c.post('/v1/vouchers', { code: 'GONE', data: { discountType: 'free', maxUses: 1 } })
    await w.coach.client.post(`/v1/vouchers/${gone.body.data.id}/redeem`)

    const q = (code: string, scheduleId = w.schedule.id, seats = 2) =>
      w.client.client.get(`/v1/vouchers/verify/${code}?workshopScheduleId=${scheduleId}&seats=${seats}`)
    let r = await q('pct')
    expect(r.status).toBe(200)
    // 25% of 160.00 = 40, capped by maxDiscount 30.
    expect(r.body.data).toMatchObject({ valid: true, reason: null, code: 'PCT', amount: { seats: 2, total: 160, discount: 30, due: 130, currency: 'usd' } })
    expect(r.body.data.workshop.title).toBe(w.workshop.title)
    r = await q('ONLYTHIS')
    expect(r.body.data).toMatchObject({ valid: true, amount: { discount: 10, due: 150 } })
    r = await q('ONLYTHIS', other.schedule.id)
    expect(r.body.data).toMatchObject({ valid: false, reason: 'wrong_workshop', message: 'This voucher does not apply to this workshop.' })
    r = await q('GONE')
    expect(r.body.data).toMatchObject({ valid: false, reason: 'used_up', message: 'This voucher has been fully used.' })
    clock.shift(2 * 3_600_000)
    r = await q('OLD')
    expect(r.body.data).toMatchObject({ valid: false, reason: 'expired', message: 'This voucher has expired.' })
    expect((await q('NOPE')).status).toBe(404)
    expect((await q('X'.repeat(33))).status).toBe(422)
  })

  test('booking with a voucher sets the amount due; a free one confirms at once; a bad one is 422', async () => {
    const w = await world({ price: 5000 })
    const c = w.coach.client
    await c.post('/v1/vouchers', { code: 'TENOFF', data: { discountType: 'fixed', discountValue: 10 } })
    await c.post('/v1/vouchers', { code: 'ONTHEHOUSE', data: { discountType: 'free' } })
    await c.post('/v1/vouchers', { code: 'LATE', expiresAt: new Date(Date.now() - 1000).toISOString(), data: { discountType: 'free' } })
    let r = await book(w.client, w.schedule.id, { seats: 2, voucherCode: 'tenoff' })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ status: 'PENDING', amountTotal: 100, discount: 10, amountDue: 90, voucherCode: 'TENOFF' })
    r = await book(await actor(), w.schedule.id, { voucherCode: 'ONTHEHOUSE' })
    expect(r.body.data).toMatchObject({ status: 'CONFIRMED', amountDue: 0, holdExpiresAt: null })
    r = await book(await actor(), w.schedule.id, { voucherCode: 'LATE' })
    expect(r.status).toBe(422)
    expect(r.body.errors.voucherCode).toEqual(['This voucher has expired.'])
    r = await book(await actor(), w.schedule.id, { voucherCode: 'UNKNOWN' })
    expect(r.body.errors.voucherCode).toEqual(['This voucher code is not valid.'])
    // A price of 0 also confirms without payment.
    const free = await makeSchedule({ tenant: w.tenant, coach: w.coach, price: 0 })
    r = await book(await actor(), free.schedule.id)
    expect(r.body.data).toMatchObject({ status: 'CONFIRMED', amountDue: 0 })
  })

  test('redeem (managers of the tenant) counts uses, refuses expired ones; a released unpaid booking gives its use back', async () => {
    const w = await world()
    const v = await w.coach.client.post('/v1/vouchers', { code: 'TWICE', data: { discountType: 'percentage', discountValue: 50, maxUses: 2 } })
    const id = v.body.data.id
    let r = await w.coach.client.post(`/v1/vouchers/${id}/redeem`)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ uses: 1, usesLeft: 1 })
    const b = await book(await actor(), w.schedule.id, { voucherCode: 'TWICE' })
    expect(b.status).toBe(201)
    r = await w.coach.client.post(`/v1/vouchers/${id}/redeem`)
    expect(r.status).toBe(409)
    const cancel = await w.coach.client.post(`/v1/bookings/${b.body.data.id}/cancel`, { reason: 'Duplicate booking' })
    expect(cancel.status).toBe(200)
    r = await w.coach.client.post(`/v1/vouchers/${id}/redeem`)
    expect(r.status).toBe(200)
    expect((await w.coach.client.post(`/v1/vouchers/${crypto.randomUUID()}/redeem`)).status).toBe(404)
    const exp = await w.coach.client.post('/v1/vouchers', {
      code: 'SOON',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      data: { discountType: 'free' },
    })
    clock.shift(120_000)
    r = await w.coach.client.post(`/v1/vouchers/${exp.body.data.id}/redeem`)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This voucher has expired.')
  })
})
