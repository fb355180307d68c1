/** Browser code for stripe-local-browser.test.ts: a minimal card checkout on @stripe/stripe-js, as an island would write it. */
import { loadStripe, type Stripe, type StripeCardElement } from '@stripe/stripe-js'

let stripe: Stripe | null = null
let card: StripeCardElement | null = null
const w = window as any

w.mountCheckout = async (pk: string) => {
  stripe = await loadStripe(pk)
  card = stripe!.elements().create('card')
  card.mount('#card')
  card.on('change', (e) => (w.lastChange = { complete: e.complete, brand: e.brand, error: e.error?.message ?? null }))
  return true
}

w.pay = async (clientSecret: string) => {
  const r = await stripe!.confirmCardPayment(clientSecret, { payment_method: { card: card! } })
  return r.error
    ? { error: r.error.code ?? r.error.type, decline: r.error.decline_code ?? null, message: r.error.message }
    : { status: r.paymentIntent.status, id: r.paymentIntent.id }
}

w.saveCard = async () => {
  const r = await stripe!.createPaymentMethod({ type: 'card', card: card! })
  return r.error ? { error: r.error.code ?? r.error.type } : { id: r.paymentMethod.id, last4: r.paymentMethod.card?.last4 }
}
