/**
 * Money on Connect: transfers with `source_transaction` and `transfer_group`, transfer
 * reversals, balances and payouts to the bank. Money moves between in-memory balances: the
 * platform's (charges - refunds - transfers + reversals) and each connected account's
 * (transfers - reversals - payouts).
 */
import { emptyList, TEST_BANK_ACCOUNTS } from './connect'
import { int, invalid, mergeMetadata, missing, now, type Obj, optStr, type Params, randomId, required, type Store, StripeError, str } from './store'

type Req = { id: string; idempotency_key: string | null }

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
    if (charge.currency !== currency)
      throw invalid(
        `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency})`,
        'currency',
      )
    const used = s
      .all('transfer')
      .filter((t) => t.source_transaction === sourceId)
      .reduce((n, t) => n + t.amount - t.amount_reversed, 0)
    const left = charge.amount - charge.amount_refunded - used
    if (amount > left)
      throw invalid(`The transfer amount (${amount}) exceeds what is left of the source transaction ${sourceId} (${left}).`, 'amount', 'amount_too_large')
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
