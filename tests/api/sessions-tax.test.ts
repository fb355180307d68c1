/**
 * One-to-one sessions in the team's currency and under its tax profile, as seats are: the
 * session types' prices follow a change of the team's currency (JPY: whole amounts), an online
 * session is taxed where the buyer is (a French consumer: 20 %; a French company with a VAT ID:
 * reverse charge), one in person where the team is (19 % in Germany), and the invoice of a paid
 * session carries the split, with the local Stripe server.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { extractText, getDocumentProxy } from 'unpdf'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { type Actor, app, em } from '../client'
import { payInBrowser } from '../peers/stripe'
import { bookSession, DAY, EVERY_DAY_9_TO_17, makeType, sessionWorld, setHours, slots } from './sessions.fixtures'

setDefaultTimeout(90_000)

const PROFILE = { legalName: 'Berlin Coaching GmbH', address: 'Torstraße 1, 10119 Berlin', country: 'DE', taxId: 'DE136695976', registered: true }
const COMPANY = { company: 'Paris Conseil SARL', address: '1 rue de Rivoli, 75001 Paris', country: 'FR', vatId: 'FR40303265045' }

/** A team whose coach is also its manager, with every day's hours in Berlin. */
async function team() {
  const w = await sessionWorld()
  await em().nativeUpdate(Membership, { tenant: w.tenant.id, user: w.coach.user.id }, { roles: ['manager', 'coach'] })
  w.coach.client.withTeam(w.tenant.slug)
  await setHours(w.coach, { timeZone: 'Europe/Berlin', weekly: EVERY_DAY_9_TO_17 })
  return w
}

const firstTime = async (typeId: string, days: number) => (await slots(typeId, { from: new Date(Date.now() + days * DAY).toISOString() }))[0]!.start

async function pay(who: Actor, bookingId: string) {
  const i = await who.client.post(`/v1/payments/bookings/${bookingId}/payment-intent`, {})
  expect(i.status).toBe(200)
  await payInBrowser(i.body.data.clientSecret)
  const f = await who.client.post(`/v1/payments/bookings/${bookingId}/finalize`, { paymentIntentId: i.body.data.paymentIntentId })
  expect(f.body.data.bookingStatus).toBe('CONFIRMED')
}

describe('sessions in the team’s currency', () => {
  test('a change of currency moves the session types’ prices; yen prices are whole amounts', async () => {
    const w = await team()
    const type = await makeType(w.coach, { title: 'Deep dive', price: 80.5, location: 'https://meet.example/coach' })
    expect((await w.coach.client.patch('/v1/t', { currency: 'jpy' })).status).toBe(200)
    const moved = (await w.coach.client.get(`/v1/session-types/${type.id}`)).body.data
    // 80.50 USD -> 81 JPY: the amount typed, rounded half up to the yen.
    expect(moved).toMatchObject({ price: 81, currency: 'jpy' })
    const bad = await w.coach.client.patch(`/v1/session-types/${type.id}`, { price: 1500.5 })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.price).toEqual(['Prices in JPY are whole amounts'])
    const made = await w.coach.client.post('/v1/session-types', {
      title: 'Yen call',
      durationMinutes: 30,
      price: 1500,
      minimumNoticeMinutes: 0,
      location: 'https://meet.example/y',
    })
    expect(made.status).toBe(201)
    expect(made.body.data).toMatchObject({ price: 1500, currency: 'jpy' })
    const booked = await bookSession(w.client, made.body.data.id, await firstTime(made.body.data.id, 3))
    expect(booked.status).toBe(201)
    expect(booked.body.data).toMatchObject({ currency: 'jpy', amountDue: 1500 })
    // A held booking fixes the currency, sessions like seats.
    expect((await w.coach.client.patch('/v1/t', { currency: 'eur' })).status).toBe(422)
  })
})

describe('the tax of a session', () => {
  test('the public session types say "+ VAT" or "incl. VAT" beside the price as the team’s tax profile does; nothing for a team without tax', async () => {
    const w = await team()
    await makeType(w.coach, { title: 'Strategy hour', price: 100, mode: 'ONLINE', location: 'https://meet.example/coach' })
    const notes = async () => {
      const r = await fetch(`${app().url}/v1/public/coaches/${w.coach.user.username}/session-types`)
      expect(r.status).toBe(200)
      return ((await r.json()) as { data: { priceNote: string | null }[] }).data.map((t) => t.priceNote)
    }
    expect(await notes()).toEqual([null])
    expect((await w.coach.client.patch('/v1/t', { currency: 'eur', taxProfile: PROFILE })).status).toBe(200)
    expect(await notes()).toEqual(['+ VAT'])
    expect((await w.coach.client.patch('/v1/t', { taxProfile: { ...PROFILE, pricesIncludeTax: true } })).status).toBe(200)
    expect(await notes()).toEqual(['incl. VAT'])
  })

  test('online: the buyer’s country (20 % in France, reverse charge for a French company); in person: Germany’s 19 %; the invoice shows the split', async () => {
    const w = await team()
    expect((await w.coach.client.patch('/v1/t', { currency: 'eur', taxProfile: PROFILE })).status).toBe(200)
    const online = await makeType(w.coach, { title: 'Online coaching', price: 100, mode: 'ONLINE', location: 'https://meet.example/coach' })
    const inPerson = await makeType(w.coach, { title: 'Walk and talk', price: 100, mode: 'IN_PERSON', location: 'Tiergarten, Berlin' })

    const consumer = await bookSession(w.client, online.id, await firstTime(online.id, 3), { billing: { country: 'FR' } })
    expect(consumer.status).toBe(201)
    expect(consumer.body.data).toMatchObject({ currency: 'eur', amountDue: 120 })
    expect(consumer.body.data.tax).toMatchObject({ kind: 'standard', rate: 20, country: 'FR', net: 100, tax: 20, gross: 120 })

    const company = await bookSession(w.client, online.id, await firstTime(online.id, 4), { billing: COMPANY })
    expect(company.body.data.tax).toMatchObject({ kind: 'reverse_charge', rate: 0, tax: 0, gross: 100 })
    expect(company.body.data.billing).toMatchObject({ company: 'Paris Conseil SARL', vatId: 'FR40303265045' })

    const met = await bookSession(w.client, inPerson.id, await firstTime(inPerson.id, 5), { billing: { country: 'FR' } })
    expect(met.body.data.tax).toMatchObject({ kind: 'standard', rate: 19, country: 'DE', net: 100, tax: 19, gross: 119 })

    const invalid = await bookSession(w.client, online.id, await firstTime(online.id, 6), { billing: { ...COMPANY, vatId: 'FR40303265046' } })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.body.errors)).toEqual(['billing.vatId'])

    await pay(w.client, consumer.body.data.id)
    const res = await fetch(`${app().url}/v1/payments/bookings/${consumer.body.data.id}/invoice`, {
      headers: { authorization: `Bearer ${w.client.client.bearer}` },
    })
    expect(res.status).toBe(200)
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()))
    const text = ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, ' ')
    for (const s of ['Berlin Coaching GmbH', 'DE136695976', 'Online coaching', '100.00 EUR', '20.00 EUR', '120.00 EUR', '20 %'])
      expect({ s, found: text.includes(s) }).toEqual({ s, found: true })
  })
})
