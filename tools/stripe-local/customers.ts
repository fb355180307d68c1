/** Customers and card payment methods (create, attach, detach, list, default). */
import { brandOf, funding, luhnValid, TEST_PAYMENT_METHODS, TEST_TOKENS } from './cards'
import { int, invalid, mergeMetadata, now, type Obj, obj, optStr, type Params, randomId, required, type Store, StripeError, str } from './store'

export function createCustomer(s: Store, p: Params) {
  const c = s.put({
    id: randomId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: optStr(p.description, 'description') ?? null,
    email: optStr(p.email, 'email') ?? null,
    invoice_prefix: randomId('', 8).slice(1).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: mergeMetadata({}, p.metadata),
    name: optStr(p.name, 'name') ?? null,
    phone: optStr(p.phone, 'phone') ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  })
  if (p.payment_method !== undefined) {
    const pm = attachPaymentMethod(s, str(p.payment_method, 'payment_method'), c.id)
    if (!p.invoice_settings) c.invoice_settings.default_payment_method = pm.id
  }
  applyInvoiceSettings(s, c, p)
  s.emit('customer.created', c)
  return c
}

export function updateCustomer(s: Store, id: string, p: Params) {
  const c = s.get('customer', id)
  for (const k of ['description', 'email', 'name', 'phone'] as const) {
    const v = optStr(p[k], k)
    if (v !== undefined) c[k] = v
  }
  c.metadata = mergeMetadata(c.metadata, p.metadata)
  applyInvoiceSettings(s, c, p)
  s.emit('customer.updated', c)
  return c
}

function applyInvoiceSettings(s: Store, c: Obj, p: Params) {
  if (p.invoice_settings === undefined) return
  const settings = obj(p.invoice_settings, 'invoice_settings')
  if (settings.default_payment_method === undefined) return
  const id = optStr(settings.default_payment_method, 'invoice_settings[default_payment_method]')
  if (id) {
    const pm = s.objects.get(id)
    if (pm?.object !== 'payment_method' || pm.customer !== c.id) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `No such PaymentMethod: '${id}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
        {
          code: 'resource_missing',
          param: 'invoice_settings[default_payment_method]',
        },
      )
    }
  }
  c.invoice_settings = { ...c.invoice_settings, default_payment_method: id ?? null }
}

export function deleteCustomer(s: Store, id: string) {
  const c = s.get('customer', id)
  for (const pm of s.all('payment_method')) if (pm.customer === c.id) pm.customer = null
  c.deleted = true
  return { id: c.id, object: 'customer', deleted: true }
}

/** A card payment method from `card[number]`/`card[exp_month]`/`card[exp_year]`/`card[cvc]` or `card[token]`. */
export function createPaymentMethod(s: Store, p: Params) {
  const type = p.type === undefined ? 'card' : str(p.type, 'type')
  if (type !== 'card') throw invalid(`The payment method type "${type}" is not supported by the local server (card only).`, 'type')
  if (p.card === undefined) throw required('card')
  const card = obj(p.card, 'card')
  let number: string
  let expMonth: number
  let expYear: number
  if (card.token !== undefined) {
    const token = str(card.token, 'card[token]')
    const n = TEST_TOKENS[token]
    if (!n) throw new StripeError(400, 'invalid_request_error', `No such token: '${token}'`, { code: 'resource_missing', param: 'card[token]' })
    number = n
    expMonth = 12
    expYear = new Date().getUTCFullYear() + 3
  } else {
    number = str(card.number ?? '', 'card[number]').replace(/[\s-]/g, '')
    if (!number) throw required('card[number]')
    if (!luhnValid(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number')
    if (card.exp_month === undefined) throw required('card[exp_month]')
    if (card.exp_year === undefined) throw required('card[exp_year]')
    expMonth = int(card.exp_month, 'card[exp_month]')
    expYear = int(card.exp_year, 'card[exp_year]')
    if (expYear < 100) expYear += 2000
    if (expMonth < 1 || expMonth > 12) throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month')
    const d = new Date()
    if (expYear < d.getUTCFullYear() || (expYear === d.getUTCFullYear() && expMonth < d.getUTCMonth() + 1)) {
      throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year')
    }
    if (card.cvc !== undefined && !/^\d{3,4}$/.test(str(card.cvc, 'card[cvc]'))) throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc')
  }
  return newCardPaymentMethod(s, number, expMonth, expYear, p)
}

function newCardPaymentMethod(s: Store, number: string, expMonth: number, expYear: number, p: Params = {}) {
  const brand = brandOf(number)
  const bd = obj(p.billing_details, 'billing_details')
  const pm = s.put({
    id: randomId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null, ...obj(bd.address, 'billing_details[address]') },
      email: optStr(bd.email, 'billing_details[email]') ?? null,
      name: optStr(bd.name, 'billing_details[name]') ?? null,
      phone: optStr(bd.phone, 'billing_details[phone]') ?? null,
      tax_id: null,
    },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: fingerprint(number),
      funding: funding(number),
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: now(),
    customer: null,
    livemode: false,
    metadata: mergeMetadata({}, p.metadata),
    type: 'card',
  })
  s.cardNumbers.set(pm.id, number)
  return pm
}

function fingerprint(number: string) {
  return new Bun.CryptoHasher('sha256')
    .update(`local:${number}`)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16)
}

export function cardError(code: string, message: string, param?: string, declineCode?: string) {
  return new StripeError(402, 'card_error', message, { code, decline_code: declineCode, param })
}

/** A payment method id, or a test id like `pm_card_visa` (which makes a fresh payment method each time). */
export function resolvePaymentMethod(s: Store, id: string, param = 'payment_method'): Obj {
  const testNumber = TEST_PAYMENT_METHODS[id]
  if (testNumber) return newCardPaymentMethod(s, testNumber, 12, new Date().getUTCFullYear() + 3)
  const pm = s.objects.get(id)
  if (pm?.object !== 'payment_method') {
    throw new StripeError(400, 'invalid_request_error', `No such PaymentMethod: '${id}'`, { code: 'resource_missing', param })
  }
  return pm
}

export function attachPaymentMethod(s: Store, id: string, customerId: unknown) {
  if (customerId === undefined) throw required('customer')
  const customer = s.get('customer', customerId, 'customer')
  const pm = resolvePaymentMethod(s, id, 'payment_method')
  if (pm.customer === customer.id) return pm
  if (pm.customer) throw invalid('The payment method you provided is already attached to a customer.', undefined, 'payment_method_unexpected_state')
  if (s.consumed.has(pm.id)) {
    throw invalid(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      undefined,
      'payment_method_unexpected_state',
    )
  }
  pm.customer = customer.id
  s.emit('payment_method.attached', pm)
  return pm
}

export function detachPaymentMethod(s: Store, id: string) {
  const pm = s.get('payment_method', id)
  if (!pm.customer)
    throw invalid(`The payment method you provided is not attached to a customer so detachment is impossible.`, undefined, 'payment_method_unexpected_state')
  const customer = s.objects.get(pm.customer)
  if (customer && customer.invoice_settings?.default_payment_method === pm.id) customer.invoice_settings.default_payment_method = null
  pm.customer = null
  s.consumed.add(pm.id)
  s.emit('payment_method.detached', pm)
  return pm
}

export function updatePaymentMethod(s: Store, id: string, p: Params) {
  const pm = s.get('payment_method', id)
  pm.metadata = mergeMetadata(pm.metadata, p.metadata)
  if (p.card !== undefined) {
    const card = obj(p.card, 'card')
    if (card.exp_month !== undefined) pm.card.exp_month = int(card.exp_month, 'card[exp_month]')
    if (card.exp_year !== undefined) pm.card.exp_year = int(card.exp_year, 'card[exp_year]')
  }
  if (p.billing_details !== undefined) {
    const bd = obj(p.billing_details, 'billing_details')
    for (const k of ['email', 'name', 'phone'] as const) {
      const v = optStr(bd[k], `billing_details[${k}]`)
      if (v !== undefined) pm.billing_details[k] = v
    }
  }
  return pm
}

export function listPaymentMethods(s: Store, url: string, customerId: string | undefined, p: Params) {
  if (customerId) s.get('customer', customerId, 'customer')
  const type = p.type === undefined ? undefined : str(p.type, 'type')
  const rows = s.all('payment_method').filter((pm) => (!customerId || pm.customer === customerId) && (!type || pm.type === type))
  return s.list(url, rows, p)
}
