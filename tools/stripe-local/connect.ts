/**
 * Connect accounts: connected (Express) accounts, their onboarding through account links
 * and the hosted page (connect-pages.ts), login links. Money between accounts (transfers,
 * reversals, balances, payouts) is transfers.ts. Events of a connected account carry `account`
 * and go to Connect endpoints only, as at Stripe.
 */
import { invalid, mergeMetadata, now, type Obj, obj, optStr, type Params, randomId, required, type Store, str } from './store'

type Req = { id: string; idempotency_key: string | null }

/** Stripe's test bank account numbers: the payout outcome each one gives. */
export const TEST_BANK_ACCOUNTS: Record<string, { failure?: { code: string; message: string }; label: string }> = {
  '000123456789': { label: 'Payouts succeed' },
  '000111111116': {
    label: 'Payouts fail (no account)',
    failure: { code: 'no_account', message: 'The bank account details on file are probably incorrect. No bank account could be located with those details.' },
  },
  '000111111113': { label: 'Payouts fail (account closed)', failure: { code: 'account_closed', message: 'The bank account has been closed.' } },
}

const CURRENCY_OF: Record<string, string> = {
  US: 'usd',
  GB: 'gbp',
  CA: 'cad',
  AU: 'aud',
  NZ: 'nzd',
  CH: 'chf',
  SE: 'sek',
  NO: 'nok',
  DK: 'dkk',
  PL: 'pln',
  JP: 'jpy',
  SG: 'sgd',
  HK: 'hkd',
  MX: 'mxn',
  BR: 'brl',
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

export const emptyList = (url: string) => ({ object: 'list', data: [] as Obj[], has_more: false, total_count: 0, url })

// ---------------------------------------------------------------- accounts

export function createAccount(s: Store, p: Params) {
  const controller = p.controller === undefined ? {} : obj(p.controller, 'controller')
  const type = optStr(p.type, 'type') ?? (controller.stripe_dashboard ? 'none' : 'standard')
  if (!['express', 'standard', 'custom', 'none'].includes(type)) throw invalid(`Invalid type: must be one of custom, express, or standard`, 'type')
  const country = (optStr(p.country, 'country') ?? 'US').toUpperCase()
  if (!/^[A-Z]{2}$/.test(country))
    throw invalid(`Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`, 'country')
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
  const link: Link = {
    token: randomId('', 32).slice(1),
    account: account.id,
    refreshUrl: url('refresh_url'),
    returnUrl: url('return_url'),
    expiresAt: created + 300,
    used: false,
  }
  s.links.set(link.token, link)
  return { object: 'account_link', created, expires_at: link.expiresAt, url: `${base}/connect/onboarding/${link.token}` }
}

export function createLoginLink(s: Store, id: string, base: string) {
  const a = s.get('account', id, 'account')
  if (a.controller?.stripe_dashboard?.type !== 'express')
    throw invalid('Login links can only be created for accounts that use the Express Dashboard.', 'account')
  if (!a.details_submitted) throw invalid('Cannot create a login link for an account that has not completed onboarding.', 'account')
  const token = randomId('', 32).slice(1)
  s.logins.set(token, { account: a.id, expiresAt: now() + 300 })
  return { object: 'login_link', created: now(), url: `${base}/connect/express/${token}` }
}
