/**
 * Connect: connected accounts (Express onboarding through account links, login links),
 * transfers with `source_transaction` and `transfer_group`, transfer reversals, balances and
 * payouts of connected accounts. Money moves between in-memory balances: the platform's
 * (charges - refunds - transfers + reversals) and each connected account's (transfers -
 * reversals - payouts). Events of a connected account carry `account` and go to Connect
 * endpoints only, as at Stripe.
 */
import { int, invalid, mergeMetadata, missing, now, type Obj, obj, optStr, type Params, randomId, required, type Store, StripeError, str } from './store'

type Req = { id: string; idempotency_key: string | null }

/** Stripe's test bank account numbers: the payout outcome each one gives. */
export const TEST_BANK_ACCOUNTS: Record<string, { failure?: { code: string; message: string }; label: string }> = {
  '000123456789': { label: 'Payouts succeed' },
  '000111111116': { label: 'Payouts fail (no account)', failure: { code: 'no_account', message: 'The bank account details on file are probably incorrect. No bank account could be located with those details.' } },
  '000111111113': { label: 'Payouts fail (account closed)', failure: { code: 'account_closed', message: 'The bank account has been closed.' } },
}

const CURRENCY_OF: Record<string, string> = {
  US: 'usd', GB: 'gbp', CA: 'cad', AU: 'aud', NZ: 'nzd', CH: 'chf', SE: 'sek', NO: 'nok', DK: 'dkk', PL: 'pln', JP: 'jpy', SG: 'sgd', HK: 'hkd', MX: 'mxn', BR: 'brl',
}
const EURO = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']
const currencyOf = (country: string) => CURRENCY_OF[country] ?? (EURO.includes(country) ? 'eur' : 'usd')

/** What Stripe asks of a new Express account (an individual) before it can be paid. */
const ONBOARDING_DUE = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
  'tos_acceptance.date',
  'tos_acceptance.ip',
]

const requirements = (due: string[], disabled: string | null) => ({
  alternatives: [],
  current_deadline: null,
  currently_due: [...due],
  disabled_reason: disabled,
  errors: [],
  eventually_due: [...due],
  past_due: disabled ? [...due] : [],
  pending_verification: [],
})

const emptyList = (url: string) => ({ object: 'list', data: [] as Obj[], has_more: false, total_count: 0, url })

// ---------------------------------------------------------------- accounts

export function createAccount(s: Store, p: Params) {
  const controller = p.controller === undefined ? {} : obj(p.controller, 'controller')
  const type = optStr(p.type, 'type') ?? (controller.stripe_dashboard ? 'none' : 'standard')
  if (!['express', 'standard', 'custom', 'none'].includes(type)) throw invalid(`Invalid type: must be one of custom, express, or standard`, 'type')
  const country = (optStr(p.country, 'country') ?? 'US').toUpperCase()
  if (!/^[A-Z]{2}$/.test(country)) throw invalid(`Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`, 'country')
  const requested = p.capabilities === undefined ? {} : obj(p.capabilities, 'capabilities')
  const capabilities: Record<string, string> = {}
  for (const [name, v] of Object.entries(requested)) {
    if (typeof v === 'object' && !Array.isArray(v) && v.requested === 'true') capabilities[name] = 'inactive'
  }
  const id = randomId('acct', 16)
  const account = s.put({
    id,
    object: 'account',
    business_profile: { mcc: null, name: null, product_description: null, support_email: null, support_phone: null, support_url: null, url: null },
    business_type: optStr(p.business_type, 'business_type') ?? null,
    capabilities,
    charges_enabled: false,
    controller: { is_controller: true, type: 'application', ...(type === 'express' ? { stripe_dashboard: { type: 'express' } } : {}) },
    country,
    created: now(),
    default_currency: (optStr(p.default_currency, 'default_currency') ?? currencyOf(country)).toLowerCase(),
    details_submitted: false,
    email: optStr(p.email, 'email') ?? null,
    external_accounts: emptyList(`/v1/accounts/${id}/external_accounts`),
    future_requirements: requirements([], null),
    livemode: false,
    metadata: mergeMetadata({}, p.metadata),
    payouts_enabled: false,
    requirements: requirements(ONBOARDING_DUE, 'requirements.past_due'),
    settings: {
      dashboard: { display_name: null, timezone: 'Etc/UTC' },
      payouts: { debit_negative_balances: true, schedule: { delay_days: 2, interval: 'daily' }, statement_descriptor: null },
    },
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type,
  })
  s.balances.set(id, new Map())
  return account
}

export function updateAccount(s: Store, id: string, p: Params, req: Req) {
  const a = s.get('account', id, 'account')
  const before = structuredClone(a)
  const email = optStr(p.email, 'email')
  if (email !== undefined) a.email = email
  a.metadata = mergeMetadata(a.metadata, p.metadata)
  if (p.business_profile !== undefined) {
    for (const [k, v] of Object.entries(obj(p.business_profile, 'business_profile'))) if (k in a.business_profile) a.business_profile[k] = v === '' ? null : v
  }
  if (p.capabilities !== undefined) {
    for (const [name, v] of Object.entries(obj(p.capabilities, 'capabilities'))) {
      if (typeof v !== 'object' || Array.isArray(v)) continue
      if (v.requested === 'true') a.capabilities[name] ??= a.details_submitted ? 'active' : 'inactive'
      if (v.requested === 'false') delete a.capabilities[name]
    }
  }
  if (p.settings !== undefined) {
    const payouts = obj(obj(p.settings, 'settings').payouts, 'settings[payouts]')
    const schedule = obj(payouts.schedule, 'settings[payouts][schedule]')
    if (typeof schedule.interval === 'string') a.settings.payouts.schedule.interval = schedule.interval
    if (typeof schedule.delay_days === 'string') a.settings.payouts.schedule.delay_days = Number(schedule.delay_days)
  }
  emitAccountUpdated(s, a, before, req)
  return a
}

export function deleteAccount(s: Store, id: string) {
  const a = s.get('account', id, 'account')
  a.deleted = true
  return { id, object: 'account', deleted: true }
}

/** `account.updated` with the changed top-level fields as `previous_attributes`, sent to Connect endpoints. */
function emitAccountUpdated(s: Store, a: Obj, before: Obj, req?: Req) {
  const previous: Obj = {}
  for (const k of Object.keys(a)) if (JSON.stringify(a[k]) !== JSON.stringify(before[k])) previous[k] = before[k]
  if (!Object.keys(previous).length) return
  s.emit('account.updated', a, req, { account: a.id, previous })
}

/**
 * The hosted onboarding's outcome. `complete`: every requirement met, a bank account added,
 * capabilities active, charges and payouts enabled. `partial`: details submitted but no bank
 * account, so payouts stay off with `external_account` due (a restricted account).
 */
export function completeOnboarding(s: Store, id: string, how: 'complete' | 'partial', bank = '000123456789', ip = '127.0.0.1') {
  const a = s.get('account', id, 'account')
  const before = structuredClone(a)
  a.details_submitted = true
  a.business_type ??= 'individual'
  a.business_profile.mcc ??= '8299'
  a.business_profile.url ??= 'https://coach.example'
  a.tos_acceptance = { date: now(), ip, user_agent: 'local onboarding' }
  a.charges_enabled = true
  if (how === 'complete') {
    const number = TEST_BANK_ACCOUNTS[bank] ? bank : '000123456789'
    const ba = {
      id: randomId('ba', 24),
      object: 'bank_account',
      account: a.id,
      account_holder_name: null,
      account_holder_type: 'individual',
      bank_name: 'STRIPE TEST BANK',
      country: a.country,
      currency: a.default_currency,
      default_for_currency: true,
      fingerprint: randomId('', 16).slice(1),
      last4: number.slice(-4),
      metadata: {},
      routing_number: '110000000',
      status: 'new',
    }
    s.bankNumbers.set(ba.id, number)
    a.external_accounts = { ...a.external_accounts, data: [ba], total_count: 1 }
    a.requirements = requirements([], null)
    a.payouts_enabled = true
    for (const name of Object.keys(a.capabilities)) a.capabilities[name] = 'active'
  } else {
    a.requirements = requirements(['external_account'], 'requirements.past_due')
    a.payouts_enabled = false
    for (const name of Object.keys(a.capabilities)) a.capabilities[name] = name === 'transfers' ? 'inactive' : 'active'
  }
  emitAccountUpdated(s, a, before)
  return a
}

// ---------------------------------------------------------------- account links and login links

export interface Link {
  token: string
  account: string
  refreshUrl: string | null
  returnUrl: string | null
  expiresAt: number
  used: boolean
}

export function createAccountLink(s: Store, p: Params, base: string) {
  if (p.account === undefined) throw required('account')
  if (p.type === undefined) throw required('type')
  const account = s.get('account', str(p.account, 'account'), 'account')
  const type = str(p.type, 'type')
  if (!['account_onboarding', 'account_update'].includes(type)) throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type')
  if (type === 'account_update' && account.type !== 'custom') {
    throw invalid('You cannot create `account_update` type Account Links for accounts that have access to the Stripe Dashboard.', 'type')
  }
  const url = (k: 'refresh_url' | 'return_url') => {
    const v = optStr(p[k], k) ?? null
    if (v && !/^https?:\/\//.test(v)) throw invalid(`Not a valid URL`, k, 'url_invalid')
    return v
  }
  const created = now()
  const link: Link = { token: randomId('', 32).slice(1), account: account.id, refreshUrl: url('refresh_url'), returnUrl: url('return_url'), expiresAt: created + 300, used: false }
  s.links.set(link.token, link)
  return { object: 'account_link', created, expires_at: link.expiresAt, url: `${base}/connect/onboarding/${link.token}` }
}

export function createLoginLink(s: Store, id: string, base: string) {
  const a = s.get('account', id, 'account')
  if (a.controller?.stripe_dashboard?.type !== 'express') throw invalid('Login links can only be created for accounts that use the Express Dashboard.', 'account')
  if (!a.details_submitted) throw invalid('Cannot create a login link for an account that has not completed onboarding.', 'account')
  const token = randomId('', 32).slice(1)
  s.logins.set(token, { account: a.id, expiresAt: now() + 300 })
  return { object: 'login_link', created: now(), url: `${base}/connect/express/${token}` }
}

// ---------------------------------------------------------------- balances

/** Adds `amount` (may be negative) to an owner's available balance in `currency`. */
export function credit(s: Store, owner: string, currency: string, amount: number) {
  let b = s.balances.get(owner)
  if (!b) s.balances.set(owner, (b = new Map()))
  b.set(currency, (b.get(currency) ?? 0) + amount)
}

/** The platform's balance: what charges brought in, less refunds and transfers, plus reversals. */
function platformBalance(s: Store) {
  const out = new Map<string, number>()
  const add = (c: string, n: number) => out.set(c, (out.get(c) ?? 0) + n)
  for (const ch of s.all('charge')) if (ch.status === 'succeeded') add(ch.currency, ch.amount - ch.amount_refunded)
  for (const t of s.all('transfer')) add(t.currency, -(t.amount - t.amount_reversed))
  for (const po of s.all('payout')) if (po.account === null && po.status !== 'failed' && po.status !== 'canceled') add(po.currency, -po.amount)
  return out
}

export function balanceOf(s: Store, account: string | null) {
  const b = account ? (s.balances.get(account) ?? new Map<string, number>()) : platformBalance(s)
  const fallback = account ? s.get('account', account, 'account').default_currency : 'usd'
  const entries = b.size ? [...b] : [[fallback, 0] as [string, number]]
  return {
    object: 'balance',
    available: entries.map(([currency, amount]) => ({ amount, currency, source_types: { card: amount } })),
    livemode: false,
    pending: entries.map(([currency]) => ({ amount: 0, currency, source_types: { card: 0 } })),
    ...(account ? {} : { connect_reserved: entries.map(([currency]) => ({ amount: 0, currency })) }),
  }
}

// ---------------------------------------------------------------- transfers and reversals

export function createTransfer(s: Store, p: Params, req: Req) {
  if (p.amount === undefined) throw required('amount')
  if (p.currency === undefined) throw required('currency')
  if (p.destination === undefined) throw required('destination')
  const amount = int(p.amount, 'amount')
  if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount')
  const currency = str(p.currency, 'currency').toLowerCase()
  const destination = s.get('account', str(p.destination, 'destination'), 'destination')
  if (destination.capabilities?.transfers !== 'active') {
    throw invalid(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'destination',
      'insufficient_capabilities_for_transfer',
    )
  }
  const sourceId = optStr(p.source_transaction, 'source_transaction') ?? null
  if (sourceId) {
    const charge = s.get('charge', sourceId, 'source_transaction')
    if (charge.status !== 'succeeded') throw invalid(`The source transaction ${sourceId} has not succeeded.`, 'source_transaction')
    if (charge.currency !== currency) throw invalid(`The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency})`, 'currency')
    const used = s.all('transfer').filter((t) => t.source_transaction === sourceId).reduce((n, t) => n + t.amount - t.amount_reversed, 0)
    const left = charge.amount - charge.amount_refunded - used
    if (amount > left) throw invalid(`The transfer amount (${amount}) exceeds what is left of the source transaction ${sourceId} (${left}).`, 'amount', 'amount_too_large')
  } else if ((platformBalance(s).get(currency) ?? 0) < amount) {
    throw invalid(
      'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
      undefined,
      'balance_insufficient',
    )
  }
  const id = randomId('tr')
  const transfer = s.put({
    id,
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: randomId('txn'),
    created: now(),
    currency,
    description: optStr(p.description, 'description') ?? null,
    destination: destination.id,
    destination_payment: randomId('py'),
    livemode: false,
    metadata: mergeMetadata({}, p.metadata),
    reversals: emptyList(`/v1/transfers/${id}/reversals`),
    reversed: false,
    source_transaction: sourceId,
    source_type: 'card',
    transfer_group: optStr(p.transfer_group, 'transfer_group') ?? null,
  })
  credit(s, destination.id, currency, amount)
  s.emit('transfer.created', transfer, req)
  return transfer
}

export function updateTransfer(s: Store, id: string, p: Params) {
  const t = s.get('transfer', id, 'transfer')
  const description = optStr(p.description, 'description')
  if (description !== undefined) t.description = description
  t.metadata = mergeMetadata(t.metadata, p.metadata)
  return t
}

export function listTransfers(s: Store, url: string, p: Params) {
  const destination = optStr(p.destination, 'destination')
  const group = optStr(p.transfer_group, 'transfer_group')
  return s.list(
    url,
    s.all('transfer').filter((t) => (!destination || t.destination === destination) && (!group || t.transfer_group === group)),
    p,
  )
}

export function createReversal(s: Store, transferId: string, p: Params, req: Req) {
  const t = s.get('transfer', transferId, 'id')
  const left = t.amount - t.amount_reversed
  if (left <= 0) throw invalid(`Transfer ${t.id} has already been fully reversed.`, undefined, 'transfer_already_reversed')
  const amount = p.amount === undefined ? left : int(p.amount, 'amount')
  if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount')
  if (amount > left) throw invalid(`You can't reverse more than is left on the transfer (${left}).`, 'amount', 'amount_too_large')
  const reversal = s.put({
    id: randomId('trr'),
    object: 'transfer_reversal',
    amount,
    balance_transaction: randomId('txn'),
    created: now(),
    currency: t.currency,
    destination_payment_refund: randomId('pyr'),
    metadata: mergeMetadata({}, p.metadata),
    source_refund: null,
    transfer: t.id,
  })
  t.amount_reversed += amount
  t.reversed = t.amount_reversed >= t.amount
  t.reversals = { ...t.reversals, data: [reversal, ...t.reversals.data].slice(0, 10), total_count: t.reversals.total_count + 1 }
  credit(s, t.destination, t.currency, -amount)
  s.emit('transfer.reversed', t, req)
  return reversal
}

export function listReversals(s: Store, url: string, transferId: string, p: Params) {
  s.get('transfer', transferId, 'id')
  return s.list(
    url,
    s.all('transfer_reversal').filter((r) => r.transfer === transferId),
    p,
  )
}

export function getReversal(s: Store, transferId: string, id: string) {
  const r = s.get('transfer_reversal', id)
  if (r.transfer !== transferId) throw missing('transfer_reversal', id)
  return r
}

// ---------------------------------------------------------------- payouts (to the bank)

/**
 * A payout of a connected account's (or the platform's) available balance to its bank account.
 * Answered `pending` as Stripe does; at once afterwards it is `paid`, or `failed` (the money
 * back in the balance) when the bank account is one of Stripe's failing test numbers, with
 * `payout.paid` / `payout.failed` events.
 */
export function createPayout(s: Store, account: string | null, p: Params, req: Req) {
  if (p.amount === undefined) throw required('amount')
  if (p.currency === undefined) throw required('currency')
  const amount = int(p.amount, 'amount')
  if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount')
  const currency = str(p.currency, 'currency').toLowerCase()
  let bank: Obj | undefined
  if (account) {
    const a = s.get('account', account, 'account')
    if (!a.payouts_enabled) throw invalid('Payouts are not enabled for this account. Complete its onboarding first.', undefined, 'payouts_not_allowed')
    bank = a.external_accounts.data.find((x: Obj) => x.currency === currency) ?? a.external_accounts.data[0]
    if (!bank) throw invalid(`This account has no external account in ${currency}.`, 'currency')
  }
  const available = balanceOf(s, account).available.find((x) => x.currency === currency)?.amount ?? 0
  if (amount > available) {
    throw invalid('You have insufficient funds in your Stripe account for this transfer. Your card balance is too low.', 'amount', 'balance_insufficient')
  }
  const created = now()
  const payout = s.put({
    id: randomId('po'),
    object: 'payout',
    amount,
    arrival_date: created + 2 * 86_400,
    automatic: false,
    balance_transaction: randomId('txn'),
    created,
    currency,
    description: optStr(p.description, 'description') ?? null,
    destination: bank?.id ?? null,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: mergeMetadata({}, p.metadata),
    method: optStr(p.method, 'method') ?? 'standard',
    original_payout: null,
    reconciliation_status: 'not_applicable',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: optStr(p.statement_descriptor, 'statement_descriptor') ?? null,
    status: 'pending',
    type: 'bank_account',
  })
  // Kept beside the object (not part of Stripe's shape): whose balance it left.
  Object.defineProperty(payout, 'account', { value: account, enumerable: false, writable: true })
  if (account) credit(s, account, currency, -amount)
  const answer = structuredClone(payout)
  const scope = account ? { account } : {}
  s.emit('payout.created', payout, req, scope)
  const failure = bank ? TEST_BANK_ACCOUNTS[s.bankNumbers.get(bank.id) ?? '']?.failure : undefined
  if (failure) {
    Object.assign(payout, { status: 'failed', failure_code: failure.code, failure_message: failure.message, failure_balance_transaction: randomId('txn') })
    if (account) credit(s, account, currency, amount)
    s.emit('payout.failed', payout, req, scope)
  } else {
    payout.status = 'paid'
    s.emit('payout.paid', payout, req, scope)
  }
  return answer
}

export function listPayouts(s: Store, url: string, account: string | null, p: Params) {
  const status = optStr(p.status, 'status')
  return s.list(
    url,
    s.all('payout').filter((po) => po.account === account && (!status || po.status === status)),
    p,
  )
}

export function getPayout(s: Store, account: string | null, id: string) {
  const po = s.get('payout', id)
  if (po.account !== account) throw missing('payout', id)
  return po
}

/** Every payout of the available balance, per currency (the Express dashboard's "Pay out now"). */
export function payOutAll(s: Store, account: string) {
  const out: Obj[] = []
  for (const { amount, currency } of balanceOf(s, account).available) {
    if (amount > 0) out.push(createPayout(s, account, { amount: String(amount), currency }, { id: randomId('req', 14), idempotency_key: null }))
  }
  return out
}

/** Refused with Stripe-Account: the calls that act on a connected account locally are balance, payouts and account. */
export const notOnConnectedAccount = (method: string, path: string) =>
  new StripeError(400, 'invalid_request_error', `The local Stripe server does not support the Stripe-Account header on ${method} ${path}.`)
