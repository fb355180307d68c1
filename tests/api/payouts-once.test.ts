/**
 * Exactly once: a booking's transfer is made once whatever runs it and however often. The job
 * run twice in parallel (and 30 times at once, as two app servers and redeliveries would) makes
 * one transfer; an answer lost after Stripe acted is replayed by the idempotency key; a worker
 * that stopped after recording its intent is taken over once its lease runs out and reconciled
 * from Stripe; a call Stripe refused is retried with a fresh key. The process kill test is in
 * payouts-crash.test.ts.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { LEASE_MS } from '../../src/modules/payouts/transfer.service'
import { clock } from '../../src/platform/clock'
import { runNow } from '../../src/platform/jobs'
import { em } from '../client'
import { localStripe } from '../peers/stripe'
import { enabledCoach, paidWorld, pastRefundWindow, stripeTransfers, transferRow, until } from './payouts.fixtures'

afterEach(() => clock.reset())

async function dueWorld(price = 5_000) {
  const w = await paidWorld(price)
  await enabledCoach(w.coach)
  pastRefundWindow(w.schedule.endDate)
  return w
}

describe('payouts: exactly once', () => {
  test('the transfer job run twice in parallel transfers once', async () => {
    const w = await dueWorld(5_000)
    await Promise.all([runNow('payouts.transfer', { transferId: w.transferId }), runNow('payouts.transfer', { transferId: w.transferId })])
    await until(
      () => transferRow(w.transferId),
      (r) => r.state === 'transferred',
    )
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
    expect(await transferRow(w.transferId)).toMatchObject({ state: 'transferred', amount: 4_500, stripe_transfer_id: stripeTransfers(w.bookingId)[0].id })
  }, 60_000)

  test('30 runs at once (jobs, sweeps, a second server) transfer once', async () => {
    const w = await dueWorld(6_000)
    const runs = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? runNow('payouts.sweep') : runNow('payouts.transfer', { transferId: w.transferId })))
    await Promise.all(runs)
    // Whatever was busy while the first one held the lease finds it done afterwards.
    await runNow('payouts.sweep')
    await until(
      () => transferRow(w.transferId),
      (r) => r.state === 'transferred',
    )
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
    expect((await transferRow(w.transferId)).state).toBe('transferred')
  }, 60_000)

  test("Stripe's answer lost after it acted: the SDK's retry with the same idempotency key gets the same transfer", async () => {
    const w = await dueWorld(4_000)
    localStripe().failNext('POST', '/v1/transfers', 1, 500, { after: true })
    await runNow('payouts.transfer', { transferId: w.transferId })
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
    expect((await transferRow(w.transferId)).stripe_transfer_id).toBe(stripeTransfers(w.bookingId)[0].id)
  }, 60_000)

  test('every answer lost: the row stays recorded as sending, and the next run finds the transfer at Stripe by its transfer_group', async () => {
    const w = await dueWorld(4_000)
    // The SDK tries three times; Stripe acts on the first and every answer is lost.
    localStripe().failNext('POST', '/v1/transfers', 3, 500, { after: true })
    await expect(runNow('payouts.transfer', { transferId: w.transferId })).rejects.toThrow()
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
    expect(await transferRow(w.transferId)).toMatchObject({ state: 'sending', stripe_transfer_id: null })
    await runNow('payouts.sweep')
    const row = await transferRow(w.transferId)
    expect(row).toMatchObject({ state: 'transferred', stripe_transfer_id: stripeTransfers(w.bookingId)[0].id })
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
  }, 60_000)

  test('a worker that stopped before calling Stripe: its lease runs out, the next run makes the transfer once', async () => {
    const w = await dueWorld(4_000)
    // What a crash right after the claim leaves behind: the intent, its lease, nothing at Stripe.
    await em().execute(
      `update payout_transfers set state = 'sending', amount = 3600, destination = (select stripe_account_id from connected_accounts where user_id = coach_id),
                          lease_until = ? where id = ?`,
      [new Date(clock.now().getTime() + LEASE_MS), w.transferId],
    )
    await runNow('payouts.sweep')
    expect(stripeTransfers(w.bookingId)).toHaveLength(0)
    clock.shift(LEASE_MS + 1000)
    await runNow('payouts.sweep')
    expect(stripeTransfers(w.bookingId).map((t) => t.amount)).toEqual([3_600])
    expect((await transferRow(w.transferId)).state).toBe('transferred')
  }, 60_000)

  test('a transfer Stripe refuses makes nothing: it waits with its reason and the next attempt uses a fresh key', async () => {
    const w = await dueWorld(4_000)
    localStripe().failNext('POST', '/v1/transfers', 1, 400)
    await runNow('payouts.transfer', { transferId: w.transferId })
    expect(stripeTransfers(w.bookingId)).toHaveLength(0)
    expect(await transferRow(w.transferId)).toMatchObject({ state: 'pending', attempt: 1 })
    expect((await transferRow(w.transferId)).failure_message).toContain('Injected failure')
    await runNow('payouts.sweep')
    await until(
      () => transferRow(w.transferId),
      (r) => r.state === 'transferred',
    )
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
  }, 60_000)
})
