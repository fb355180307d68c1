/**
 * Starts the local Stripe-compatible server (tools/stripe-local) beside the app when no
 * STRIPE_SECRET_KEY is configured outside production, unless STRIPE_API_URL points at one
 * that already runs. Webhooks go to this app's /v1/payments/webhook.
 */

import { type StripeLocal, startStripeLocal } from '../../../tools/stripe-local/server'
import { config } from '../../config'
import { log } from '../../platform/log'
import { registerService } from '../../services'
import { paymentsMode, paymentsSettings, useLocalStripe } from './stripe'

let local: StripeLocal | null = null

export const getLocalStripe = () => local

/** Where the local server delivers events (tests point it at their app's random port). */
export function setLocalWebhookUrl(url: string) {
  if (!local) return
  const endpoint = local.webhooks.endpoints[0]
  if (endpoint) endpoint.url = url
}

registerService({
  name: 'stripe-local',
  async start() {
    if (paymentsMode() !== 'local' || config.STRIPE_API_URL || local) return
    const options = {
      webhookUrl: `${config.APP_URL}/v1/payments/webhook`,
      webhookSecret: paymentsSettings().webhookSecret,
      retryDelaysMs: config.NODE_ENV === 'test' ? [50, 200] : undefined,
    }
    try {
      local = await startStripeLocal({ ...options, port: config.STRIPE_LOCAL_PORT })
    } catch (err) {
      // Another instance holds the port (a second dev server): any free port will do.
      log.warn({ err: err instanceof Error ? err.message : err, port: config.STRIPE_LOCAL_PORT }, 'local Stripe port busy, using a free one')
      local = await startStripeLocal({ ...options, port: 0 })
    }
    useLocalStripe(local.url)
    if (config.NODE_ENV !== 'test') log.info({ url: local.url }, 'local Stripe-compatible server started (no STRIPE_SECRET_KEY configured)')
  },
  async stop() {
    await local?.stop()
    local = null
    useLocalStripe(null)
  },
})
