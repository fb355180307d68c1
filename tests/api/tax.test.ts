/**
 * Currencies and tax over HTTP: a team's currency and tax profile (PATCH /v1/t), the tax the
 * server computes for a booking (EUR team registered in Germany: online to a consumer in France,
 * to a French company with a VAT ID, in person in Berlin; prices including tax), invoices and
 * credit notes with the tax split, the team's documents and the tax report, with the local
 * Stripe server.
 */
import { describe, expect, test } from 'bun:test'
import { extractText, getDocumentProxy } from 'unpdf'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { type Actor, app, em } from '../client'
import { localStripe, payInBrowser } from '../peers/stripe'
import { book, world } from './bookings.fixtures'

const intentFor = (a: Actor, bookingId: string) => a.client.post(`/v1/payments/bookings/${bookingId}/payment-intent`, {})
const finalize = (a: Actor, bookingId: string, paymentIntentId: string) => a.client.post(`/v1/payments/bookings/${bookingId}/finalize`, { paymentIntentId })

async function document(a: Actor, bookingId: string, kind?: string) {
  const res = await fetch(`${app().url}/v1/payments/bookings/${bookingId}/invoice${kind ? `?document=${kind}` : ''}`, {
    headers: { authorization: `Bearer ${a.client.bearer}` },
  })
  expect(res.status).toBe(200)
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()))
  return (await extractText(pdf, { mergePages: true })).text as string
}

const PROFILE = { legalName: 'Berlin Coaching GmbH', address: 'Torstraße 1, 10119 Berlin', country: 'DE', taxId: 'DE136695976', registered: true }

/** An EUR team registered for VAT in Germany, its manager-coach signed in to it, one online schedule at 100.00. */
async function berlinTeam(profile: Record<string, unknown> = {}) {
  const w = await world({ price: 10000 })
  await em().nativeUpdate(Membership, { tenant: w.tenant.id, user: w.coach.user.id }, { roles: ['manager', 'coach'] })
  w.coach.client.withTeam(w.tenant.slug)
  const r = await w.coach.client.patch('/v1/t', { currency: 'eur', taxProfile: { ...PROFILE, ...profile } })
  expect(r.status).toBe(200)
  await em().execute(`update workshops set currency = 'eur' where id = ?`, [w.workshop.id])
  return w
}

async function paid(w: Awaited<ReturnType<typeof berlinTeam>>, extra: Record<string, unknown>) {
  const b = await book(w.client, w.schedule.id, extra)
  expect(b.status).toBe(201)
  const r = (await intentFor(w.client, b.body.data.id)).body.data
  await payInBrowser(r.clientSecret)
  expect((await finalize(w.client, b.body.data.id, r.paymentIntentId)).status).toBe(200)
  return b.body.data
}

describe('a team’s currency and tax profile', () => {
  test('set by a manager; a tax ID checked for its country; the currency fixed once a booking is paid', async () => {
    const w = await berlinTeam()
    const t = (await w.coach.client.get('/v1/t/settings')).body.data
    expect(t.currency).toBe('eur')
    expect(t.taxProfile).toMatchObject({ registered: true, country: 'DE', taxId: 'DE136695976', priceNote: '+ VAT' })
    const bad = await w.coach.client.patch('/v1/t', { taxProfile: { ...PROFILE, taxId: 'DE136695975' } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['taxProfile.taxId'])
    const missing = await w.coach.client.patch('/v1/t', { taxProfile: { ...PROFILE, legalName: '' } })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors)).toContain('taxProfile.legalName')
    expect((await w.coach.client.patch('/v1/t', { currency: 'xyz' })).status).toBe(422)
    await paid(w, { billing: { country: 'DE' } })
    const locked = await w.coach.client.patch('/v1/t', { currency: 'usd' })
    expect(locked.status).toBe(422)
    expect((await w.coach.client.get('/v1/t/settings')).body.data).toMatchObject({ currency: 'eur', currencyLocked: true })
  })
})

describe('the tax of a booking', () => {
  test('online to a consumer in France: French VAT on the net price; the invoice shows the split', async () => {
    const w = await berlinTeam()
    const b = await paid(w, { billing: { country: 'FR' } })
    expect(b.tax).toMatchObject({ kind: 'standard', rate: 20, country: 'FR', net: 100, tax: 20, gross: 120 })
    expect(b.currency).toBe('eur')
    const text = await document(w.client, b.id)
    for (const s of ['Berlin Coaching GmbH', 'DE136695976', '100.00 EUR', '20.00 EUR', '120.00 EUR', '20 %'])
      expect({ s, found: text.includes(s) }).toEqual({ s, found: true })
  })

  test('online to a French company with a valid VAT ID: reverse charge, the sentence on the invoice', async () => {
    const w = await berlinTeam()
    const billing = { company: 'Paris Conseil SARL', address: '1 rue de Rivoli, 75001 Paris', country: 'FR', vatId: 'FR40303265045' }
    const b = await paid(w, { billing })
    expect(b.tax).toMatchObject({ kind: 'reverse_charge', rate: 0, tax: 0, gross: 100 })
    expect(b.billing).toMatchObject({ company: 'Paris Conseil SARL', vatId: 'FR40303265045' })
    const text = (await document(w.client, b.id)).replace(/\s+/g, ' ')
    expect(text).toContain('Paris Conseil SARL')
    expect(text).toContain('FR40303265045')
    expect(text).toContain('Reverse charge')
    // An invalid VAT ID: 422 on billing.vatId, no booking made.
    const count = async () =>
      (await em().execute<{ n: number }[]>('select count(*)::int as n from bookings where workshop_schedule_id = ?', [w.schedule.id]))[0]!.n
    const before = await count()
    const bad = await book(w.client, w.schedule.id, { billing: { ...billing, vatId: 'FR40303265046' } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['billing.vatId'])
    expect(await count()).toBe(before)
  })

  test('in person in Berlin: German VAT whoever buys; prices including tax keep the gross', async () => {
    const w = await berlinTeam({ pricesIncludeTax: true })
    await em().execute(`update workshop_schedules set mode = 'IN-PERSON', country = 'DE', meeting_url = null where id = ?`, [w.schedule.id])
    const consumer = await paid(w, { billing: { country: 'FR' } })
    expect(consumer.tax).toMatchObject({ kind: 'standard', rate: 19, country: 'DE', net: 84.03, tax: 15.97, gross: 100 })
    expect(consumer.amountDue).toBe(100)
    const company = await paid(w, { billing: { company: 'Paris Conseil SARL', address: '1 rue de Rivoli', country: 'FR', vatId: 'FR40303265045' } })
    expect(company.tax).toMatchObject({ kind: 'standard', rate: 19, country: 'DE' })
  })
})

describe('credit notes, the team’s documents and the tax report', () => {
  test('a refund’s credit note carries the sale’s tax; the report’s totals equal the documents', async () => {
    const w = await berlinTeam()
    const fr = await paid(w, { billing: { country: 'FR' } })
    await paid(w, { billing: { company: 'Paris Conseil SARL', address: '1 rue de Rivoli', country: 'FR', vatId: 'FR40303265045' } })
    expect((await w.client.client.post(`/v1/bookings/${fr.id}/cancel`, { reason: 'Cannot attend' })).status).toBe(200)
    await localStripe().settle()
    const note = (await document(w.client, fr.id, 'credit-note')).replace(/\s+/g, ' ')
    expect(note).toContain('Credit note CN-')
    expect(note).toContain('-120.00 EUR')

    const docs = (await w.coach.client.get('/v1/t/invoices?perPage=50')).body
    expect(docs.data.map((d: any) => d.kind).sort()).toEqual(['credit_note', 'invoice', 'invoice'])
    const day = new Date().toISOString().slice(0, 10)
    const report = await w.coach.client.get(`/v1/t/tax-report?from=${day}&to=${day}`)
    expect(report.status).toBe(200)
    const rows = report.body.data.rows
    const row = (kind: string) => rows.find((r: any) => r.kind === kind)
    expect(row('standard')).toMatchObject({ country: 'FR', rate: 20, currency: 'eur', invoices: 1, creditNotes: 1, net: 0, tax: 0, gross: 0 })
    expect(row('reverse_charge')).toMatchObject({ country: 'FR', rate: 0, invoices: 1, creditNotes: 0, net: 100, tax: 0, gross: 100 })
    expect(report.body.data.totals).toEqual([{ currency: 'eur', net: 100, tax: 0, gross: 100 }])
    // The same rows as CSV; a client of the team cannot read it; a bad period is a 422.
    const csv = await fetch(`${app().url}/v1/t/tax-report?from=${day}&to=${day}&format=csv`, {
      headers: { authorization: `Bearer ${w.coach.client.bearer}`, 'x-team': w.tenant.slug },
    })
    expect(csv.headers.get('content-type')).toStartWith('text/csv')
    expect((await csv.text()).split('\n').filter(Boolean).length).toBeGreaterThan(2)
    expect((await w.coach.client.get(`/v1/t/tax-report?from=${day}&to=2020-01-01`)).status).toBe(422)
  })
})
