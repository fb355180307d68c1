/**
 * A Stripe customer per user, created on first need, and the user's saved cards (Stripe
 * payment methods attached to that customer; the default is the customer's
 * invoice_settings.default_payment_method).
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import type Stripe from 'stripe'
import { clock } from '../../platform/clock'
import { fieldError, notFound } from '../../platform/http/errors'
import { log } from '../../platform/log'
import { User } from '../users'
import { stripe } from './stripe'
import { callStripe, isMissing } from './stripe-errors'

/** The user's customer id; created (with an idempotency key from the user id) when missing or gone. */
export async function ensureCustomer(em: EntityManager, user: User): Promise<string> {
  if (user.stripeCustomerId) {
    const existing = await stripe()
      .customers.retrieve(user.stripeCustomerId)
      .catch((err) => (isMissing(err) ? null : Promise.reject(err)))
    if (existing && !(existing as Stripe.DeletedCustomer).deleted) return existing.id
  }
  const name = [user.profile?.firstName, user.profile?.lastName].filter(Boolean).join(' ') || user.username || undefined
  // A recreated customer (local server restarted, customer deleted) needs a fresh key.
  const attempt = user.stripeCustomerId ? `-${Date.now()}` : ''
  const customer = await callStripe(() =>
    stripe().customers.create({ email: user.email, name, metadata: { userId: user.id } }, { idempotencyKey: `summit-customer-${user.id}${attempt}` }),
  )
  await em.nativeUpdate(User, { id: user.id }, { stripeCustomerId: customer.id })
  user.stripeCustomerId = customer.id
  return customer.id
}

export interface SavedCard {
  id: string
  brand: string | null
  last4: string | null
  expMonth: number | null
  expYear: number | null
  isDefault: boolean
  /** Past its expiry month: shown, but it cannot pay. */
  expired: boolean
}

/** A card is valid through the last day of its expiry month (UTC). */
export function cardExpired(expMonth: number | null | undefined, expYear: number | null | undefined, at = clock.now()) {
  if (!expMonth || !expYear) return false
  const y = at.getUTCFullYear()
  const m = at.getUTCMonth() + 1
  return expYear < y || (expYear === y && expMonth < m)
}

const serializeCard = (pm: Stripe.PaymentMethod, defaultId: string | null): SavedCard => ({
  id: pm.id,
  brand: pm.card?.brand ?? null,
  last4: pm.card?.last4 ?? null,
  expMonth: pm.card?.exp_month ?? null,
  expYear: pm.card?.exp_year ?? null,
  isDefault: pm.id === defaultId,
  expired: cardExpired(pm.card?.exp_month, pm.card?.exp_year),
})

async function defaultOf(customerId: string) {
  const c = (await stripe().customers.retrieve(customerId)) as Stripe.Customer
  const d = c.invoice_settings?.default_payment_method
  return typeof d === 'string' ? d : (d?.id ?? null)
}

export async function listCards(user: User): Promise<SavedCard[]> {
  if (!user.stripeCustomerId) return []
  return callStripe(async () => {
    const customerId = user.stripeCustomerId!
    const [list, defaultId] = await Promise.all([stripe().customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }), defaultOf(customerId)])
    return list.data.map((pm) => serializeCard(pm, defaultId))
  }).catch((err) => {
    if (err?.status === 422) return [] // the customer is gone: no cards
    throw err
  })
}

/** Saves a card created in the browser (Stripe.js createPaymentMethod) to the user's customer. */
export async function addCard(em: EntityManager, user: User, paymentMethodId: string, makeDefault: boolean): Promise<SavedCard> {
  const customerId = await ensureCustomer(em, user)
  return callStripe(async () => {
    const pm = await stripe().paymentMethods.attach(
      paymentMethodId,
      { customer: customerId },
      { idempotencyKey: `summit-attach-${customerId}-${paymentMethodId}` },
    )
    let defaultId = await defaultOf(customerId)
    if (makeDefault || !defaultId) {
      await stripe().customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } })
      defaultId = pm.id
    }
    return serializeCard(pm, defaultId)
  }, 'paymentMethodId')
}

/** The card when it is this user's, else 404 (another customer's card reads as not found). */
export async function ownCard(user: User, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
  if (!user.stripeCustomerId || !/^pm_\w+$/.test(paymentMethodId)) throw notFound('Payment method')
  const pm = await stripe()
    .paymentMethods.retrieve(paymentMethodId)
    .catch((err) => (isMissing(err) ? null : Promise.reject(err)))
  if (!pm || pm.customer !== user.stripeCustomerId) throw notFound('Payment method')
  return pm
}

/**
 * A saved card the user may pay with now: theirs (else 422: the checkout names the field) and
 * not expired.
 */
export async function payableCard(user: User, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
  const pm = await ownCard(user, paymentMethodId).catch((err) => {
    if (err?.status === 404) throw fieldError('paymentMethodId', 'Choose one of your saved cards.')
    throw err
  })
  if (cardExpired(pm.card?.exp_month, pm.card?.exp_year)) throw fieldError('paymentMethodId', 'This card has expired. Choose another card or use a new one.')
  return pm
}

/**
 * After a payment that saved its card (setup_future_usage): a card that was already saved
 * (same fingerprint and expiry) is kept once, the older entry; the first saved card becomes
 * the default. Best effort: the payment is done either way.
 */
export async function tidySavedCard(user: User, paymentMethodId: string) {
  if (!user.stripeCustomerId) return
  const customerId = user.stripeCustomerId
  try {
    const [list, defaultId] = await Promise.all([stripe().customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }), defaultOf(customerId)])
    const saved = list.data.find((pm) => pm.id === paymentMethodId)
    if (!saved) return
    const twin = list.data.find(
      (pm) =>
        pm.id !== saved.id &&
        !!pm.card?.fingerprint &&
        pm.card.fingerprint === saved.card?.fingerprint &&
        pm.card.exp_month === saved.card?.exp_month &&
        pm.card.exp_year === saved.card?.exp_year,
    )
    if (twin) {
      await stripe().paymentMethods.detach(saved.id)
      return
    }
    if (!defaultId) await stripe().customers.update(customerId, { invoice_settings: { default_payment_method: saved.id } })
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : err, paymentMethodId }, 'could not tidy the saved card')
  }
}

export async function removeCard(user: User, paymentMethodId: string) {
  await ownCard(user, paymentMethodId)
  await callStripe(() => stripe().paymentMethods.detach(paymentMethodId))
}

export async function setDefaultCard(user: User, paymentMethodId: string): Promise<SavedCard> {
  const pm = await ownCard(user, paymentMethodId)
  if (cardExpired(pm.card?.exp_month, pm.card?.exp_year)) throw fieldError('paymentMethodId', 'An expired card cannot be the default. Add a new card instead.')
  await callStripe(() => stripe().customers.update(user.stripeCustomerId!, { invoice_settings: { default_payment_method: pm.id } }))
  return serializeCard(pm, pm.id)
}
