/** Invoice numbers under concurrency, the payments and invoices lists, and intents of cancelled bookings. */
import { describe, expect, test } from 'bun:test'
import { sweepDocuments } from '../../src/modules/payments'
import { Tenant } from '../../src/modules/tenants/tenant.entity'
import { actor, em } from '../client'
import { localStripe, payInBrowser } from '../peers/stripe'
import { book, world } from './bookings.fixtures'

describe('invoices and payment lists', () => {
  test('invoice numbers of a tenant have no gaps when bookings are paid at the same time', async () => {
    const w = await world({ price: 1000, maxSeats: 20 })
    const n = 8
    const bookings = await Promise.all(Array.from({ length: n }, () => book(w.client, w.schedule.id).then((r) => r.body.data)))
    const intents = await Promise.all(bookings.map((b) => w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`).then((r) => r.body.data)))
    await Promise.all(intents.map((i) => payInBrowser(i.clientSecret)))
    const results = await Promise.all(
      bookings.map((b, k) => w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: intents[k].paymentIntentId })),
    )
    expect(results.map((r) => r.status)).toEqual(Array(n).fill(200))
    await localStripe().settle()
    const list = (await w.coach.client.get(`/v1/payments/invoices?filter[workshopScheduleId]=${w.schedule.id}&perPage=50&sort=number`)).body
    expect(list.meta.total).toBe(n)
    expect(list.data.map((i: any) => i.number)).toEqual(Array.from({ length: n }, (_, k) => `INV-${String(k + 1).padStart(6, '0')}`))
    expect(list.data[0]).toMatchObject({ kind: 'invoice', total: 10, currency: 'usd', seats: 1, workshopTitle: w.workshop.title })
    expect((await em().findOneOrFail(Tenant, { id: w.tenant.id })).invoiceCounter).toBe(n)
    // A stranger sees none of them.
    expect((await (await actor()).client.get('/v1/payments/invoices')).body.meta.total).toBe(0)
  }, 60_000)

  test('an invoice or credit note an after-commit step never issued (a crash, an outage) is issued by the sweep, numbered next, once', async () => {
    const w = await world({ price: 1500 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const i = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`)).body.data
    await payInBrowser(i.clientSecret)
    expect((await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: i.paymentIntentId })).status).toBe(200)
    await localStripe().settle()
    const docs = async () =>
      (await em().execute<any[]>('select kind, number from invoices where booking_id = ? order by kind', [b.id])).map((r) => [r.kind, Number(r.number)])
    expect(await docs()).toEqual([['invoice', 1]])
    // As if the process died between the payment's commit and its invoice.
    await em().execute('delete from invoices where booking_id = ?', [b.id])
    const later = new Date(Date.now() + 5 * 60_000)
    // Within the grace minute the after-commit step is left to do it.
    expect(await sweepDocuments(em(), new Date(), w.tenant.id)).toBe(0)
    expect(await docs()).toEqual([])
    expect(await sweepDocuments(em(), later, w.tenant.id)).toBe(1)
    expect(await docs()).toEqual([['invoice', 2]])
    expect(await sweepDocuments(em(), later, w.tenant.id)).toBe(0)

    expect((await w.client.client.post(`/v1/bookings/${b.id}/cancel`, { reason: 'Sick' })).status).toBe(200)
    await localStripe().settle()
    expect(await docs()).toEqual([
      ['credit_note', 3],
      ['invoice', 2],
    ])
    await em().execute(`delete from invoices where booking_id = ? and kind = 'credit_note'`, [b.id])
    expect(await sweepDocuments(em(), later, w.tenant.id)).toBe(1)
    expect(await sweepDocuments(em(), later, w.tenant.id)).toBe(0)
    expect(await docs()).toEqual([
      ['credit_note', 4],
      ['invoice', 2],
    ])
  })

  test("GET /payments lists the viewer's payments; filters by kind and booking", async () => {
    const w = await world({ price: 2000 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const i = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`)).body.data
    await payInBrowser(i.clientSecret)
    await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: i.paymentIntentId })
    await w.client.client.post(`/v1/bookings/${b.id}/cancel`, { reason: 'Sick' })
    await localStripe().settle()
    const all = (await w.client.client.get('/v1/payments')).body
    expect(all.meta.total).toBe(2)
    expect(all.data.map((p: any) => p.kind).sort()).toEqual(['payment', 'refund'])
    const refunds = (await w.client.client.get(`/v1/payments?filter[kind]=refund&filter[bookingId]=${b.id}`)).body
    expect(refunds.data).toHaveLength(1)
    expect(refunds.data[0]).toMatchObject({ kind: 'refund', status: 'succeeded', amount: 20 })
    expect((await w.coach.client.get('/v1/payments')).body.meta.total).toBe(2)
    expect((await (await actor()).client.get('/v1/payments')).body.meta.total).toBe(0)
    const invoices = (await w.client.client.get(`/v1/payments/invoices?filter[bookingId]=${b.id}`)).body.data
    expect(invoices.map((x: any) => x.kind).sort()).toEqual(['credit_note', 'invoice'])
  })

  test('cancelling an unpaid booking cancels its open intent', async () => {
    const w = await world({ price: 2000 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const i = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`)).body.data
    expect((await w.client.client.post(`/v1/bookings/${b.id}/cancel`, { reason: 'Changed my mind' })).status).toBe(200)
    expect(localStripe().store.objects.get(i.paymentIntentId)!.status).toBe('canceled')
    const pays = (await w.client.client.get(`/v1/bookings/${b.id}/payments`)).body.data
    expect(pays[0]).toMatchObject({ status: 'canceled' })
    const late = await payInBrowser(i.clientSecret).catch((e) => e)
    expect(late.code).toBe('payment_intent_unexpected_state')
  })
})

describe('checkout concurrency', () => {
  test('concurrent checkouts of one booking share one intent; saving the card can be switched on later', async () => {
    const w = await world({ price: 2000 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const rs = await Promise.all(Array.from({ length: 4 }, () => w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`)))
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect(new Set(rs.map((r) => r.body.data.paymentIntentId)).size).toBe(1)
    const id = rs[0].body.data.paymentIntentId
    expect(localStripe().store.objects.get(id)!.metadata.paymentId).toBe(rs[0].body.data.paymentId)
    const again = await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { savePaymentMethod: true })
    expect(again.body.data.paymentIntentId).toBe(id)
    expect(localStripe().store.objects.get(id)!.setup_future_usage).toBe('off_session')
    expect((await w.client.client.get(`/v1/bookings/${b.id}/payments`)).body.meta.total).toBe(1)
  })
})

describe('refunds made outside the app', () => {
  test('a partial refund made in the Stripe dashboard reaches the booking through the charge.refunded webhook', async () => {
    const { stripeAdmin } = await import('../peers/stripe')
    const w = await world({ price: 3000 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const i = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`)).body.data
    await payInBrowser(i.clientSecret)
    await localStripe().settle()
    await stripeAdmin().refunds.create({ payment_intent: i.paymentIntentId, amount: 500 })
    await localStripe().settle()
    const pays = (await w.client.client.get(`/v1/bookings/${b.id}/payments`)).body.data
    expect(pays.map((p: any) => [p.kind, p.status, p.amount, p.amountRefunded])).toEqual([
      ['payment', 'succeeded', 30, 5],
      ['refund', 'succeeded', 5, 0],
    ])
    expect((await w.client.client.get(`/v1/bookings/${b.id}`)).body.data.status).toBe('CONFIRMED')
  })
})
