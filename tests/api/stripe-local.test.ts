/**
 * The local Stripe-compatible server, driven by the official `stripe` SDK exactly as the
 * product drives Stripe: customers, payment methods, intents, refunds, errors, idempotency,
 * and signed webhooks that `stripe.webhooks.constructEvent` accepts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import Stripe from 'stripe'
import { parseForm } from '../../tools/stripe-local/form'
import { LOCAL_PUBLISHABLE_KEY, type StripeLocal, startStripeLocal } from '../../tools/stripe-local/server'

let local: StripeLocal
let stripe: Stripe
const received: { body: string; signature: string | null }[] = []
let hookServer: ReturnType<typeof Bun.serve>
const SECRET = 'whsec_test_local'

beforeAll(async () => {
  hookServer = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      received.push({ body: await req.text(), signature: req.headers.get('stripe-signature') })
      return new Response('ok')
    },
  })
  local = await startStripeLocal({ port: 0, webhookUrl: `http://127.0.0.1:${hookServer.port}/hook`, webhookSecret: SECRET, retryDelaysMs: [10] })
  stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: local.port, protocol: 'http', maxNetworkRetries: 0 })
}, 30_000)
afterAll(async () => {
  await local.stop()
  hookServer.stop(true)
}, 30_000)

describe('form parsing', () => {
  test('bracket notation builds nested objects and arrays', () => {
    const p = parseForm('amount=2000&metadata[bookingId]=b%201&expand[0]=latest_charge&expand[1]=customer&card[exp_month]=12&a[]=x&a[]=y&name=A+B')
    expect(p).toEqual({
      amount: '2000',
      metadata: { bookingId: 'b 1' },
      expand: ['latest_charge', 'customer'],
      card: { exp_month: '12' },
      a: ['x', 'y'],
      name: 'A B',
    })
  })
})

describe('local Stripe server through the stripe SDK', () => {
  test('customer with a card; default payment method; list, detach', async () => {
    const customer = await stripe.customers.create({ email: 'ann@example.com', name: 'Ann', metadata: { userId: 'u1' } })
    expect(customer.id).toStartWith('cus_')
    expect(customer.metadata.userId).toBe('u1')
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } } as any)
    expect(pm.card?.brand).toBe('visa')
    expect(pm.card?.last4).toBe('4242')
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id })
    const mc = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id })
    expect(mc.id).toStartWith('pm_')
    expect(mc.card?.brand).toBe('mastercard')
    const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: mc.id } })
    expect(updated.invoice_settings.default_payment_method).toBe(mc.id)
    const list = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' })
    expect(list.data.map((x) => x.id).sort()).toEqual([pm.id, mc.id].sort())
    const list2 = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })
    expect(list2.data).toHaveLength(2)
    await stripe.paymentMethods.detach(mc.id)
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer
    expect(after.invoice_settings.default_payment_method).toBeNull()
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((x) => x.id)).toEqual([pm.id])
    const expanded = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm.id },
      expand: ['invoice_settings.default_payment_method'],
    })
    expect((expanded.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242')
  })

  test('a default payment method must be attached to the customer', async () => {
    const customer = await stripe.customers.create({})
    const err = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: 'pm_nope' } }).catch((e) => e)
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(err.code).toBe('resource_missing')
    expect(err.statusCode).toBe(400)
  })

  test('an invalid card number is a card error', async () => {
    const err = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424241', exp_month: 12, exp_year: 2040 } } as any).catch((e) => e)
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(err.code).toBe('incorrect_number')
    expect(err.statusCode).toBe(402)
  })

  test('payment intent: create, confirm with 4242, charge with brand/last4, refund', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { bookingId: 'b1' }, allowed_payment_method_types: ['card'] })
    expect(pi.status).toBe('requires_payment_method')
    expect(pi.client_secret).toStartWith(`${pi.id}_secret_`)
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242 4242 4242 4242', exp_month: 1, exp_year: 2039, cvc: '314' } } as any)
    const confirmed = await stripe.paymentIntents.confirm(pi.id, { payment_method: pm.id })
    expect(confirmed.status).toBe('succeeded')
    expect(confirmed.amount_received).toBe(2500)
    const got = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] })
    const charge = got.latest_charge as Stripe.Charge
    expect(charge.id).toStartWith('ch_')
    expect(charge.payment_method_details?.card?.brand).toBe('visa')
    expect(charge.payment_method_details?.card?.last4).toBe('4242')
    expect(got.metadata.bookingId).toBe('b1')

    const refund = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 })
    expect(refund.status).toBe('succeeded')
    expect((await stripe.refunds.retrieve(refund.id)).amount).toBe(1000)
    const rest = await stripe.refunds.create({ payment_intent: pi.id })
    expect(rest.amount).toBe(1500)
    const ch = await stripe.charges.retrieve(charge.id)
    expect(ch.amount_refunded).toBe(2500)
    expect(ch.refunded).toBe(true)
    const again = await stripe.refunds.create({ payment_intent: pi.id }).catch((e) => e)
    expect(again.code).toBe('charge_already_refunded')
  })

  test('declined cards: generic decline and insufficient funds leave the intent requiring a payment method', async () => {
    for (const [number, decline] of [
      ['4000000000000002', 'generic_decline'],
      ['4000000000009995', 'insufficient_funds'],
    ]) {
      const pi = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' })
      const pm = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2040, cvc: '123' } } as any)
      const err = await stripe.paymentIntents.confirm(pi.id, { payment_method: pm.id }).catch((e) => e)
      expect(err).toBeInstanceOf(Stripe.errors.StripeCardError)
      expect(err.statusCode).toBe(402)
      expect(err.code).toBe('card_declined')
      expect(err.decline_code).toBe(decline)
      expect(err.payment_intent.id).toBe(pi.id)
      const after = await stripe.paymentIntents.retrieve(pi.id)
      expect(after.status).toBe('requires_payment_method')
      expect(after.last_payment_error?.decline_code).toBe(decline)
    }
    const err = await stripe.paymentIntents.create({ amount: 500, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true }).catch((e) => e)
    expect(err.code).toBe('card_declined')
  })

  test('3-D Secure cards: requires_action with a next action; the step completes or fails; off-session rules', async () => {
    const auth = (pi: Stripe.PaymentIntent, outcome: string) =>
      fetch(`${local.url}/v1/payment_intents/${pi.id}/local_3ds`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: pi.client_secret!, outcome, key: LOCAL_PUBLISHABLE_KEY }).toString(),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
    const customer = await stripe.customers.create({ email: 'three@ds.example' })
    for (const number of ['4000002500003155', '4000002760003184']) {
      const pm = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2040, cvc: '123' } } as any)
      await stripe.paymentMethods.attach(pm.id, { customer: customer.id })
      const pi = await stripe.paymentIntents.create({ amount: 1200, currency: 'usd', customer: customer.id })
      const asked = await stripe.paymentIntents.confirm(pi.id, { payment_method: pm.id })
      expect(asked.status).toBe('requires_action')
      expect(asked.next_action?.type).toBe('use_stripe_sdk')
      expect(await stripe.charges.list({ payment_intent: pi.id }).then((l) => l.data.length)).toBe(0)
      // The step needs the intent's client secret.
      expect((await auth({ ...asked, client_secret: `${pi.id}_secret_wrong` }, 'complete')).status).toBe(400)
      const done = await auth(asked, 'complete')
      expect(done.body.status).toBe('succeeded')
      expect((await auth(asked, 'complete')).body.error.code).toBe('payment_intent_unexpected_state')
      const charge = await stripe.charges.list({ payment_intent: pi.id })
      expect(charge.data[0].payment_method_details?.card?.last4).toBe(number.slice(-4))

      const refused = await stripe.paymentIntents.create({ amount: 1200, currency: 'usd', customer: customer.id, payment_method: pm.id, confirm: true })
      expect(refused.status).toBe('requires_action')
      const failed = await auth(refused, 'fail')
      expect(failed.body.status).toBe('requires_payment_method')
      expect(failed.body.last_payment_error.code).toBe('payment_intent_authentication_failure')
    }
    // Off-session: a card set up on a customer (3155) pays without a step; 3184 always asks, so it fails.
    const setUp = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000002500003155', exp_month: 12, exp_year: 2040 } } as any)
    await stripe.paymentMethods.attach(setUp.id, { customer: customer.id })
    const off = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'usd',
      customer: customer.id,
      payment_method: setUp.id,
      off_session: true,
      confirm: true,
    })
    expect(off.status).toBe('succeeded')
    const err = await stripe.paymentIntents
      .create({ amount: 900, currency: 'usd', customer: customer.id, payment_method: 'pm_card_authenticationRequired', off_session: true, confirm: true })
      .catch((e) => e)
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(err.code).toBe('authentication_required')
  })

  test('cancel; a succeeded intent cannot be cancelled or confirmed again', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 700, currency: 'eur' })
    expect((await stripe.paymentIntents.cancel(pi.id)).status).toBe('canceled')
    const paid = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', payment_method: 'pm_card_visa', confirm: true })
    expect(paid.status).toBe('succeeded')
    expect((await stripe.paymentIntents.cancel(paid.id).catch((e) => e)).code).toBe('payment_intent_unexpected_state')
    expect((await stripe.paymentIntents.confirm(paid.id).catch((e) => e)).code).toBe('payment_intent_unexpected_state')
  })

  test('unknown parameters are refused as Stripe refuses them', async () => {
    const err = await stripe.paymentIntents.create({ amount: 100, currency: 'usd', colour: 'red' } as any).catch((e) => e)
    expect(err.statusCode).toBe(400)
    expect(err.code).toBe('parameter_unknown')
    expect(err.param).toBe('colour')
  })

  test('webhook endpoints can be added through the API; events are listed', async () => {
    const ep = await stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/nowhere', enabled_events: ['charge.refunded'] })
    expect(ep.secret).toStartWith('whsec_')
    expect((await stripe.webhookEndpoints.list()).data.map((e) => e.id)).toContain(ep.id)
    await stripe.webhookEndpoints.del(ep.id)
    const events = await stripe.events.list({ type: 'payment_intent.created', limit: 3 })
    expect(events.data.length).toBeGreaterThan(0)
    expect(events.data.every((e) => e.type === 'payment_intent.created')).toBe(true)
  })

  test('unknown ids are 404 resource_missing; a bad key is 401', async () => {
    const err = await stripe.paymentIntents.retrieve('pi_missing').catch((e) => e)
    expect(err.statusCode).toBe(404)
    expect(err.code).toBe('resource_missing')
    const bad = new Stripe('nonsense', { host: '127.0.0.1', port: local.port, protocol: 'http' })
    expect((await bad.customers.create({}).catch((e) => e)).statusCode).toBe(401)
  })

  test('Idempotency-Key: the same key gives the same object; other params with the key are refused', async () => {
    const key = `test-${crypto.randomUUID()}`
    const a = await stripe.paymentIntents.create({ amount: 1234, currency: 'usd' }, { idempotencyKey: key })
    const b = await stripe.paymentIntents.create({ amount: 1234, currency: 'usd' }, { idempotencyKey: key })
    expect(b.id).toBe(a.id)
    const c = await stripe.paymentIntents.create({ amount: 999, currency: 'usd' }, { idempotencyKey: key }).catch((e) => e)
    expect(c).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    const pmKey = `confirm-${crypto.randomUUID()}`
    const r1 = await stripe.paymentIntents.confirm(a.id, { payment_method: 'pm_card_visa' }, { idempotencyKey: pmKey })
    const r2 = await stripe.paymentIntents.confirm(a.id, { payment_method: 'pm_card_visa' }, { idempotencyKey: pmKey })
    expect(r2.latest_charge).toBe(r1.latest_charge)
  })

  test('a publishable key may confirm only with the client secret (Stripe.js path)', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 4200, currency: 'usd' })
    const browser = new Stripe(LOCAL_PUBLISHABLE_KEY, { host: '127.0.0.1', port: local.port, protocol: 'http' })
    expect((await browser.customers.create({}).catch((e) => e)).statusCode).toBe(401)
    const wrong = await browser.paymentIntents.confirm(pi.id, { client_secret: 'nope', payment_method: 'pm_card_visa' } as any).catch((e) => e)
    expect(wrong.statusCode).toBe(400)
    const ok = await browser.paymentIntents.confirm(pi.id, {
      client_secret: pi.client_secret,
      payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: '12', exp_year: '2040', cvc: '123' } },
    } as any)
    expect(ok.status).toBe('succeeded')
  })

  test('webhooks are signed so stripe.webhooks.constructEvent verifies them', async () => {
    await local.settle()
    received.length = 0
    const pi = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'usd',
      metadata: { bookingId: 'hook' },
      payment_method: 'pm_card_visa',
      confirm: true,
    })
    await stripe.refunds.create({ payment_intent: pi.id })
    await local.settle()
    // Under Bun the SDK uses Web Crypto, which only has the async form.
    const events = await Promise.all(received.map((r) => stripe.webhooks.constructEventAsync(r.body, r.signature!, SECRET)))
    const types = events.map((e) => e.type)
    expect(types).toContain('payment_intent.succeeded')
    expect(types).toContain('charge.refunded')
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!
    expect((succeeded.data.object as Stripe.PaymentIntent).metadata.bookingId).toBe('hook')
    expect(stripe.webhooks.constructEventAsync(received[0].body, received[0].signature!, 'whsec_other')).rejects.toThrow()
    const fromApi = await stripe.events.retrieve(succeeded.id)
    expect(fromApi.type).toBe('payment_intent.succeeded')
  })

  test('Stripe.js stand-in is served as JavaScript', async () => {
    const res = await fetch(`${local.url}/js/stripe.js`)
    expect(res.headers.get('content-type')).toContain('javascript')
    const js = await res.text()
    expect(js).toContain('confirmCardPayment')
    expect(js).not.toContain(': string')
  })
})
