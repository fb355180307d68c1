/**
 * Connect on the local Stripe-compatible server, driven by the official `stripe` SDK: Express
 * accounts, the hosted onboarding an account link opens (one click, then `account.updated` to
 * the Connect endpoint), login links, transfers tied to a charge (`source_transaction`) and
 * grouped (`transfer_group`), idempotency keys, reversals, balances and payouts of the connected
 * account (`Stripe-Account`), and faults that lose the answer after the call was carried out.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import Stripe from 'stripe'
import { type StripeLocal, startStripeLocal } from '../../tools/stripe-local/server'

let local: StripeLocal
let stripe: Stripe
let hookServer: ReturnType<typeof Bun.serve>
const events: { path: string; event: any; raw: string; signature: string | null }[] = []
const PLATFORM_SECRET = 'whsec_platform_test'
const CONNECT_SECRET = 'whsec_connect_test'

beforeAll(async () => {
  hookServer = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const raw = await req.text()
      events.push({ path: new URL(req.url).pathname, event: JSON.parse(raw), raw, signature: req.headers.get('stripe-signature') })
      return new Response('ok')
    },
  })
  const hooks = `http://127.0.0.1:${hookServer.port}`
  local = await startStripeLocal({
    port: 0,
    webhookUrl: `${hooks}/platform`,
    webhookSecret: PLATFORM_SECRET,
    connectWebhookUrl: `${hooks}/connect`,
    connectWebhookSecret: CONNECT_SECRET,
    retryDelaysMs: [10],
  })
  stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: local.port, protocol: 'http', maxNetworkRetries: 0 })
}, 30_000)
afterAll(async () => {
  await local.stop()
  hookServer.stop(true)
}, 30_000)

const eventsOf = (type: string, path?: string) => events.filter((e) => e.event.type === type && (!path || e.path === path)).map((e) => e.event)

/** A succeeded charge on the platform (what a checkout leaves behind). */
async function charge(amount: number) {
  const pi = await stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true })
  return pi.latest_charge as string
}

/** Completes the hosted onboarding as a person would: open the link, click a button. */
async function onboard(url: string, action = 'complete', bank = '000123456789') {
  const page = await fetch(url)
  expect(page.status).toBe(200)
  const htmlText = await page.text()
  expect(htmlText).toContain('Complete onboarding')
  const form = new URLSearchParams({ name: 'Test Coach', bank, action })
  return fetch(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' })
}

async function enabledAccount(bank?: string) {
  const account = await stripe.accounts.create({ type: 'express', country: 'US', email: 'coach@example.com', capabilities: { transfers: { requested: true } } })
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://app.test/refresh',
    return_url: 'http://app.test/return',
  })
  await onboard(link.url, 'complete', bank)
  return account.id
}

describe('local Stripe server: Connect accounts and onboarding', () => {
  test('an Express account starts with requirements due; the hosted onboarding enables it and account.updated reaches the Connect endpoint', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'GB',
      email: 'maya@example.com',
      capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
      metadata: { userId: 'u1' },
    })
    expect(account.id).toStartWith('acct_')
    expect(account).toMatchObject({
      type: 'express',
      country: 'GB',
      default_currency: 'gbp',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    })
    expect(account.requirements?.currently_due).toContain('external_account')
    expect(account.capabilities?.transfers).toBe('inactive')

    // A login link needs a finished onboarding.
    await expect(stripe.accounts.createLoginLink(account.id)).rejects.toThrow('has not completed onboarding')

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
    })
    expect(link.object).toBe('account_link')
    expect(link.expires_at).toBeGreaterThan(link.created)
    const done = await onboard(link.url)
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('http://app.test/return')
    // A used link goes to refresh_url, as at Stripe.
    const again = await fetch(link.url, { redirect: 'manual' })
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('http://app.test/refresh')

    const fresh = await stripe.accounts.retrieve(account.id)
    expect(fresh).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true })
    expect(fresh.requirements?.currently_due).toEqual([])
    expect(fresh.capabilities).toEqual({ transfers: 'active', card_payments: 'active' })
    expect(fresh.external_accounts?.data[0]).toMatchObject({ object: 'bank_account', last4: '6789' })

    await local.settle()
    const updated = eventsOf('account.updated').filter((e) => e.account === account.id)
    expect(updated).toHaveLength(1)
    expect(updated[0].data.object.payouts_enabled).toBe(true)
    expect(updated[0].data.previous_attributes.payouts_enabled).toBe(false)
    const delivered = events.find((e) => e.event.id === updated[0].id)!
    // To the Connect endpoint, signed with its own secret, and not to the platform endpoint.
    expect(delivered.path).toBe('/connect')
    expect((await stripe.webhooks.constructEventAsync(delivered.raw, delivered.signature!, CONNECT_SECRET)).account).toBe(account.id)
    expect(eventsOf('account.updated', '/platform')).toHaveLength(0)

    const login = await stripe.accounts.createLoginLink(account.id)
    expect(login.object).toBe('login_link')
    const dashboard = await fetch(login.url)
    expect(dashboard.status).toBe(200)
    expect(await dashboard.text()).toContain('Pay out now')
  })

  test('submitted without a bank account: details in, payouts off, external_account due', async () => {
    const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } })
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://a.test/r',
      return_url: 'http://a.test/b',
    })
    await onboard(link.url, 'partial')
    const a = await stripe.accounts.retrieve(account.id)
    expect(a).toMatchObject({ details_submitted: true, payouts_enabled: false })
    expect(a.requirements?.currently_due).toEqual(['external_account'])
    expect(a.requirements?.disabled_reason).toBe('requirements.past_due')
  })

  test('bad input answers as Stripe does', async () => {
    await expect(stripe.accountLinks.create({ account: 'acct_nope', type: 'account_onboarding' } as any)).rejects.toMatchObject({ code: 'resource_missing' })
    const account = await stripe.accounts.create({ type: 'express' })
    await expect(stripe.accountLinks.create({ account: account.id, type: 'account_update' })).rejects.toThrow('account_update')
    await expect(stripe.accounts.create({ type: 'express', bogus: 1 } as any)).rejects.toMatchObject({ code: 'parameter_unknown' })
    // Stripe-Account of an account the platform does not have.
    await expect(stripe.balance.retrieve({}, { stripeAccount: 'acct_unknown' })).rejects.toMatchObject({ code: 'account_invalid', statusCode: 403 })
  })
})

describe('local Stripe server: transfers, reversals, balances and payouts', () => {
  test('a transfer tied to a charge, grouped, replayed by its idempotency key; the destination must be enabled', async () => {
    const pending = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } })
    const ch = await charge(5000)
    await expect(stripe.transfers.create({ amount: 1000, currency: 'usd', destination: pending.id, source_transaction: ch })).rejects.toMatchObject({
      code: 'insufficient_capabilities_for_transfer',
    })

    const acct = await enabledAccount()
    const params = { amount: 4500, currency: 'usd', destination: acct, source_transaction: ch, transfer_group: 'booking-b1', metadata: { bookingId: 'b1' } }
    const first = await stripe.transfers.create(params, { idempotencyKey: 'tr-key-1' })
    expect(first).toMatchObject({
      object: 'transfer',
      amount: 4500,
      amount_reversed: 0,
      reversed: false,
      destination: acct,
      source_transaction: ch,
      transfer_group: 'booking-b1',
    })
    const replay = await stripe.transfers.create(params, { idempotencyKey: 'tr-key-1' })
    expect(replay.id).toBe(first.id)
    // Same key, other parameters: refused.
    await expect(stripe.transfers.create({ ...params, amount: 100 }, { idempotencyKey: 'tr-key-1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' })
    // No more than the charge holds.
    await expect(stripe.transfers.create({ ...params, amount: 600 }, { idempotencyKey: 'tr-key-2' })).rejects.toMatchObject({ code: 'amount_too_large' })

    const grouped = await stripe.transfers.list({ transfer_group: 'booking-b1' })
    expect(grouped.data.map((t) => t.id)).toEqual([first.id])
    const balance = await stripe.balance.retrieve({}, { stripeAccount: acct })
    expect(balance.available).toEqual([{ amount: 4500, currency: 'usd', source_types: { card: 4500 } }])
    await local.settle()
    expect(eventsOf('transfer.created', '/platform').map((e) => e.data.object.id)).toContain(first.id)
  })

  test('reversals: partial then the rest, never more than is left; transfer.reversed to the platform endpoint', async () => {
    const acct = await enabledAccount()
    const tr = await stripe.transfers.create({ amount: 3000, currency: 'usd', destination: acct, source_transaction: await charge(3000) })
    const r1 = await stripe.transfers.createReversal(tr.id, { amount: 1000, metadata: { refundId: 'r1' } }, { idempotencyKey: 'rev-1' })
    expect(r1).toMatchObject({ object: 'transfer_reversal', amount: 1000, transfer: tr.id })
    expect((await stripe.transfers.createReversal(tr.id, { amount: 1000, metadata: { refundId: 'r1' } }, { idempotencyKey: 'rev-1' })).id).toBe(r1.id)
    await expect(stripe.transfers.createReversal(tr.id, { amount: 2500 })).rejects.toMatchObject({ code: 'amount_too_large' })
    const r2 = await stripe.transfers.createReversal(tr.id)
    expect(r2.amount).toBe(2000)
    const t = await stripe.transfers.retrieve(tr.id)
    expect(t).toMatchObject({ amount_reversed: 3000, reversed: true })
    expect((await stripe.transfers.listReversals(tr.id)).data.map((r) => r.id)).toEqual([r2.id, r1.id])
    await expect(stripe.transfers.createReversal(tr.id, { amount: 1 })).rejects.toMatchObject({ code: 'transfer_already_reversed' })
    expect((await stripe.balance.retrieve({}, { stripeAccount: acct })).available[0].amount).toBe(0)
    await local.settle()
    expect(eventsOf('transfer.reversed', '/platform').filter((e) => e.data.object.id === tr.id)).toHaveLength(2)
  })

  test('payouts of a connected account: paid, or failed back into the balance with a failing test bank account', async () => {
    const good = await enabledAccount('000123456789')
    await stripe.transfers.create({ amount: 2000, currency: 'usd', destination: good, source_transaction: await charge(2000) })
    const po = await stripe.payouts.create({ amount: 1500, currency: 'usd' }, { stripeAccount: good })
    expect(po).toMatchObject({ object: 'payout', amount: 1500, status: 'pending' })
    expect((await stripe.payouts.retrieve(po.id, {}, { stripeAccount: good })).status).toBe('paid')
    await expect(stripe.payouts.create({ amount: 600, currency: 'usd' }, { stripeAccount: good })).rejects.toMatchObject({ code: 'balance_insufficient' })
    expect((await stripe.balance.retrieve({}, { stripeAccount: good })).available[0].amount).toBe(500)

    const bad = await enabledAccount('000111111116')
    await stripe.transfers.create({ amount: 1000, currency: 'usd', destination: bad, source_transaction: await charge(1000) })
    const failed = await stripe.payouts.create({ amount: 1000, currency: 'usd' }, { stripeAccount: bad })
    const after = await stripe.payouts.retrieve(failed.id, {}, { stripeAccount: bad })
    expect(after).toMatchObject({ status: 'failed', failure_code: 'no_account' })
    expect((await stripe.balance.retrieve({}, { stripeAccount: bad })).available[0].amount).toBe(1000)
    // Another account's payout is not visible through this one.
    await expect(stripe.payouts.retrieve(failed.id, {}, { stripeAccount: good })).rejects.toMatchObject({ code: 'resource_missing' })

    await local.settle()
    const paid = eventsOf('payout.paid', '/connect').find((e) => e.data.object.id === po.id)
    expect(paid?.account).toBe(good)
    expect(eventsOf('payout.failed', '/connect').find((e) => e.data.object.id === failed.id)?.account).toBe(bad)
    expect(eventsOf('payout.paid', '/platform')).toHaveLength(0)
  })

  test('without source_transaction a transfer needs platform funds', async () => {
    const acct = await enabledAccount()
    await expect(stripe.transfers.create({ amount: 10_000_000, currency: 'usd', destination: acct })).rejects.toMatchObject({ code: 'balance_insufficient' })
  })

  test('a fault after the call: Stripe acted, the answer is lost, a retry with the key gets the first answer', async () => {
    const acct = await enabledAccount()
    const ch = await charge(4000)
    local.failNext('POST', '/v1/transfers', 1, 500, { after: true })
    const params = { amount: 4000, currency: 'usd', destination: acct, source_transaction: ch, transfer_group: 'booking-lost' }
    await expect(stripe.transfers.create(params, { idempotencyKey: 'lost-1' })).rejects.toMatchObject({ statusCode: 500 })
    const listed = await stripe.transfers.list({ transfer_group: 'booking-lost' })
    expect(listed.data).toHaveLength(1)
    const retried = await stripe.transfers.create(params, { idempotencyKey: 'lost-1' })
    expect(retried.id).toBe(listed.data[0].id)
    expect((await stripe.transfers.list({ transfer_group: 'booking-lost' })).data).toHaveLength(1)
  })
})
