/**
 * The Stripe client of the product, and where it points:
 *  - STRIPE_SECRET_KEY set: Stripe itself (or STRIPE_API_URL when given), with the configured keys;
 *  - no key, outside production: the local Stripe-compatible server of tools/stripe-local
 *    (started by boot in development and tests, or an already running one at STRIPE_API_URL);
 *  - no key in production: card payments are off (503).
 * Either way the official SDK does the talking; only host/port/protocol change.
 */
import Stripe from 'stripe'
import { config } from '../../config'
import { HttpError } from '../../platform/http/errors'

export type StripeMode = 'stripe' | 'local' | 'disabled'

export interface PaymentsSettings {
  mode: StripeMode
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /** The Connect endpoint's signing secret (events of coaches' connected accounts). */
  connectWebhookSecret: string
  apiUrl: string | null
  /** Where the browser loads Stripe.js (the local stand-in is proxied by the app, same origin). */
  stripeJsUrl: string
}

export const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js'
/** The app forwards this path to the local server, so the browser needs no second origin. */
export const LOCAL_PROXY_PATH = '/v1/public/payments/local'

/** Test-mode keys the app uses against the local server (it accepts any sk_test_/pk_test_ key). */
export const LOCAL_SECRET_KEY = 'sk_test_local_summit'
export const LOCAL_PUBLISHABLE_KEY = 'pk_test_local_summit'
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_summit_webhook_secret'
export const LOCAL_CONNECT_WEBHOOK_SECRET = 'whsec_local_summit_connect_secret'

let localUrl: string | null = null
let client: Stripe | null = null

export const paymentsMode = (): StripeMode => (config.STRIPE_SECRET_KEY ? 'stripe' : config.production ? 'disabled' : 'local')

/** Called by the stripe-local service once its server listens. */
export function useLocalStripe(url: string | null) {
  localUrl = url
  client = null
}

export function paymentsSettings(): PaymentsSettings {
  const mode = paymentsMode()
  if (mode === 'stripe') {
    return {
      mode,
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET ?? '',
      apiUrl: config.STRIPE_API_URL ?? null,
      stripeJsUrl: config.STRIPE_API_URL ? `${config.STRIPE_API_URL.replace(/\/$/, '')}/js/stripe.js` : STRIPE_JS_URL,
    }
  }
  return {
    mode,
    secretKey: LOCAL_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? LOCAL_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET,
    connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET ?? LOCAL_CONNECT_WEBHOOK_SECRET,
    apiUrl: localUrl ?? config.STRIPE_API_URL ?? null,
    stripeJsUrl: `${LOCAL_PROXY_PATH}/js/stripe.js`,
  }
}

/** The SDK client; 503 when card payments are not configured. */
export function stripe(): Stripe {
  if (client) return client
  const s = paymentsSettings()
  if (s.mode === 'disabled' || (s.mode === 'local' && !s.apiUrl)) {
    throw new HttpError(503, 'Card payments are not available right now. Please try again later.')
  }
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: config.SITE_NAME }, telemetry: false }
  if (s.apiUrl) {
    const u = new URL(s.apiUrl)
    Object.assign(options, { host: u.hostname, port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)), protocol: u.protocol.replace(':', '') })
  }
  client = new Stripe(s.secretKey, options)
  return client
}

/** The base URL of the local server (for the browser proxy); null when talking to Stripe. */
export const localStripeUrl = () => (paymentsMode() === 'local' ? paymentsSettings().apiUrl : null)
