/**
 * Stripe.js for the checkout: GET /v1/public/payments/stripe-key says which publishable key
 * and which script to use (the app's local stand-in in development and tests, js.stripe.com
 * only when real keys are configured). The script is added first, so `loadStripe()` from
 * `@stripe/stripe-js/pure` finds `window.Stripe` and never fetches anything else.
 */

import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { get } from '../lib/api'

interface StripeKey {
  data: { key: string; publishableKey: string; stripeJsUrl: string; mode: string }
}

let loading: Promise<Stripe> | null = null

function addScript(src: string) {
  return new Promise<void>((resolve, reject) => {
    if ('Stripe' in window) return resolve()
    const existing = document.querySelector<HTMLScriptElement>(`script[data-stripe-js]`)
    const script = existing ?? document.createElement('script')
    script.addEventListener('load', () => resolve(), { once: true })
    script.addEventListener('error', () => reject(new Error('The payment form could not be loaded. Check your connection and try again.')), { once: true })
    if (!existing) {
      script.src = src
      script.async = true
      script.dataset.stripeJs = ''
      document.head.appendChild(script)
    }
  })
}

/** The Stripe instance of this page (loaded once; a failure can be retried). */
export function getStripe(): Promise<Stripe> {
  loading ??= (async () => {
    const { data } = await get<StripeKey>('/v1/public/payments/stripe-key')
    const key = data.publishableKey || data.key
    if (!key) throw new Error('Card payments are not available right now.')
    await addScript(data.stripeJsUrl)
    const stripe = await loadStripe(key)
    if (!stripe) throw new Error('The payment form could not be loaded.')
    return stripe
  })().catch((err) => {
    loading = null
    throw err
  })
  return loading
}
