/**
 * Coaches are paid through Stripe Connect, through the official SDK against the local
 * Stripe-compatible server: onboarding to enabled, a paid booking pending until its session
 * ended and its refund window passed, then transferred once with the right net; refunds before
 * (nothing transferred for them) and after the transfer (reversals of the coach's share); the
 * Connect webhooks; the balance reconciling to the bookings; the API's names, shapes and refusals.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { clock } from '../../src/platform/clock'
import { actor, em, superAdmin } from '../client'
import { localStripe, signWebhook, stripeAdmin } from '../peers/stripe'
import { expectReauthRequired, reauthenticate } from '../reauth'
import { makeSchedule } from './bookings.fixtures'
import { checkout } from './checkout.fixtures'
import {
  DAY,
  enabledCoach,
  HOUR,
  onboard,
  paidWorld,
  pastRefundWindow,
  payAnother,
  stripeReversals,
  stripeTransfers,
  sweepAndSettle,
  transferRow,
  until,
} from './payouts.fixtures'

afterEach(() => clock.reset())

const balanceOf = async (c: any) => (await c.client.get('/v1/payouts/balance')).body.data as any[]
const transfersOf = async (c: any, q = '') => (await c.client.get(`/v1/payouts/transfers${q}`)).body
const sweep = sweepAndSettle
const paymentOf = async (c: any, bookingId: string) =>
  ((await c.client.get(`/v1/bookings/${bookingId}/payments`)).body.data as any[]).find((p) => p.kind === 'payment')

describe('payouts: the coach connects a Stripe Express account', () => {
  test('none -> pending with requirements -> enabled after the hosted onboarding (account.updated); then the link opens the Express dashboard', async () => {
    const w = await paidWorld(5000)
    const coach = w.coach
    expect((await coach.client.get('/v1/payouts/account')).body.data).toEqual({
      status: 'none',
      payoutsEnabled: false,
      chargesEnabled: false,
      requirements: [],
      country: null,
      defaultCurrency: null,
    })
    // Linking a payout account is a sensitive action: refused until a fresh second check.
    expectReauthRequired(await coach.client.post('/v1/payouts/account/link'))
    await reauthenticate(coach)
    // Two clicks at once make one account at Stripe.
    const [a, b] = await Promise.all([coach.client.post('/v1/payouts/account/link'), coach.client.post('/v1/payouts/account/link')])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.data.url).toContain('/connect/onboarding/')
    const accounts = [...localStripe().store.objects.values()].filter((o: any) => o.object === 'account' && o.metadata?.userId === coach.user.id)
    expect(accounts).toHaveLength(1)
    const pending = (await coach.client.get('/v1/payouts/account')).body.data
    expect(pending).toMatchObject({ status: 'pending', payoutsEnabled: false, country: 'US', defaultCurrency: 'usd' })
    expect(pending.requirements).toContain('external_account')

    // Sent without a bank account: restricted, with what is still due.
    expect(await onboard(coach, 'partial')).toEndWith('/c/account/payouts?onboarding=return')
    const restricted = await until(
      () => coach.client.get('/v1/payouts/account'),
      (r) => r.body.data.status === 'restricted',
    )
    expect(restricted.body.data).toMatchObject({ status: 'restricted', payoutsEnabled: false, chargesEnabled: true, requirements: ['external_account'] })

    await onboard(coach, 'complete')
    const enabled = await until(
      () => coach.client.get('/v1/payouts/account'),
      (r) => r.body.data.status === 'enabled',
    )
    expect(enabled.body.data).toEqual({
      status: 'enabled',
      payoutsEnabled: true,
      chargesEnabled: true,
      requirements: [],
      country: 'US',
      defaultCurrency: 'usd',
    })
    const dashboard = await coach.client.post('/v1/payouts/account/link')
    expect(dashboard.body.data.url).toContain('/connect/express/')
    expect(await (await fetch(dashboard.body.data.url)).text()).toContain('Pay out now')
  })

  test('only coaches of the team: a client member is refused (403), a stranger 401, a team the coach is not in 404', async () => {
    const w = await paidWorld(3000)
    const member = await actor({ tenant: w.tenant })
    expect((await member.client.post('/v1/payouts/account/link')).status).toBe(403)
    expect((await member.client.get('/v1/payouts/account')).status).toBe(403)
    expect((await member.client.get('/v1/payouts/balance')).status).toBe(403)
    expect((await member.client.get('/v1/payouts/transfers')).status).toBe(403)
    const anon = await fetch(`${(await import('../client')).app().url}/v1/payouts/account/link`, { method: 'POST' })
    expect(anon.status).toBe(401)
    const other = await paidWorld(3000)
    expect((await w.coach.client.withTeam(other.tenant.slug).post('/v1/payouts/account/link')).status).toBe(404)
    w.coach.client.team = undefined
  })
  test('an account deleted at Stripe is forgotten: the money waits again and the link starts a new onboarding', async () => {
    const w = await paidWorld(4_000)
    await enabledCoach(w.coach)
    const [{ stripe_account_id: gone }] = await em().execute(`select stripe_account_id from connected_accounts where user_id = ?`, [w.coach.user.id])
    await stripeAdmin().accounts.del(gone)
    pastRefundWindow(w.schedule.endDate)
    await sweep()
    expect(stripeTransfers(w.bookingId)).toHaveLength(0)
    expect(await transferRow(w.transferId)).toMatchObject({ state: 'pending', attempt: 1 })
    expect((await w.coach.client.get('/v1/payouts/account')).body.data.status).toBe('none')
    expect((await balanceOf(w.coach))[0]).toMatchObject({ available: 3_600, transferred: 0 })
    // A day later the earlier second check is stale: a fresh one.
    await reauthenticate(w.coach)
    const link = await w.coach.client.post('/v1/payouts/account/link')
    expect(link.body.data.url).toContain('/connect/onboarding/')
    expect((await w.coach.client.get('/v1/payouts/account')).body.data.status).toBe('pending')
  }, 60_000)
})

describe('payouts: a paid booking goes to the coach once its session ended and the refund window passed', () => {
  test('pending -> available -> transferred once, with source_transaction, transfer_group and the net after the fee', async () => {
    const w = await paidWorld(12_000, { seats: 2 })
    await enabledCoach(w.coach)
    const payment = await paymentOf(w.coach, w.bookingId)
    // 2 seats x 120.00 = 240.00; the platform keeps 10%.
    expect((await balanceOf(w.coach)).map((b) => b)).toEqual([{ currency: 'usd', pending: 21_600, available: 0, transferred: 0, paidOut: 0 }])
    const list = await transfersOf(w.coach)
    expect(list.data).toEqual([
      {
        id: w.transferId,
        bookingId: w.bookingId,
        scheduleId: w.schedule.id,
        currency: 'usd',
        gross: 24_000,
        fee: 2_400,
        refunded: 0,
        net: 21_600,
        status: 'pending',
        stripeTransferId: null,
        transferredAt: null,
      },
    ])

    // The session is over, but refunds may still come for 24 hours: nothing moves.
    clock.shift(w.schedule.endDate.getTime() - Date.now() + HOUR)
    await sweep()
    expect(stripeTransfers(w.bookingId)).toHaveLength(0)
    expect((await balanceOf(w.coach))[0]).toMatchObject({ pending: 21_600, available: 0 })

    pastRefundWindow(w.schedule.endDate)
    expect((await balanceOf(w.coach))[0]).toMatchObject({ pending: 0, available: 21_600 })
    await sweep()
    await sweep()
    const made = stripeTransfers(w.bookingId)
    expect(made).toHaveLength(1)
    const account = (await em().execute(`select stripe_account_id from connected_accounts where user_id = ?`, [w.coach.user.id]))[0].stripe_account_id
    expect(made[0]).toMatchObject({
      amount: 21_600,
      currency: 'usd',
      destination: account,
      source_transaction: payment.chargeId,
      transfer_group: `booking-${w.bookingId}`,
    })
    expect(made[0].metadata).toMatchObject({ bookingId: w.bookingId, transferRowId: w.transferId })

    const [t] = (await transfersOf(w.coach)).data
    expect(t).toMatchObject({ status: 'transferred', net: 21_600, stripeTransferId: made[0].id })
    expect(new Date(t.transferredAt).getTime()).toBe(made[0].created * 1000)
    expect((await balanceOf(w.coach))[0]).toEqual({ currency: 'usd', pending: 0, available: 0, transferred: 21_600, paidOut: 0 })
    // The per-schedule payout agrees: its one booking is transferred, so it is paid.
    const payout = (await w.coach.client.get(`/v1/payouts/${w.schedule.id}`)).body.data
    expect(payout).toMatchObject({ status: 'paid', revenue: 240, fee: 24, net: 216, transferred: 216, bookings: 1, seats: 2 })
    // The connected account's balance at Stripe holds it.
    const bal = await stripeAdmin().balance.retrieve({}, { stripeAccount: account })
    expect(bal.available.find((x) => x.currency === 'usd')?.amount).toBe(21_600)
  }, 60_000)

  test('without an enabled account the money waits on the platform; it goes as soon as the account is enabled', async () => {
    const w = await paidWorld(8_000)
    pastRefundWindow(w.schedule.endDate)
    await sweep()
    expect(stripeTransfers(w.bookingId)).toHaveLength(0)
    expect((await balanceOf(w.coach))[0]).toMatchObject({ available: 7_200, transferred: 0 })
    expect((await transfersOf(w.coach)).data[0].status).toBe('pending')
    // account.updated (payouts enabled) sends what waited, without waiting for the sweep.
    await enabledCoach(w.coach)
    await until(
      () => stripeTransfers(w.bookingId).length,
      (n) => n > 0,
    )
    const row = await until(
      () => transferRow(w.transferId),
      (r) => r.state === 'transferred',
    )
    expect(row).toMatchObject({ state: 'transferred', amount: 7_200 })
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
  }, 60_000)

  test('the return from onboarding may see the account enabled before its webhook: what waited goes all the same', async () => {
    const w = await paidWorld(6_000)
    pastRefundWindow(w.schedule.endDate)
    await sweep()
    expect(stripeTransfers(w.bookingId)).toHaveLength(0)
    const local = localStripe()
    const saved = local.webhooks.endpoints
    local.webhooks.endpoints = [] // account.updated is late
    try {
      await onboard(w.coach)
      // The coach lands back on the payouts page, which asks Stripe: enabled.
      const page = await w.coach.client.get('/c/account/payouts?onboarding=return', { accept: 'text/html' })
      expect(page.status).toBe(200)
      expect(String(page.body)).toContain('Payouts enabled')
      const row = await until(
        () => transferRow(w.transferId),
        (r) => r.state === 'transferred',
      )
      expect(row).toMatchObject({ state: 'transferred', amount: 5_400 })
    } finally {
      local.webhooks.endpoints = saved
    }
    // The webhook arriving after that changes nothing: one transfer.
    await local.settle()
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
  }, 60_000)
})

describe('payouts: refunds', () => {
  test('before the transfer: a partial refund is left out, a full one leaves nothing to transfer', async () => {
    const w = await paidWorld(10_000)
    const secondClient = await actor()
    const second = await payAnother(w, secondClient)
    await enabledCoach(w.coach)
    // A partial refund made at Stripe (the dashboard): the webhook records the refund row.
    const payment = await paymentOf(w.coach, w.bookingId)
    await stripeAdmin().refunds.create({ payment_intent: payment.paymentIntentId, amount: 2_500 })
    await localStripe().settle()
    await until(
      async () =>
        (await em().execute(`select count(*)::int n from payments where booking_id = ? and kind = 'refund' and status = 'succeeded'`, [w.bookingId]))[0].n,
      (n) => n === 1,
    )
    // The other booking is cancelled: refunded in full.
    const cancel = await secondClient.client.post(`/v1/bookings/${second.bookingId}/cancel`, { reason: 'Plans changed' })
    expect(cancel.status).toBe(200)
    await until(
      async () =>
        (await em().execute(`select count(*)::int n from payments where booking_id = ? and kind = 'refund' and status = 'succeeded'`, [second.bookingId]))[0].n,
      (n) => n === 1,
    )

    pastRefundWindow(w.schedule.endDate)
    await sweep()
    // 100.00 - 25.00 refunded = 75.00; 10% fee = 7.50; the coach gets 67.50.
    expect(stripeTransfers(w.bookingId).map((t) => t.amount)).toEqual([6_750])
    expect(stripeTransfers(second.bookingId)).toHaveLength(0)
    expect((await transferRow(second.transferId)).state).toBe('void')
    const list = (await transfersOf(w.coach)).data
    expect(list.map((t: any) => [t.bookingId, t.gross, t.refunded, t.fee, t.net, t.status])).toEqual([[w.bookingId, 10_000, 2_500, 750, 6_750, 'transferred']])
    expect((await balanceOf(w.coach))[0]).toMatchObject({ transferred: 6_750, pending: 0, available: 0 })
  }, 60_000)

  test('after the transfer: the coach share of each refund is reversed, recorded beside the refund; cancelling reverses the rest', async () => {
    const w = await paidWorld(10_000)
    await enabledCoach(w.coach)
    pastRefundWindow(w.schedule.endDate)
    await sweep()
    const [tr] = stripeTransfers(w.bookingId)
    expect(tr.amount).toBe(9_000)

    // A partial refund (30.00) after the transfer: the coach gives back 27.00 (their 90%).
    const payment = await paymentOf(w.coach, w.bookingId)
    await stripeAdmin().refunds.create({ payment_intent: payment.paymentIntentId, amount: 3_000 })
    await localStripe().settle()
    const refundId = (
      await until(
        () => em().execute(`select id from payments where booking_id = ? and kind = 'refund' and status = 'succeeded'`, [w.bookingId]),
        (r) => r.length === 1,
      )
    )[0].id
    await sweep()
    await sweep()
    expect(stripeReversals(tr.id).map((r) => r.amount)).toEqual([2_700])
    const [rev] = await em().execute(`select * from payout_reversals where transfer_id = ?`, [w.transferId])
    expect(rev).toMatchObject({ refund_id: refundId, amount: 2_700, status: 'succeeded', stripe_reversal_id: stripeReversals(tr.id)[0].id })
    let t = (await transfersOf(w.coach)).data[0]
    expect(t).toMatchObject({ status: 'partially_reversed', gross: 10_000, refunded: 3_000, fee: 700, net: 6_300 })
    expect((await balanceOf(w.coach))[0]).toMatchObject({ transferred: 6_300 })

    // The booking is cancelled after the session: the rest is refunded, and the rest reversed.
    const cancel = await w.client.client.post(`/v1/bookings/${w.bookingId}/cancel`, { reason: 'Charged by mistake' })
    expect(cancel.status).toBe(200)
    await until(
      () => stripeReversals(tr.id).length,
      (n) => n === 2,
    )
    expect(
      stripeReversals(tr.id)
        .map((r) => r.amount)
        .sort(),
    ).toEqual([2_700, 6_300])
    t = (
      await until(
        () => transfersOf(w.coach),
        (l) => l.data[0]?.status === 'reversed',
      )
    ).data[0]
    expect(t).toMatchObject({ status: 'reversed', refunded: 10_000, fee: 0, net: 0 })
    expect((await balanceOf(w.coach))[0]).toMatchObject({ transferred: 0 })
    expect(localStripe().store.objects.get(tr.id)!).toMatchObject({ amount_reversed: 9_000, reversed: true })
    // Sweeping again changes nothing.
    await sweep()
    expect(stripeReversals(tr.id)).toHaveLength(2)
  }, 60_000)
})

describe('payouts: webhooks', () => {
  test('the Connect endpoint checks the signature with its own secret and applies each event once; payouts to the bank count as paid out', async () => {
    const w = await paidWorld(6_000)
    await enabledCoach(w.coach)
    pastRefundWindow(w.schedule.endDate)
    await sweep()
    const account = (await em().execute(`select stripe_account_id from connected_accounts where user_id = ?`, [w.coach.user.id]))[0].stripe_account_id
    const { app } = await import('../client')
    const post = (body: string, signature: string) =>
      fetch(`${app().url}/v1/payouts/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body })

    // Stripe pays 40.00 out to the bank, then the rest to an account that fails.
    const paid = await stripeAdmin().payouts.create({ amount: 4_000, currency: 'usd' }, { stripeAccount: account })
    await localStripe().settle()
    await until(
      async () => (await balanceOf(w.coach))[0].paidOut,
      (n) => n === 4_000,
    )
    const [row] = await em().execute(`select status, amount from connect_payouts where stripe_payout_id = ?`, [paid.id])
    expect(row).toEqual({ status: 'paid', amount: 4_000 })

    // Signed with the payments secret, not the Connect one: refused, nothing applied.
    const event = localStripe().store.events.filter((e: any) => e.type === 'payout.paid' && e.data.object.id === paid.id)[0]
    const payload = JSON.stringify(event)
    const wrong = await post(payload, signWebhook(payload))
    expect(wrong.status).toBe(400)
    const good = signWebhook(payload, { secret: 'whsec_local_summit_connect_secret' })
    const again = await post(payload, good)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    // An old timestamp is refused by the shared check.
    const stale = await post(payload, signWebhook(payload, { secret: 'whsec_local_summit_connect_secret', timestamp: Math.floor(Date.now() / 1000) - 3600 }))
    expect(stale.status).toBe(400)
    // So is one more than 5 minutes in the future.
    const ahead = await post(payload, signWebhook(payload, { secret: 'whsec_local_summit_connect_secret', timestamp: Math.floor(Date.now() / 1000) + 3600 }))
    expect(ahead.status).toBe(400)
    expect((await balanceOf(w.coach))[0].paidOut).toBe(4_000)
  }, 60_000)

  test('a reversal made at Stripe (the dashboard) reaches the platform endpoint as transfer.reversed and is recorded', async () => {
    const w = await paidWorld(5_000)
    await enabledCoach(w.coach)
    pastRefundWindow(w.schedule.endDate)
    await sweep()
    const [tr] = stripeTransfers(w.bookingId)
    await stripeAdmin().transfers.createReversal(tr.id, { amount: 1_000 })
    await localStripe().settle()
    const t = await until(
      () => transferRow(w.transferId),
      (r) => r.reversed === 1_000,
    )
    expect(t.reversed).toBe(1_000)
    expect((await transfersOf(w.coach)).data[0].status).toBe('partially_reversed')
    const rows = await em().execute(`select refund_id, amount, status from payout_reversals where transfer_id = ?`, [w.transferId])
    expect(rows).toEqual([{ refund_id: null, amount: 1_000, status: 'succeeded' }])
  }, 60_000)
})

describe('payouts: the API', () => {
  test('coaches see their own transfers; super-admins every coach, narrowed by tenant; filters, unknown ids, bad input', async () => {
    const a = await paidWorld(4_000)
    const b = await paidWorld(4_000)
    expect((await transfersOf(a.coach)).data.map((t: any) => t.bookingId)).toEqual([a.bookingId])
    expect((await a.coach.client.get(`/v1/payouts/transfers/${b.transferId}`)).status).toBe(404)
    expect((await a.coach.client.get(`/v1/payouts/transfers/${a.transferId}`)).body.data.bookingId).toBe(a.bookingId)
    expect((await a.coach.client.get('/v1/payouts/transfers/nope')).status).toBe(404)
    expect((await a.coach.client.get('/v1/payouts/transfers?filter[status]=bogus')).status).toBe(422)
    expect((await a.coach.client.get('/v1/payouts/transfers?filter[tenant]=x')).status).toBe(422)
    expect((await transfersOf(a.coach, '?filter[status]=transferred')).data).toEqual([])
    expect((await transfersOf(a.coach, `?filter[schedule]=${a.schedule.id}`)).data).toHaveLength(1)
    expect((await transfersOf(a.coach, `?filter[schedule]=${b.schedule.id}`)).data).toHaveLength(0)
    const admin = await superAdmin()
    admin.client.withTeam(a.tenant.slug)
    const mine = await transfersOf(admin, `?filter[tenant]=${b.tenant.slug}&perPage=100`)
    expect(mine.data.map((t: any) => t.bookingId)).toEqual([b.bookingId])
    expect((await transfersOf(admin, `?filter[tenant]=${b.tenant.id}`)).data.map((t: any) => t.bookingId)).toEqual([b.bookingId])
    expect((await transfersOf(admin, '?filter[tenant]=no-such-team')).data).toEqual([])
  })

  test('a super-admin marks a payout paid outside Stripe: its bookings settle and no transfer follows', async () => {
    const w = await paidWorld(5_000)
    await enabledCoach(w.coach)
    const admin = await superAdmin()
    admin.client.withTeam(w.tenant.slug)
    expect((await admin.client.post(`/v1/payouts/${w.schedule.id}/mark-paid`)).status).toBe(409)
    clock.shift(w.schedule.endDate.getTime() - Date.now() + HOUR)
    const paid = await admin.client.post(`/v1/payouts/${w.schedule.id}/mark-paid`)
    expect(paid.status).toBe(200)
    expect(paid.body.data).toMatchObject({ status: 'paid', net: 45, transferred: 45 })
    pastRefundWindow(w.schedule.endDate, DAY)
    await sweep()
    expect(stripeTransfers(w.bookingId)).toHaveLength(0)
    expect((await transfersOf(w.coach)).data[0]).toMatchObject({ status: 'transferred', stripeTransferId: null, net: 4_500 })
    expect((await balanceOf(w.coach))[0]).toMatchObject({ transferred: 4_500, available: 0 })
  }, 60_000)

  test('every figure reconciles to the bookings: gross - refunds - fee = pending + available + transferred', async () => {
    const w = await paidWorld(7_000)
    await payAnother(w, await actor())
    // A later session of the same coach: still pending after the first one is paid.
    const { schedule: later } = await makeSchedule({ tenant: w.tenant, coach: w.coach, price: 3_000, startInDays: 20 })
    expect(await checkout(w.client, later.id)).toMatchObject({ ok: true })
    await enabledCoach(w.coach)
    pastRefundWindow(w.schedule.endDate)
    await sweep()
    const [b] = await balanceOf(w.coach)
    const rows = await em().execute(
      `select coalesce(sum(p.amount) filter (where p.kind = 'payment' and p.status in ('succeeded', 'refunded')), 0)::int as gross,
              coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status in ('pending', 'succeeded')), 0)::int as refunded
         from payments p join bookings bk on bk.id = p.booking_id join workshop_schedules s on s.id = bk.workshop_schedule_id where s.coach_id = ?`,
      [w.coach.user.id],
    )
    // 70.00 + 70.00 + 30.00 paid, nothing refunded, 10% fee on each booking.
    expect(rows[0]).toEqual({ gross: 17_000, refunded: 0 })
    expect(b.pending + b.available + b.transferred).toBe(rows[0].gross - rows[0].refunded - (700 + 700 + 300))
    expect(b).toMatchObject({ transferred: 12_600, pending: 2_700, available: 0 })
  }, 60_000)
})
