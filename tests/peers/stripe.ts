/**
 * The local Stripe-compatible server the app starts in tests (tools/stripe-local), and a
 * `stripe` SDK client pointed at it, for tests that act as the browser (Stripe.js) or as Stripe.
 */
import Stripe from 'stripe'
import { getLocalStripe } from '../../src/modules/payments/local.service'
import { paymentsSettings } from '../../src/modules/payments/stripe'
import type { StripeLocal } from '../../tools/stripe-local/server'
import { LOCAL_PUBLISHABLE_KEY } from '../../tools/stripe-local/server'
import { signPayload } from '../../tools/stripe-local/webhooks'

export function localStripe() {
  // The app sees the small interface it needs; tests use the whole development server.
  const local = getLocalStripe() as StripeLocal | null
  if (!local) throw new Error('The local Stripe server is not running (is STRIPE_SECRET_KEY set?)')
  return local
}

const sdk = (key: string) => new Stripe(key, { host: '127.0.0.1', port: localStripe().port, protocol: 'http', maxNetworkRetries: 0 })

/** What the server side sees (secret key). */
export const stripeAdmin = () => sdk(paymentsSettings().secretKey)
/** What the browser sees (publishable key): confirm with a client secret, create payment methods. */
export const stripeBrowser = () => sdk(LOCAL_PUBLISHABLE_KEY)

/** Confirms an intent as Stripe.js confirmCardPayment does, with a raw test card number. */
export async function payInBrowser(clientSecret: string, number = '4242424242424242') {
  const id = clientSecret.split('_secret_')[0]
  return stripeBrowser().paymentIntents.confirm(id, {
    client_secret: clientSecret,
    payment_method_data: { type: 'card', card: { number, exp_month: '12', exp_year: String(new Date().getFullYear() + 2), cvc: '123' } },
  } as any)
}

/** A card made in the browser (Stripe.js createPaymentMethod). */
export async function browserCard(number = '4242424242424242') {
  return stripeBrowser().paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' } } as any)
}

/** A Stripe-Signature header for a payload, as Stripe signs it (optionally at another time). */
export const signWebhook = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  signPayload(payload, opts.secret ?? paymentsSettings().webhookSecret, opts.timestamp)

/**
 * The 3-D Secure step of an intent in requires_action, as the Stripe.js stand-in's test modal
 * sends it (publishable key, client secret): `complete` pays, `fail` refuses the authentication.
 */
export async function authenticateInBrowser(clientSecret: string, outcome: 'complete' | 'fail' = 'complete') {
  const id = clientSecret.split('_secret_')[0]
  const res = await fetch(`${localStripe().url}/v1/payment_intents/${id}/local_3ds`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, outcome, key: LOCAL_PUBLISHABLE_KEY }).toString(),
  })
  const body = (await res.json()) as any
  if (!res.ok) throw new Error(`local_3ds: ${res.status} ${JSON.stringify(body)}`)
  return body as { id: string; status: string; last_payment_error: { code: string; message: string } | null }
}
