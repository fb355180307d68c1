/** Saved cards: a Stripe customer per user (made on first need), add / list / default / delete, pay with one. */
import { describe, expect, test } from 'bun:test'
import { User } from '../../src/modules/users/user.entity'
import { actor, em } from '../client'
import { browserCard, localStripe, stripeAdmin } from '../peers/stripe'
import { book, world } from './bookings.fixtures'

describe('saved cards', () => {
  test('add, list, make default, delete; another user cannot touch them', async () => {
    const a = await actor()
    expect((await a.client.get('/v1/payments/payment-methods')).body.data).toEqual([])
    expect((await em().findOneOrFail(User, { id: a.user.id })).stripeCustomerId).toBeNull()

    const visa = await browserCard('4242424242424242')
    const r1 = await a.client.post('/v1/payments/payment-methods', { paymentMethodId: visa.id })
    expect(r1.status).toBe(201)
    expect(r1.body.data).toMatchObject({ id: visa.id, brand: 'visa', last4: '4242', isDefault: true })
    const customerId = (await em().findOneOrFail(User, { id: a.user.id })).stripeCustomerId!
    expect(customerId).toStartWith('cus_')
    expect(((await stripeAdmin().customers.retrieve(customerId)) as any).metadata.userId).toBe(a.user.id)

    const mc = await browserCard('5555555555554444')
    const r2 = await a.client.post('/v1/payments/payment-methods', { paymentMethodId: mc.id })
    expect(r2.body.data).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false })
    let list = (await a.client.get('/v1/payments/payment-methods')).body
    expect(list.data).toHaveLength(2)
    expect(list.meta.total).toBe(2)
    expect(list.data.find((c: any) => c.isDefault).id).toBe(visa.id)

    const d = await a.client.put('/v1/payments/payment-methods/default', { paymentMethodId: mc.id })
    expect(d.status).toBe(200)
    expect(d.body.data).toMatchObject({ id: mc.id, isDefault: true })
    list = (await a.client.get('/v1/payments/payment-methods')).body
    expect(list.data.find((c: any) => c.isDefault).id).toBe(mc.id)

    const stranger = await actor()
    expect((await stranger.client.delete(`/v1/payments/payment-methods/${visa.id}`)).status).toBe(404)
    expect((await stranger.client.put('/v1/payments/payment-methods/default', { paymentMethodId: visa.id })).status).toBe(404)

    expect((await a.client.delete(`/v1/payments/payment-methods/${visa.id}`)).status).toBe(204)
    list = (await a.client.get('/v1/payments/payment-methods')).body
    expect(list.data.map((c: any) => c.id)).toEqual([mc.id])
    expect((await a.client.delete(`/v1/payments/payment-methods/${visa.id}`)).status).toBe(404)
    // The customer was made once.
    expect(
      localStripe()
        .store.all('customer')
        .filter((c) => c.metadata.userId === a.user.id),
    ).toHaveLength(1)
  })

  test('validation: a missing or unknown payment method is a 422', async () => {
    const a = await actor()
    const r = await a.client.post('/v1/payments/payment-methods', {})
    expect(r.status).toBe(422)
    expect(r.body.errors.paymentMethodId).toBeDefined()
    const bad = await a.client.post('/v1/payments/payment-methods', { paymentMethodId: 'pm_nope' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.paymentMethodId).toBeDefined()
  })

  test('pay a booking with a saved card (confirmed on the server); a declined saved card is a 422', async () => {
    const w = await world({ price: 2200 })
    const good = await browserCard()
    await w.client.client.post('/v1/payments/payment-methods', { paymentMethodId: good.id })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { paymentMethodId: good.id })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'succeeded', bookingStatus: 'CONFIRMED', amount: 22 })

    const bad = await browserCard('4000000000009995')
    await w.client.client.post('/v1/payments/payment-methods', { paymentMethodId: bad.id })
    const b2 = (await book(w.client, w.schedule.id)).body.data
    const r2 = await w.client.client.post(`/v1/payments/bookings/${b2.id}/payment-intent`, { paymentMethodId: bad.id })
    expect(r2.status).toBe(422)
    expect(r2.body.errors.paymentMethodId).toEqual(['Your card has insufficient funds.'])
    expect((await w.client.client.get(`/v1/bookings/${b2.id}`)).body.data.status).toBe('PENDING')
    const pays = (await w.client.client.get(`/v1/bookings/${b2.id}/payments`)).body.data
    expect(pays[0]).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' })
  })

  test('a new card can be saved while paying (setup_future_usage)', async () => {
    const w = await world({ price: 1000 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const r = (await w.client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, { savePaymentMethod: true })).body.data
    const { payInBrowser } = await import('../peers/stripe')
    await payInBrowser(r.clientSecret, '5555555555554444')
    expect((await w.client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: r.paymentIntentId })).status).toBe(200)
    const cards = (await w.client.client.get('/v1/payments/payment-methods')).body.data
    expect(cards.map((c: any) => c.last4)).toEqual(['4444'])
  })
})

describe('the demo saved card', () => {
  test('every start of a demo gives the demo client one default Visa ending 4242, even after the provider forgot it', async () => {
    const { ensureDemoSavedCard } = await import('../../src/demo/saved-card')
    const a = await actor()
    await ensureDemoSavedCard(em() as any, a.user.email)
    await ensureDemoSavedCard(em() as any, a.user.email)
    let cards = (await a.client.get('/v1/payments/payment-methods')).body.data
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true })
    // The local provider keeps its state in memory: a restart loses the customer.
    const customerId = (await em().findOneOrFail(User, { id: a.user.id })).stripeCustomerId!
    await stripeAdmin().customers.del(customerId)
    expect((await a.client.get('/v1/payments/payment-methods')).body.data).toEqual([])
    await ensureDemoSavedCard(em() as any, a.user.email)
    cards = (await a.client.get('/v1/payments/payment-methods')).body.data
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({ last4: '4242', isDefault: true })
  })
})
