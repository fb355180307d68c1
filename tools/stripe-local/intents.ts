/** Payment intents (create, update, confirm, cancel), the charges they make, and refunds. */
import { DECLINES, type Decline, THREE_D_SECURE } from './cards'
import { cardError, createPaymentMethod, resolvePaymentMethod } from './customers'
import { bool, int, invalid, mergeMetadata, now, type Obj, obj, optStr, type Params, randomId, required, type Store, StripeError, str } from './store'

type Req = { id: string; idempotency_key: string | null }

const unexpectedState = (pi: Obj, action: string) =>
  new StripeError(400, 'invalid_request_error', `You cannot ${action} this PaymentIntent because it has a status of ${pi.status}.`, {
    code: 'payment_intent_unexpected_state',
  })

function amountParam(v: Params[string] | undefined) {
  if (v === undefined) throw required('amount')
  const amount = int(v, 'amount')
  if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount', 'amount_too_small')
  if (amount > 99_999_999) throw invalid('Amount must be no more than $999,999.99', 'amount', 'amount_too_large')
  return amount
}

export function createPaymentIntent(s: Store, p: Params, req: Req) {
  const amount = amountParam(p.amount)
  if (p.currency === undefined) throw required('currency')
  const currency = str(p.currency, 'currency').toLowerCase()
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, 'currency')
  const customer = optStr(p.customer, 'customer') ?? null
  if (customer) s.get('customer', customer, 'customer')
  const id = randomId('pi')
  const pi = s.put({
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: p.automatic_payment_methods ? { allow_redirects: 'never', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomId('', 24).slice(1)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency,
    customer,
    description: optStr(p.description, 'description') ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: mergeMetadata({}, p.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: optStr(p.receipt_email, 'receipt_email') ?? null,
    review: null,
    setup_future_usage: optStr(p.setup_future_usage, 'setup_future_usage') ?? null,
    shipping: null,
    source: null,
    statement_descriptor: optStr(p.statement_descriptor, 'statement_descriptor') ?? null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  })
  if (p.payment_method !== undefined) {
    pi.payment_method = resolvePaymentMethod(s, str(p.payment_method, 'payment_method')).id
    pi.status = 'requires_confirmation'
  }
  s.emit('payment_intent.created', pi, req)
  if (bool(p.confirm, 'confirm')) {
    // The intent already holds the payment method given here; confirm uses it.
    const { payment_method: _pm, ...rest } = p
    return confirmPaymentIntent(s, pi.id, rest, req)
  }
  return pi
}

export function updatePaymentIntent(s: Store, id: string, p: Params) {
  const pi = s.get('payment_intent', id, 'intent')
  if (['succeeded', 'canceled', 'processing'].includes(pi.status)) throw unexpectedState(pi, 'update')
  if (p.amount !== undefined) pi.amount = amountParam(p.amount)
  if (p.currency !== undefined) pi.currency = str(p.currency, 'currency').toLowerCase()
  if (p.customer !== undefined) {
    const c = optStr(p.customer, 'customer') ?? null
    if (c) s.get('customer', c, 'customer')
    pi.customer = c
  }
  for (const k of ['description', 'receipt_email', 'setup_future_usage', 'statement_descriptor'] as const) {
    const v = optStr(p[k], k)
    if (v !== undefined) pi[k] = v
  }
  if (p.payment_method !== undefined) {
    const pm = optStr(p.payment_method, 'payment_method')
    pi.payment_method = pm ? resolvePaymentMethod(s, pm).id : null
    pi.status = pm ? 'requires_confirmation' : 'requires_payment_method'
  }
  pi.metadata = mergeMetadata(pi.metadata, p.metadata)
  return pi
}

/** What an off-session payment of a card that must authenticate answers (no customer to ask). */
const AUTHENTICATION_REQUIRED: Decline = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
}

/** `off_session` is a boolean, or `one_off` / `recurring` as Stripe also accepts. */
const isOffSession = (v: Params[string] | undefined) => v === 'true' || v === 'one_off' || v === 'recurring'

/**
 * Confirms the intent with its card. A test card's number decides the outcome: success ->
 * `succeeded` with a charge; decline -> `requires_payment_method` with `last_payment_error`,
 * and a 402 card error that carries the intent, as Stripe answers; a card that asks for 3-D
 * Secure (cards.ts THREE_D_SECURE) -> `requires_action` with a `use_stripe_sdk` next action,
 * which the Stripe.js stand-in handles (`local_3ds`, below). Off-session, such a card is
 * charged only when it is the `setup` kind and saved to the customer; otherwise it fails with
 * `authentication_required`.
 */
export function confirmPaymentIntent(s: Store, id: string, p: Params, req: Req) {
  const pi = s.get('payment_intent', id, 'intent')
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) throw unexpectedState(pi, 'confirm')
  let pm: Obj | undefined
  if (p.payment_method !== undefined) pm = resolvePaymentMethod(s, str(p.payment_method, 'payment_method'))
  else if (p.payment_method_data !== undefined) pm = createPaymentMethod(s, obj(p.payment_method_data, 'payment_method_data'))
  else if (pi.payment_method) pm = s.get('payment_method', pi.payment_method)
  if (!pm) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'You cannot confirm this PaymentIntent because it’s missing a payment method. To confirm the PaymentIntent with cus_xxx, specify a payment method attached to this customer along with the customer ID.',
      {
        code: 'payment_intent_unexpected_state',
      },
    )
  }
  if (pm.customer && pi.customer && pm.customer !== pi.customer) {
    throw invalid(`The provided PaymentMethod belongs to another Customer. You cannot use it with Customer ${pi.customer}.`, 'payment_method')
  }
  if (pm.customer && !pi.customer)
    throw invalid('The provided PaymentMethod was previously attached to a Customer; pass that customer with it.', 'payment_method')
  for (const k of ['receipt_email', 'setup_future_usage'] as const) {
    const v = optStr(p[k], k)
    if (v !== undefined) pi[k] = v
  }
  pi.next_action = null
  const number = s.cardNumbers.get(pm.id) ?? ''
  let decline: Decline | undefined = DECLINES[number]
  const threeDS = THREE_D_SECURE[number]
  if (threeDS) {
    const offSession = isOffSession(p.off_session)
    const exempt = offSession && threeDS === 'setup' && !!pm.customer
    if (!exempt && (offSession || bool(p.error_on_requires_action, 'error_on_requires_action'))) decline = AUTHENTICATION_REQUIRED
    else if (!exempt) {
      pi.status = 'requires_action'
      pi.payment_method = pm.id
      pi.last_payment_error = null
      pi.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `/v1/payment_intents/${pi.id}/local_3ds`, source: randomId('src') },
      }
      s.emit('payment_intent.requires_action', pi, req)
      return pi
    }
  }
  if (decline) {
    const charge = makeCharge(s, pi, pm, decline)
    pi.latest_charge = charge.id
    pi.status = 'requires_payment_method'
    pi.payment_method = null
    pi.last_payment_error = {
      charge: charge.id,
      code: decline.code,
      decline_code: decline.declineCode,
      doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`,
      message: decline.message,
      payment_method: structuredClone(pm),
      type: 'card_error',
    }
    if (!pm.customer) s.consumed.add(pm.id)
    s.emit('charge.failed', charge, req)
    s.emit('payment_intent.payment_failed', pi, req)
    const err = cardError(decline.code, decline.message, undefined, decline.declineCode)
    Object.assign(err.extra, { charge: charge.id, payment_intent: structuredClone(pi), payment_method: structuredClone(pm) })
    throw err
  }
  return succeed(s, pi, pm, req)
}

/** Charges the card of a confirmed (and, where asked, authenticated) intent. */
function succeed(s: Store, pi: Obj, pm: Obj, req: Req) {
  const charge = makeCharge(s, pi, pm)
  pi.latest_charge = charge.id
  pi.status = 'succeeded'
  pi.payment_method = pm.id
  pi.amount_received = pi.amount
  pi.last_payment_error = null
  pi.next_action = null
  // setup_future_usage keeps the card on the intent's customer, as Stripe does.
  if (pi.setup_future_usage && pi.customer && !pm.customer) {
    pm.customer = pi.customer
    s.emit('payment_method.attached', pm)
  }
  if (!pm.customer) s.consumed.add(pm.id)
  s.emit('charge.succeeded', charge, req)
  s.emit('payment_intent.succeeded', pi, req)
  return pi
}

/**
 * The 3-D Secure step of an intent in `requires_action`, as the card holder's bank would
 * answer it: `outcome=complete` charges the card, `outcome=fail` leaves the intent needing
 * another payment method with `payment_intent_authentication_failure`. This is the local
 * server's stand-in for Stripe's authentication pages (the Stripe.js stand-in calls it from
 * its test modal with the publishable key and the client secret); it is not a Stripe API call.
 */
export function authenticatePaymentIntent(s: Store, id: string, p: Params, req: Req) {
  const pi = s.get('payment_intent', id, 'intent')
  if (pi.status !== 'requires_action') throw unexpectedState(pi, 'authenticate')
  const outcome = p.outcome === undefined ? 'complete' : str(p.outcome, 'outcome')
  if (outcome !== 'complete' && outcome !== 'fail') throw invalid('outcome must be complete or fail.', 'outcome')
  const pm = s.get('payment_method', pi.payment_method, 'payment_method')
  if (outcome === 'complete') return succeed(s, pi, pm, req)
  pi.status = 'requires_payment_method'
  pi.payment_method = null
  pi.next_action = null
  pi.last_payment_error = {
    code: 'payment_intent_authentication_failure',
    doc_url: 'https://docs.stripe.com/error-codes/payment-intent-authentication-failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    payment_method: structuredClone(pm),
    type: 'invalid_request_error',
  }
  if (!pm.customer) s.consumed.add(pm.id)
  s.emit('payment_intent.payment_failed', pi, req)
  return pi
}

function makeCharge(s: Store, pi: Obj, pm: Obj, decline?: Decline) {
  return s.put({
    id: randomId('ch'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: decline ? 0 : pi.amount,
    amount_refunded: 0,
    balance_transaction: decline ? null : randomId('txn'),
    billing_details: structuredClone(pm.billing_details),
    calculated_statement_descriptor: 'SUMMIT',
    captured: !decline,
    created: now(),
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    livemode: false,
    metadata: { ...pi.metadata },
    outcome: decline
      ? {
          network_status: 'declined_by_network',
          reason: decline.declineCode ?? decline.code,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
    paid: !decline,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      card: {
        brand: pm.card.brand,
        checks: pm.card.checks,
        country: pm.card.country,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
        fingerprint: pm.card.fingerprint,
        funding: pm.card.funding,
        last4: pm.card.last4,
        network: pm.card.brand,
      },
      type: 'card',
    },
    receipt_email: pi.receipt_email,
    receipt_url: null,
    refunded: false,
    status: decline ? 'failed' : 'succeeded',
  })
}

export function cancelPaymentIntent(s: Store, id: string, p: Params, req: Req) {
  const pi = s.get('payment_intent', id, 'intent')
  if (['succeeded', 'canceled'].includes(pi.status)) throw unexpectedState(pi, 'cancel')
  const reason = optStr(p.cancellation_reason, 'cancellation_reason') ?? null
  if (reason && !['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'].includes(reason)) {
    throw invalid(`Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer, or abandoned`, 'cancellation_reason')
  }
  pi.status = 'canceled'
  pi.next_action = null
  pi.canceled_at = now()
  pi.cancellation_reason = reason
  s.emit('payment_intent.canceled', pi, req)
  return pi
}

export function listPaymentIntents(s: Store, url: string, p: Params) {
  const customer = optStr(p.customer, 'customer')
  return s.list(
    url,
    s.all('payment_intent').filter((pi) => !customer || pi.customer === customer),
    p,
  )
}

/** Refunds a succeeded charge (by `payment_intent` or `charge`), in full unless `amount` says less. */
export function createRefund(s: Store, p: Params, req: Req) {
  let charge: Obj
  if (p.charge !== undefined) charge = s.get('charge', str(p.charge, 'charge'), 'charge')
  else if (p.payment_intent !== undefined) {
    const pi = s.get('payment_intent', str(p.payment_intent, 'payment_intent'), 'payment_intent')
    if (pi.status !== 'succeeded' || !pi.latest_charge) {
      throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable')
    }
    charge = s.get('charge', pi.latest_charge)
  } else throw required('payment_intent')
  if (charge.status !== 'succeeded') throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge', 'charge_not_refundable')
  const remaining = charge.amount - charge.amount_refunded
  if (remaining <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded')
  const amount = p.amount === undefined ? remaining : int(p.amount, 'amount')
  if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount')
  if (amount > remaining) {
    throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, 'amount', 'amount_too_large')
  }
  const reason = optStr(p.reason, 'reason') ?? null
  if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
    throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason')
  }
  const refund = s.put({
    id: randomId('re'),
    object: 'refund',
    amount,
    balance_transaction: randomId('txn'),
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    destination_details: { card: { type: 'refund' }, type: 'card' },
    metadata: mergeMetadata({}, p.metadata),
    payment_intent: charge.payment_intent,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  })
  charge.amount_refunded += amount
  charge.refunded = charge.amount_refunded >= charge.amount
  s.emit('refund.created', refund, req)
  s.emit('charge.refunded', charge, req)
  return refund
}

export function listRefunds(s: Store, url: string, p: Params) {
  const pi = optStr(p.payment_intent, 'payment_intent')
  const ch = optStr(p.charge, 'charge')
  return s.list(
    url,
    s.all('refund').filter((r) => (!pi || r.payment_intent === pi) && (!ch || r.charge === ch)),
    p,
  )
}
