/**
 * Stripe webhooks: the signature is checked on the raw body, its timestamp within 300 s of now
 * (past or future); each event id
 * is stored once (unique), and a redelivery of a processed event changes nothing. Handlers
 * re-fetch the PaymentIntent / charge from Stripe, so the order of events does not matter.
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import type Stripe from 'stripe'
import { HttpError } from '../../platform/http/errors'
import { log } from '../../platform/log'
import { WebhookEvent } from './payment.entity'
import { syncIntent, syncRefunds } from './payment.service'
import { paymentsSettings, stripe } from './stripe'

export const WEBHOOK_TOLERANCE_SECONDS = 300

/**
/**
 * The signature's timestamp (`t=` of the Stripe-Signature header) must be within the tolerance
 * of now, either way: Stripe's SDK only refuses old timestamps, so a payload signed for the
 * future (a leaked secret, a clock far off) would otherwise be accepted for as long as it says.
 */
export function checkSignatureTime(signature: string, nowMs = Date.now()) {
  const t = /(?:^|,)\s*t=(\d{1,12})\s*(?:,|$)/.exec(signature)?.[1]
  if (!t) throw new HttpError(400, 'Invalid webhook signature: no timestamp.')
  const skew = Math.abs(nowMs / 1000 - Number(t))
  if (skew > WEBHOOK_TOLERANCE_SECONDS)
    throw new HttpError(400, `Invalid webhook signature: the timestamp is more than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes from now.`)
}

/**
 * The one signature check of every Stripe webhook endpoint (payments, and the Connect endpoint
 * of payouts with its own secret), so a rule added here holds for both.
 */
export async function verifyEvent(
  raw: string,
  signature: string | null,
  secret = paymentsSettings().webhookSecret,
  secretName = 'STRIPE_WEBHOOK_SECRET',
): Promise<Stripe.Event> {
  if (!secret) throw new HttpError(400, `Webhooks are not configured: set ${secretName}.`)
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header.')
  checkSignatureTime(signature)
  try {
    return await stripe().webhooks.constructEventAsync(raw, signature, secret, WEBHOOK_TOLERANCE_SECONDS)
  } catch (err) {
    throw new HttpError(400, `Invalid webhook signature: ${err instanceof Error ? err.message : 'verification failed'}`)
  }
}

type EventHandler = (em: EntityManager, event: Stripe.Event) => Promise<void>
const moreHandlers: { prefix: string; fn: EventHandler }[] = []

/** Platform events another module acts on (payouts: `transfer.`), by type prefix. */
export function onStripeEvent(prefix: string, fn: EventHandler) {
  moreHandlers.push({ prefix, fn })
}

export async function handleWebhook(em: EntityManager, raw: string, signature: string | null) {
  return processOnce(em, await verifyEvent(raw, signature), applyEvent)
}

/**
 * Applies a verified event once: its id is stored (unique) and marked processed after `apply`
 * ran, so a redelivery of a processed event changes nothing (one that failed half-way runs again).
 */
export async function processOnce(em: EntityManager, event: Stripe.Event, apply: EventHandler) {
  const object = event.data?.object as { id?: string } | undefined
  await em
    .getConnection()
    .execute(
      `insert into webhook_events (id, event_id, type, object_id, created_at, updated_at) values (?, ?, ?, ?, now(), now()) on conflict (event_id) do nothing`,
      [Bun.randomUUIDv7(), event.id, event.type, object?.id ?? null],
    )
  const row = await em.fork().findOneOrFail(WebhookEvent, { eventId: event.id })
  if (row.processedAt) return { received: true, duplicate: true }
  await apply(em, event)
  await em.nativeUpdate(WebhookEvent, { eventId: event.id }, { processedAt: new Date() })
  return { received: true, duplicate: false }
}

async function applyEvent(em: EntityManager, event: Stripe.Event) {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'payment_intent.processing':
      await syncIntent(em, (event.data.object as Stripe.PaymentIntent).id)
      return
    case 'charge.refunded':
    case 'charge.refund.updated':
      await syncRefunds(
        em,
        (event.data.object as Stripe.Charge | Stripe.Refund).object === 'charge'
          ? (event.data.object as Stripe.Charge).id
          : String((event.data.object as Stripe.Refund).charge),
      )
      return
    default: {
      const more = moreHandlers.find((h) => event.type.startsWith(h.prefix))
      if (more) await more.fn(em, event)
      else log.debug({ type: event.type, id: event.id }, 'webhook event ignored')
    }
  }
}
