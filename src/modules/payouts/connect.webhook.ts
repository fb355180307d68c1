/**
 * Stripe webhooks of payouts. The Connect endpoint (`POST /v1/payouts/webhook`, signed with
 * STRIPE_CONNECT_WEBHOOK_SECRET) gets the events of coaches' accounts: `account.updated`
 * (enabled, requirements) and `payout.paid` / `payout.failed` (money to their bank). The
 * platform's own `transfer.reversed` arrives at the payments endpoint, which hands `transfer.*`
 * here. Both go through payments' signature check and its once-per-event store, and re-fetch
 * the object from Stripe, so duplicates and the order of events do not matter.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type Stripe from 'stripe'
import { log } from '../../platform/log'
import { isMissing, onStripeEvent, paymentsSettings, processOnce, stripe, verifyEvent } from '../payments'
import { applyAccount } from './account.service'
import { ConnectedAccount } from './payout.entity'
import { syncTransfer } from './reversal.service'

export async function handleConnectWebhook(em: EntityManager, raw: string, signature: string | null) {
  const event = await verifyEvent(raw, signature, paymentsSettings().connectWebhookSecret, 'STRIPE_CONNECT_WEBHOOK_SECRET')
  return processOnce(em, event, applyConnectEvent)
}

async function applyConnectEvent(em: EntityManager, event: Stripe.Event) {
  switch (event.type) {
    case 'account.updated': {
      const id = (event.data.object as Stripe.Account).id
      const acct = await stripe()
        .accounts.retrieve(id)
        .catch((err) => (isMissing(err) ? null : Promise.reject(err)))
      if (!acct) return
      // What waited for the account goes once it is enabled (applyAccount's hook).
      await applyAccount(em, acct)
      return
    }
    case 'payout.created':
    case 'payout.updated':
    case 'payout.paid':
    case 'payout.failed':
    case 'payout.canceled':
      if (event.account) await recordPayout(em, event.account, (event.data.object as Stripe.Payout).id)
      return
    case 'transfer.reversed':
    case 'transfer.updated':
      await syncTransfer((event.data.object as Stripe.Transfer).id)
      return
    default:
      log.debug({ type: event.type, id: event.id }, 'connect webhook event ignored')
  }
}

/** Stores a connected account's payout as Stripe has it now (one row per payout). */
async function recordPayout(em: EntityManager, accountId: string, payoutId: string) {
  const account = await em.fork().findOne(ConnectedAccount, { stripeAccountId: accountId })
  if (!account) return
  const po = await stripe().payouts.retrieve(payoutId, {}, { stripeAccount: accountId })
  await em.execute(
    `insert into connect_payouts (id, created_at, updated_at, account_id, stripe_payout_id, amount, currency, status, arrival_date, failure_code, failure_message)
     values (?, now(), now(), ?, ?, ?, ?, ?, to_timestamp(?), ?, ?)
     on conflict (stripe_payout_id) do update set status = excluded.status, amount = excluded.amount, arrival_date = excluded.arrival_date,
       failure_code = excluded.failure_code, failure_message = excluded.failure_message, updated_at = now()`,
    [
      Bun.randomUUIDv7(),
      account.id,
      po.id,
      po.amount,
      po.currency,
      po.status,
      po.arrival_date,
      po.failure_code ?? null,
      po.failure_message?.slice(0, 500) ?? null,
    ],
  )
}

// The platform endpoint's transfer events (a reversal made in the Stripe dashboard, ours too).
onStripeEvent('transfer.', async (_em, event) => {
  if (event.type === 'transfer.reversed' || event.type === 'transfer.updated') await syncTransfer((event.data.object as Stripe.Transfer).id)
})
