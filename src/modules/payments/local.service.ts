/**
 * The local Stripe-compatible server (tools/stripe-local) beside the app when no
 * STRIPE_SECRET_KEY is configured outside production, unless STRIPE_API_URL points at one
 * that already runs. Webhooks go to this app's /v1/payments/webhook, events of connected
 * accounts to its Connect endpoint /v1/payouts/webhook. The server is a
 * development tool: the composition root loads it (dynamic import) and hands its start
 * function in, so product code never imports it.
 */

import { config } from '../../config'
import { log } from '../../platform/log'
import { paymentsMode, paymentsSettings, useLocalStripe } from './stripe'

/** What payments uses of a running local server. */
export interface LocalStripeServer {
  url: string
  port: number
  webhooks: { endpoints: Array<{ url: string; connect?: boolean }> }
  stop(): Promise<void>
}

export interface LocalStripeOptions {
  port: number
  webhookUrl: string
  webhookSecret: string
  connectWebhookUrl: string
  connectWebhookSecret: string
  retryDelaysMs?: number[]
}

let local: LocalStripeServer | null = null

export const getLocalStripe = () => local

/** Whether this process should run the local server (no Stripe keys, not production, none running). */
export const wantsLocalStripe = () => paymentsMode() === 'local' && !config.STRIPE_API_URL && !local

/** Where the local server delivers events (tests point it at their app's random port): the platform endpoint, and Connect's beside it. */
export function setLocalWebhookUrl(url: string) {
  if (!local) return
  for (const endpoint of local.webhooks.endpoints) endpoint.url = endpoint.connect ? url.replace(/\/payments\/webhook$/, '/payouts/webhook') : url
}

/** Starts the local server with the given start function (tools/stripe-local's `startStripeLocal`). */
export async function startLocalStripe(start: (opts: LocalStripeOptions) => Promise<LocalStripeServer>) {
  if (!wantsLocalStripe()) return
  const options = {
    webhookUrl: `${config.APP_URL}/v1/payments/webhook`,
    webhookSecret: paymentsSettings().webhookSecret,
    connectWebhookUrl: `${config.APP_URL}/v1/payouts/webhook`,
    connectWebhookSecret: paymentsSettings().connectWebhookSecret,
    retryDelaysMs: config.NODE_ENV === 'test' ? [50, 200] : undefined,
  }
  try {
    local = await start({ ...options, port: config.STRIPE_LOCAL_PORT })
  } catch (err) {
    // Another instance holds the port (a second dev server): any free port will do.
    log.warn({ err: err instanceof Error ? err.message : err, port: config.STRIPE_LOCAL_PORT }, 'local Stripe port busy, using a free one')
    local = await start({ ...options, port: 0 })
  }
  useLocalStripe(local.url)
  if (config.NODE_ENV !== 'test') log.info({ url: local.url }, 'local Stripe-compatible server started (no STRIPE_SECRET_KEY configured)')
}

export async function stopLocalStripe() {
  await local?.stop()
  local = null
  useLocalStripe(null)
}
