/**
 * Paying bookings through the real `stripe` SDK against the local Stripe-compatible server:
 * intent -> confirm (as Stripe.js) -> finalize, declines, webhooks (duplicates, order,
 * signatures), vouchers, refunds on cancel, late payments, invoices.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { extractText, getDocumentProxy } from 'unpdf'
import { releaseExpiredHolds } from '../../src/modules/bookings/booking.service'
import { WebhookEvent } from '../../src/modules/payments/payment.entity'
import type { Tenant } from '../../src/modules/tenants/tenant.entity'
import { Voucher } from '../../src/modules/vouchers/voucher.entity'
import { clock } from '../../src/platform/clock'
import { type Actor, actor, em, uid } from '../client'
import { localStripe, payInBrowser, signWebhook } from '../peers/stripe'
import { book, world } from './bookings.fixtures'

afterEach(() => clock.reset())

const intentFor = (a: Actor, bookingId: string, body: Record<string, unknown> = {}) => a.client.post(`/v1/payments/bookings/${bookingId}/payment-intent`, body)
const finalize = (a: Actor, bookingId: string, paymentIntentId: string) => a.client.post(`/v1/payments/bookings/${bookingId}/finalize`, { paymentIntentId })
const bookingOf = async (a: Actor, id: string) => (await a.client.get(`/v1/bookings/${id}`)).body.data
const paymentsOf = async (a: Actor, id: string) => (await a.client.get(`/v1/bookings/${id}/payments`)).body

async function postWebhook(payload: string, signature: string) {
  const { app } = await import('../client')
  return fetch(`${app().url}/v1/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
}

async function voucher(t: Tenant, data: Record<string, unknown>) {
  const m = em()
  const code = `V${uid()}`.toUpperCase()
  m.create(Voucher, { tenant: t.id, code, data, uses: 0 } as any)
  await m.flush()
  return code
}

async function pdfText(res: Response) {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()))
  const { text } = await extractText(pdf, { mergePages: true })
  return text as string
}

async function invoice(a: Actor, bookingId: string, document?: string) {
  const { app } = await import('../client')
  return fetch(`${app().url}/v1/payments/bookings/${bookingId}/invoice${document ? `?document=${document}` : ''}`, {
    headers: { authorization: `Bearer ${a.client.bearer}` },
  })
}

describe('payments: keys and the Stripe.js stand-in', () => {
  test('the publishable key is public; Stripe.js is served by the app in local mode', async () => {
    const { client } = await actor()
    client.bearer = undefined
    const r = await client.get('/v1/public/payments/stripe-key')
    expect(r.status).toBe(200)
    expect(r.body.data.publishableKey).toStartWith('pk_test_')
    expect(r.body.data.mode).toBe('local')
    const js = await client.get(r.body.data.stripeJsUrl)
    expect(js.status).toBe(200)
    expect(js.body).toContain('confirmCardPayment')
  })

  test('the browser pays through the same-origin proxy with the publishable key and client secret', async () => {
    const w = await world({ price: 1200 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = (await intentFor(w.client, b.id)).body.data
    const { app } = await import('../client')
    const base = `${app().url}/v1/public/payments/local/v1/payment_intents/${r.paymentIntentId}`
    const form = (o: Record<string, string>) => new URLSearchParams(o).toString()
    // As the Stripe.js stand-in sends it: the publishable key as the `key` param.
    const headers = { 'content-type': 'application/x-www-form-urlencoded' }
    const card = {
      key: r.publishableKey,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2040',
      'payment_method_data[card][cvc]': '123',
    }
    const wrong = await fetch(`${base}/confirm`, { method: 'POST', headers, body: form({ client_secret: 'nope', ...card }) })
    expect(wrong.status).toBe(400)
    const ok = await fetch(`${base}/confirm`, { method: 'POST', headers, body: form({ client_secret: r.clientSecret, ...card }) })
    expect(ok.status).toBe(200)
    expect((await ok.json()).status).toBe('succeeded')
    const got = await fetch(`${base}?key=${r.publishableKey}&client_secret=${encodeURIComponent(r.clientSecret)}`)
    expect((await got.json()).status).toBe('succeeded')
    expect((await finalize(w.client, b.id, r.paymentIntentId)).status).toBe(200)
  })
})

describe('payments: paying a booking', () => {
  test('end to end: intent (amount from the server) -> card 4242 -> finalize -> CONFIRMED', async () => {
    const w = await world({ price: 5000 })
    const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
    expect(b.status).toBe('PENDING')
    // The amount cannot come from the client.
    expect((await intentFor(w.client, b.id, { amount: 1 })).status).toBe(422)
    // Only the booker pays.
    expect((await intentFor(w.coach, b.id)).status).toBe(404)
    const r = await intentFor(w.client, b.id)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ amount: 100, currency: 'usd', status: 'requires_payment_method' })
    expect(r.body.data.clientSecret).toStartWith(r.body.data.paymentIntentId)
    // A reload of the checkout reuses the open intent.
    expect((await intentFor(w.client, b.id)).body.data.paymentIntentId).toBe(r.body.data.paymentIntentId)

    const paid = await payInBrowser(r.body.data.clientSecret)
    expect(paid.status).toBe('succeeded')
    const f = await finalize(w.client, b.id, r.body.data.paymentIntentId)
    expect(f.status).toBe(200)
    expect(f.body.data.bookingStatus).toBe('CONFIRMED')
    expect(await finalize(w.client, b.id, r.body.data.paymentIntentId).then((x) => x.status)).toBe(200)

    const shown = await bookingOf(w.client, b.id)
    expect(shown).toMatchObject({ status: 'CONFIRMED', amountPaid: 100, paymentMethod: 'card:visa', paymentTransactionId: r.body.data.paymentIntentId })
    const list = await paymentsOf(w.client, b.id)
    expect(list.meta.total).toBe(1)
    expect(list.data[0]).toMatchObject({
      kind: 'payment',
      status: 'succeeded',
      amount: 100,
      cardBrand: 'visa',
      cardLast4: '4242',
      paymentIntentId: r.body.data.paymentIntentId,
    })
    expect(list.data[0].chargeId).toStartWith('ch_')
    // The coach sees the payments of their schedule's bookings; a stranger does not.
    expect((await paymentsOf(w.coach, b.id)).meta.total).toBe(1)
    expect((await (await actor()).client.get(`/v1/bookings/${b.id}/payments`)).status).toBe(404)
    // Paid: no second intent.
    expect((await intentFor(w.client, b.id)).status).toBe(409)
  })

  test('the public payment-intent call answers in data, for the booker', async () => {
    const w = await world({ price: 1500 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = await w.client.client.post('/v1/public/payments/payment-intent', { bookingId: b.id })
    expect(r.status).toBe(200)
    expect(r.body.data.amount).toBe(15)
    expect(r.body.data.clientSecret).toBeString()
    const anon = await fetch(`${(await import('../client')).app().url}/v1/public/payments/payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId: b.id }),
    })
    expect(anon.status).toBe(401)
  })

  test('a declined card leaves the booking PENDING with a failed payment; a good card then pays', async () => {
    const w = await world({ price: 3000 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = (await intentFor(w.client, b.id)).body.data
    const err = await payInBrowser(r.clientSecret, '4000000000000002').catch((e) => e)
    expect(err.code).toBe('card_declined')
    const f = await finalize(w.client, b.id, r.paymentIntentId)
    expect(f.status).toBe(409)
    expect(f.body.message).toContain('Your card was declined.')
    await localStripe().settle()
    expect((await bookingOf(w.client, b.id)).status).toBe('PENDING')
    let list = await paymentsOf(w.client, b.id)
    expect(list.data).toHaveLength(1)
    expect(list.data[0]).toMatchObject({ status: 'failed', failureCode: 'generic_decline', failureMessage: 'Your card was declined.', cardLast4: '0002' })

    const err2 = await payInBrowser(r.clientSecret, '4000000000009995').catch((e) => e)
    expect(err2.decline_code).toBe('insufficient_funds')
    await payInBrowser(r.clientSecret, '4242424242424242')
    expect((await finalize(w.client, b.id, r.paymentIntentId)).status).toBe(200)
    list = await paymentsOf(w.client, b.id)
    expect(list.data.map((p: any) => p.status)).toEqual(['failed', 'failed', 'succeeded'])
    expect(list.data[1].failureCode).toBe('insufficient_funds')
    expect((await bookingOf(w.client, b.id)).status).toBe('CONFIRMED')
  })

  test("finalize with another booking's intent is refused", async () => {
    const w = await world({ price: 2000 })
    const b1 = (await book(w.client, w.schedule.id)).body.data
    const b2 = (await book(w.client, w.schedule.id)).body.data
    const r1 = (await intentFor(w.client, b1.id)).body.data
    await payInBrowser(r1.clientSecret)
    const f = await finalize(w.client, b2.id, r1.paymentIntentId)
    expect(f.status).toBe(422)
    expect(f.body.errors.paymentIntentId).toEqual(['This payment does not belong to this booking.'])
    expect((await bookingOf(w.client, b2.id)).status).toBe('PENDING')
    expect((await finalize(w.client, b2.id, 'pi_doesnotexist')).status).toBe(422)
  })

  test('vouchers: the discount is in the intent amount; a free voucher needs no payment', async () => {
    const w = await world({ price: 5000 })
    const pct = await voucher(w.tenant, { discountType: 'percentage', discountValue: 20 })
    const b = (await book(w.client, w.schedule.id, { seats: 2, voucherCode: pct })).body.data
    expect((await intentFor(w.client, b.id)).body.data.amount).toBe(80)
    const fixed = await voucher(w.tenant, { discountType: 'fixed', discountValue: 1234 })
    const b2 = (await book(w.client, w.schedule.id, { seats: 1, voucherCode: fixed })).body.data
    expect((await intentFor(w.client, b2.id)).body.data.amount).toBe(37.66)
    const free = await voucher(w.tenant, { discountType: 'free', discountValue: 0 })
    const b3 = (await book(w.client, w.schedule.id, { seats: 1, voucherCode: free })).body.data
    expect(b3.status).toBe('CONFIRMED')
    expect((await intentFor(w.client, b3.id)).status).toBe(409)
    expect((await invoice(w.client, b3.id)).status).toBe(404)
  })
})

describe('payments: webhooks', () => {
  test('a payment confirms through the webhook alone; the same event twice changes nothing', async () => {
    const w = await world({ price: 2500 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = (await intentFor(w.client, b.id)).body.data
    await payInBrowser(r.clientSecret)
    await localStripe().settle()
    expect((await bookingOf(w.client, b.id)).status).toBe('CONFIRMED')
    const event = localStripe().store.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === r.paymentIntentId)!
    const payload = JSON.stringify(event)
    const before = await paymentsOf(w.client, b.id)
    const again = await postWebhook(payload, signWebhook(payload))
    expect(again.status).toBe(200)
    expect((await again.json()).duplicate).toBe(true)
    expect(await em().count(WebhookEvent, { eventId: event.id })).toBe(1)
    const after = await paymentsOf(w.client, b.id)
    expect(after).toEqual(before)
  })

  test('events out of order end in the right state', async () => {
    const w = await world({ price: 2500 })
    const local = localStripe()
    const saved = local.webhooks.endpoints
    local.webhooks.endpoints = [] // hold deliveries back, to replay them in reverse
    try {
      const b = (await book(w.client, w.schedule.id)).body.data
      const r = (await intentFor(w.client, b.id)).body.data
      await payInBrowser(r.clientSecret, '4000000000000002').catch(() => {})
      await payInBrowser(r.clientSecret)
      const events = local.store.events.filter((e) => e.data.object.id === r.paymentIntentId && e.type.startsWith('payment_intent.'))
      expect(events.map((e) => e.type)).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.succeeded'])
      for (const e of [...events].reverse()) {
        const payload = JSON.stringify(e)
        expect((await postWebhook(payload, signWebhook(payload))).status).toBe(200)
      }
      expect((await bookingOf(w.client, b.id)).status).toBe('CONFIRMED')
      expect((await paymentsOf(w.client, b.id)).data.map((p: any) => p.status)).toEqual(['failed', 'succeeded'])
    } finally {
      local.webhooks.endpoints = saved
    }
  })

  test('a bad signature or a timestamp more than 5 minutes in the past or the future is rejected and records nothing', async () => {
    const event = {
      id: `evt_${uid()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_x', object: 'payment_intent' } },
      created: Math.floor(Date.now() / 1000),
    }
    const payload = JSON.stringify(event)
    expect((await postWebhook(payload, signWebhook(payload, { secret: 'whsec_wrong' }))).status).toBe(400)
    const now = Math.floor(Date.now() / 1000)
    for (const skew of [-301, -3600, 301, 3600, 86_400 * 365]) {
      const r = await postWebhook(payload, signWebhook(payload, { timestamp: now + skew }))
      expect({ skew, status: r.status }).toEqual({ skew, status: 400 })
      if (skew > 0) expect((await r.json()).message).toBe('Invalid webhook signature: the timestamp is more than 5 minutes from now.')
    }
    expect((await postWebhook(payload, '')).status).toBe(400)
    expect((await postWebhook(payload, `v1=${'0'.repeat(64)}`)).status).toBe(400)
    // A body changed after signing fails too (the signature covers the raw bytes).
    expect((await postWebhook(payload.replace('pi_x', 'pi_y'), signWebhook(payload))).status).toBe(400)
    expect(await em().count(WebhookEvent, { eventId: event.id })).toBe(0)
    // Within the tolerance either way it is taken (a clock a little ahead of Stripe's is normal).
    for (const skew of [-240, 240]) {
      const ok = { ...event, id: `evt_${uid()}`, type: 'probe.ignored' }
      const body = JSON.stringify(ok)
      expect((await postWebhook(body, signWebhook(body, { timestamp: now + skew }))).status).toBe(200)
    }
  })
})

describe('payments: refunds and late payments', () => {
  test('cancelling a paid booking refunds it in full; the refund shows on its payments; a credit note exists', async () => {
    const w = await world({ price: 4000 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = (await intentFor(w.client, b.id)).body.data
    await payInBrowser(r.clientSecret)
    expect((await finalize(w.client, b.id, r.paymentIntentId)).status).toBe(200)
    const c = await w.client.client.post(`/v1/bookings/${b.id}/cancel`, { reason: 'Cannot attend' })
    expect(c.status).toBe(200)
    await localStripe().settle()
    const list = (await paymentsOf(w.client, b.id)).data
    expect(list.map((p: any) => [p.kind, p.status, p.amount])).toEqual([
      ['payment', 'refunded', 40],
      ['refund', 'succeeded', 40],
    ])
    expect(list[1].refundId).toStartWith('re_')
    const charge = localStripe().store.objects.get(list[0].chargeId)!
    expect(charge.amount_refunded).toBe(4000)
    const note = await invoice(w.client, b.id, 'credit-note')
    expect(note.status).toBe(200)
    const text = await pdfText(note)
    expect(text).toContain('Credit note CN-')
    expect(text).toContain('Refunded')
    expect(text).toContain('40.00 USD')
  })

  test('a payment that succeeds after the hold expired and the seats were taken is refunded automatically', async () => {
    const w = await world({ price: 1000, maxSeats: 1 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = (await intentFor(w.client, b.id)).body.data
    clock.shift(16 * 60_000)
    await releaseExpiredHolds(em())
    const other = await actor()
    expect((await book(other, w.schedule.id)).status).toBe(201)
    await payInBrowser(r.clientSecret)
    const f = await finalize(w.client, b.id, r.paymentIntentId)
    expect(f.status).toBe(409)
    expect(f.body.message).toContain('refunded')
    await localStripe().settle()
    expect((await bookingOf(w.client, b.id)).status).toBe('CANCELLED')
    const list = (await paymentsOf(w.client, b.id)).data
    expect(list.map((p: any) => [p.kind, p.status])).toEqual([
      ['payment', 'refunded'],
      ['refund', 'succeeded'],
    ])
  })

  test('a late payment whose seats are still free confirms the booking', async () => {
    const w = await world({ price: 1000, maxSeats: 3 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = (await intentFor(w.client, b.id)).body.data
    clock.shift(16 * 60_000)
    await releaseExpiredHolds(em())
    await payInBrowser(r.clientSecret)
    expect((await finalize(w.client, b.id, r.paymentIntentId)).status).toBe(200)
    expect((await bookingOf(w.client, b.id)).status).toBe('CONFIRMED')
  })
})

describe('payments: invoices', () => {
  test('the invoice PDF carries the totals; numbers are sequential per tenant', async () => {
    const w = await world({ price: 5000 })
    const code = await voucher(w.tenant, { discountType: 'percentage', discountValue: 10 })
    const numbers: number[] = []
    for (let i = 0; i < 2; i++) {
      const b = (await book(w.client, w.schedule.id, { seats: 3, voucherCode: code })).body.data
      const r = (await intentFor(w.client, b.id)).body.data
      await payInBrowser(r.clientSecret)
      await finalize(w.client, b.id, r.paymentIntentId)
      const res = await invoice(w.client, b.id)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      const text = await pdfText(res)
      expect(text).toContain(w.tenant.name)
      expect(text).toContain(w.workshop.title)
      expect(text).toContain('Seats')
      expect(text).toContain('50.00 USD') // unit price
      expect(text).toContain('150.00 USD') // subtotal
      expect(text).toContain('-15.00 USD') // voucher discount
      expect(text).toContain('135.00 USD') // total
      expect(text).toContain('visa ending 4242')
      numbers.push(Number(/INV-(\d+)/.exec(text)![1]))
      // The coach can read it too; the same number every time.
      expect(await pdfText(await invoice(w.coach, b.id))).toContain(`INV-${String(numbers[i]).padStart(6, '0')}`)
    }
    expect(numbers[1]).toBe(numbers[0] + 1)
    const unpaid = (await book(w.client, w.schedule.id)).body.data
    expect((await invoice(w.client, unpaid.id)).status).toBe(404)
  })
})
