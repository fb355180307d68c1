/**
 * `POST /v1/bookings/quote`: the checkout's summary before booking. The price, the voucher and
 * the tax the server decides for this buyer (an EUR team registered in Germany: a French
 * consumer pays French VAT, a French company with a valid VAT ID is reverse charge), the same
 * as the booking then made; nothing is held; the booking's 422s.
 */
import { describe, expect, test } from 'bun:test'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { app, em } from '../client'
import { book, world } from './bookings.fixtures'

const PROFILE = { legalName: 'Berlin Coaching GmbH', address: 'Torstraße 1, 10119 Berlin', country: 'DE', taxId: 'DE136695976', registered: true }
const COMPANY = { company: 'Paris Conseil SARL', address: '1 rue de Rivoli, 75001 Paris', country: 'FR', vatId: 'FR40303265045' }

async function berlinTeam() {
  const w = await world({ price: 10000 })
  await em().nativeUpdate(Membership, { tenant: w.tenant.id, user: w.coach.user.id }, { roles: ['manager', 'coach'] })
  w.coach.client.withTeam(w.tenant.slug)
  expect((await w.coach.client.patch('/v1/t', { currency: 'eur', taxProfile: PROFILE })).status).toBe(200)
  await em().execute(`update workshops set currency = 'eur' where id = ?`, [w.workshop.id])
  return w
}

const seatsTaken = async (scheduleId: string) =>
  (await em().execute<{ n: number }[]>('select seats_taken::int as n from workshop_schedules where id = ?', [scheduleId]))[0]!.n

describe('the price of seats before booking', () => {
  test('a consumer in France: French VAT on top; a French company with a VAT ID: reverse charge; the booking charges the same', async () => {
    const w = await berlinTeam()
    const consumer = await w.client.client.post('/v1/bookings/quote', { workshopScheduleId: w.schedule.id, seats: 2, billing: { country: 'FR' } })
    expect(consumer.status).toBe(200)
    expect(consumer.body.data).toMatchObject({ currency: 'eur', seats: 2, amountTotal: 200, discount: 0, amountDue: 240 })
    expect(consumer.body.data.tax).toMatchObject({ kind: 'standard', rate: 20, country: 'FR', net: 200, tax: 40, gross: 240, note: null })

    const company = await w.client.client.post('/v1/bookings/quote', { workshopScheduleId: w.schedule.id, seats: 1, billing: COMPANY })
    expect(company.status).toBe(200)
    expect(company.body.data.tax).toMatchObject({ kind: 'reverse_charge', rate: 0, tax: 0, gross: 100 })
    expect(company.body.data.tax.note).toContain('Reverse charge')
    // Nothing is held by a quote.
    expect(await seatsTaken(w.schedule.id)).toBe(0)

    const booked = await book(w.client, w.schedule.id, { seats: 1, billing: COMPANY })
    expect(booked.status).toBe(201)
    expect(booked.body.data.tax).toEqual(company.body.data.tax)
    expect(booked.body.data.amountDue).toBe(company.body.data.amountDue)
  })

  test('an unregistered team charges no tax; the booking’s 422s; a visitor is refused; an unknown schedule is the booking’s 422', async () => {
    const w = await world({ price: 4900 })
    const plain = await w.client.client.post('/v1/bookings/quote', { workshopScheduleId: w.schedule.id, seats: 1 })
    expect(plain.status).toBe(200)
    expect(plain.body.data).toMatchObject({ amountTotal: 49, amountDue: 49 })
    expect(plain.body.data.tax).toMatchObject({ kind: 'none', rate: 0, tax: 0 })

    const badVat = await w.client.client.post('/v1/bookings/quote', {
      workshopScheduleId: w.schedule.id,
      seats: 1,
      billing: { ...COMPANY, vatId: 'FR40303265046' },
    })
    expect(badVat.status).toBe(422)
    expect(Object.keys(badVat.body.errors)).toEqual(['billing.vatId'])
    const noCompany = await w.client.client.post('/v1/bookings/quote', { workshopScheduleId: w.schedule.id, seats: 1, billing: { ...COMPANY, company: '' } })
    expect(noCompany.status).toBe(422)
    expect(Object.keys(noCompany.body.errors)).toEqual(['billing.company'])
    const seats = await w.client.client.post('/v1/bookings/quote', { workshopScheduleId: w.schedule.id, seats: 0 })
    expect(seats.status).toBe(422)
    expect(Object.keys(seats.body.errors)).toEqual(['seats'])
    const voucher = await w.client.client.post('/v1/bookings/quote', { workshopScheduleId: w.schedule.id, seats: 1, voucherCode: 'NOSUCHCODE' })
    expect(voucher.status).toBe(422)
    expect(Object.keys(voucher.body.errors)).toEqual(['voucherCode'])
    const notObject = await w.client.client.post('/v1/bookings/quote', [1, 2])
    expect(notObject.status).toBe(422)

    const missing = await w.client.client.post('/v1/bookings/quote', { workshopScheduleId: '0190c0de-0000-7000-8000-00000000dead', seats: 1 })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors)).toEqual(['workshopScheduleId'])
    const anonymous = await fetch(`${app().url}/v1/bookings/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ workshopScheduleId: w.schedule.id, seats: 1 }),
    })
    expect(anonymous.status).toBe(401)
  })
})
