/**
 * One-click checkout with saved cards, through the official SDK and the local Stripe server:
 * a saved card pays at once (confirmed on the server); a card that asks for 3-D Secure leaves
 * the intent in requires_action, the browser's step (the Stripe.js stand-in's test modal)
 * completes or refuses it, and finalize confirms the booking only when it was completed. A
 * card saved while paying (savePaymentMethod) is listed, made the default when it is the
 * first, kept once when saved twice; an expired or another user's card cannot pay.
 */
import { describe, expect, test } from 'bun:test'
import { actor } from '../client'
import { authenticateInBrowser, browserCard, payInBrowser, stripeAdmin } from '../peers/stripe'
import { book, world } from './bookings.fixtures'

const THREE_DS_ON_SESSION = '4000002500003155'
const THREE_DS_ALWAYS = '4000002760003184'

async function saveCard(w: Awaited<ReturnType<typeof world>>, number: string) {
  const pm = await browserCard(number)
  const r = await w.client.client.post('/v1/payments/payment-methods', { paymentMethodId: pm.id })
  expect(r.status).toBe(201)
  return pm.id
}

const status = async (w: Awaited<ReturnType<typeof world>>, bookingId: string) => (await w.client.client.get(`/v1/bookings/${bookingId}`)).body.data.status

describe('paying with a saved card', () => {
  test('a card without 3-D Secure pays in one call: succeeded and CONFIRMED, the payment row names the card', async () => {
    const w = await world({ price: 4500 })
    const card = await saveCard(w, '4242424242424242')
    const cards = (await w.client.client.get('/v1/payments/payment-methods')).body.data
    expect(cards).toEqual([{ id: card, brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getFullYear() + 2, isDefault: true, expired: false }])
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { paymentMethodId: card })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'succeeded', bookingStatus: 'CONFIRMED', amount: 45 })
    const pays = (await w.client.client.get(`/v1/bookings/${b.id}/payments`)).body.data
    expect(pays).toHaveLength(1)
    expect(pays[0]).toMatchObject({ kind: 'payment', status: 'succeeded', amount: 45, cardBrand: 'visa', cardLast4: '4242' })
  })

  test('a saved card that asks for 3-D Secure (4000 0025 0000 3155): requires_action, completed in the browser, then finalize confirms', async () => {
    const w = await world({ price: 3000 })
    const card = await saveCard(w, THREE_DS_ON_SESSION)
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { paymentMethodId: card })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'requires_action', bookingStatus: 'PENDING' })
    expect(r.body.data.clientSecret).toStartWith(`${r.body.data.paymentIntentId}_secret_`)
    const intent = await stripeAdmin().paymentIntents.retrieve(r.body.data.paymentIntentId)
    expect(intent.next_action?.type).toBe('use_stripe_sdk')
    expect(intent.payment_method).toBe(card)
    // Not paid before the step: finalize refuses and the booking waits.
    const early = await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: r.body.data.paymentIntentId })
    expect(early.status).toBe(409)
    expect(await status(w, b.id)).toBe('PENDING')

    expect((await authenticateInBrowser(r.body.data.clientSecret, 'complete')).status).toBe('succeeded')
    const f = await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: r.body.data.paymentIntentId })
    expect(f.status).toBe(200)
    expect(f.body.data).toMatchObject({ status: 'succeeded', bookingStatus: 'CONFIRMED' })
    expect(f.body.data.payment).toMatchObject({ status: 'succeeded', cardLast4: '3155', amount: 30 })
    expect(await status(w, b.id)).toBe('CONFIRMED')
  })

  test('a refused authentication (4000 0027 6000 3184) leaves the booking unpaid; the same card tries again and pays', async () => {
    const w = await world({ price: 2000 })
    const card = await saveCard(w, THREE_DS_ALWAYS)
    const b = (await book(w.client, w.schedule.id)).body.data
    const first = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { paymentMethodId: card })).body.data
    expect(first.status).toBe('requires_action')
    const refused = await authenticateInBrowser(first.clientSecret, 'fail')
    expect(refused.status).toBe('requires_payment_method')
    expect(refused.last_payment_error?.code).toBe('payment_intent_authentication_failure')
    const f = await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: first.paymentIntentId })
    expect(f.status).toBe(409)
    expect(f.body.message).toContain('We are unable to authenticate your payment method')
    expect(await status(w, b.id)).toBe('PENDING')

    // Again: the open intent is reused and asks once more.
    const again = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { paymentMethodId: card })).body.data
    expect(again).toMatchObject({ status: 'requires_action', paymentIntentId: first.paymentIntentId })
    await authenticateInBrowser(again.clientSecret, 'complete')
    expect((await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: again.paymentIntentId })).status).toBe(200)
    expect(await status(w, b.id)).toBe('CONFIRMED')
    const pays = (await w.client.client.get(`/v1/bookings/${b.id}/payments`)).body.data
    expect(pays.filter((p: any) => p.status === 'succeeded')).toHaveLength(1)
  })

  test('a new 3-D Secure card saved while paying: requires_action then succeeded; it is listed, default, and pays the next booking', async () => {
    const w = await world({ price: 1500 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const i = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { savePaymentMethod: true })).body.data
    expect(i.status).toBe('requires_payment_method')
    // As Stripe.js confirmCardPayment with the typed card: the intent asks for the step.
    const confirmed = await payInBrowser(i.clientSecret, THREE_DS_ON_SESSION)
    expect(confirmed.status).toBe('requires_action')
    await authenticateInBrowser(i.clientSecret, 'complete')
    expect((await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: i.paymentIntentId })).status).toBe(200)
    const cards = (await w.client.client.get('/v1/payments/payment-methods')).body.data
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({ last4: '3155', isDefault: true, expired: false })

    // The returning client: the saved card, one call, one 3-D Secure step.
    const b2 = (await book(w.client, w.schedule.id)).body.data
    const r2 = (await w.client.client.post(`/v1/payments/bookings/${b2.id}/payment-intent`, { paymentMethodId: cards[0].id })).body.data
    expect(r2.status).toBe('requires_action')
    await authenticateInBrowser(r2.clientSecret)
    expect((await w.client.client.post(`/v1/payments/bookings/${b2.id}/finalize`, { paymentIntentId: r2.paymentIntentId })).body.data.bookingStatus).toBe(
      'CONFIRMED',
    )
  })

  test('a card saved twice while paying is kept once', async () => {
    const w = await world({ price: 1000 })
    for (let n = 0; n < 2; n++) {
      const b = (await book(w.client, w.schedule.id)).body.data
      const i = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { savePaymentMethod: true })).body.data
      await payInBrowser(i.clientSecret, '5555555555554444')
      expect((await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: i.paymentIntentId })).status).toBe(200)
    }
    const cards = (await w.client.client.get('/v1/payments/payment-methods')).body.data
    expect(cards.map((c: any) => [c.last4, c.isDefault])).toEqual([['4444', true]])
  })

  test('without the box ticked nothing is saved', async () => {
    const w = await world({ price: 1000 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const i = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, {})).body.data
    await payInBrowser(i.clientSecret)
    expect((await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: i.paymentIntentId })).status).toBe(200)
    expect((await w.client.client.get('/v1/payments/payment-methods')).body.data).toEqual([])
  })

  test("an expired saved card is listed as expired and cannot pay; another user's card cannot pay (422, nothing charged)", async () => {
    const w = await world({ price: 1000 })
    const card = await saveCard(w, '4242424242424242')
    const lastYear = new Date().getUTCFullYear() - 1
    await stripeAdmin().paymentMethods.update(card, { card: { exp_month: 12, exp_year: lastYear } } as any)
    const cards = (await w.client.client.get('/v1/payments/payment-methods')).body.data
    expect(cards[0]).toMatchObject({ id: card, expired: true, expYear: lastYear })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { paymentMethodId: card })
    expect(r.status).toBe(422)
    expect(r.body.errors.paymentMethodId).toEqual(['This card has expired. Choose another card or use a new one.'])
    const d = await w.client.client.put('/v1/payments/payment-methods/default', { paymentMethodId: card })
    expect(d.status).toBe(422)

    const other = await actor()
    const theirs = await browserCard()
    await other.client.post('/v1/payments/payment-methods', { paymentMethodId: theirs.id })
    const r2 = await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { paymentMethodId: theirs.id })
    expect(r2.status).toBe(422)
    expect(r2.body.errors.paymentMethodId).toEqual(['Choose one of your saved cards.'])
    expect(await status(w, b.id)).toBe('PENDING')
    expect((await w.client.client.get(`/v1/bookings/${b.id}/payments`)).body.data.filter((p: any) => p.status === 'succeeded')).toEqual([])
  })
})
