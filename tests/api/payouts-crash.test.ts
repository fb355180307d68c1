/**
 * A second app process makes a booking's transfer and is killed (SIGKILL) after Stripe made it
 * and before the process recorded it. The intent was recorded first (the row is `sending`
 * under a lease); once the lease runs out the next run reconciles from Stripe (the transfer of
 * the booking's transfer_group carrying the row's id) and records it: one transfer, never two.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { LEASE_MS } from '../../src/modules/payouts/transfer.service'
import { clock } from '../../src/platform/clock'
import { runNow } from '../../src/platform/jobs'
import { app } from '../client'
import { localStripe } from '../peers/stripe'
import { enabledCoach, paidWorld, pastRefundWindow, stripeTransfers, transferRow, until } from './payouts.fixtures'

afterEach(() => clock.reset())

const ROOT = resolve(import.meta.dir, '../..')

describe('payouts: a process killed between the Stripe call and its record', () => {
  test('the next run reconciles from Stripe without a second transfer', async () => {
    const w = await paidWorld(9_000)
    await enabledCoach(w.coach)
    // The other process runs on the real clock: the session must be due there too.
    await (await import('../client'))
      .em()
      .execute(`update workshop_schedules set start_date = now() - interval '3 days', end_date = now() - interval '3 days' + interval '2 hours' where id = ?`, [
        w.schedule.id,
      ])

    // Stripe makes the transfer, then holds its answer until the test has killed the caller.
    const killed = Promise.withResolvers<void>()
    localStripe().failNext('POST', '/v1/transfers', 1, 500, { after: true, wait: killed.promise })
    const worker = Bun.spawn([process.execPath, 'run', resolve(import.meta.dir, 'payouts-crash.worker.ts'), w.transferId], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: app().databaseUrl,
        STRIPE_API_URL: localStripe().url,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    try {
      const made = await until(
        () => stripeTransfers(w.bookingId),
        (l) => l.length > 0 || worker.exitCode !== null,
        60_000,
      )
      expect(made).toHaveLength(1)
      // Recorded before the call, not after it.
      expect(await transferRow(w.transferId)).toMatchObject({ state: 'sending', amount: 8_100, stripe_transfer_id: null })
      worker.kill('SIGKILL')
      await worker.exited
    } finally {
      killed.resolve()
      if (worker.exitCode === null) worker.kill('SIGKILL')
    }
    expect(worker.signalCode).toBe('SIGKILL')
    expect(await transferRow(w.transferId)).toMatchObject({ state: 'sending', stripe_transfer_id: null })

    // Another server runs the job at once: the killed worker's lease still holds, so it waits.
    await runNow('payouts.transfer', { transferId: w.transferId })
    expect((await transferRow(w.transferId)).state).toBe('sending')
    // Once the lease ran out, the sweep takes over and finds the transfer at Stripe.
    clock.shift(LEASE_MS + 1000)
    await runNow('payouts.sweep')
    const row = await transferRow(w.transferId)
    expect(row).toMatchObject({ state: 'transferred', stripe_transfer_id: stripeTransfers(w.bookingId)[0].id, amount: 8_100 })
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
    await runNow('payouts.sweep')
    expect(stripeTransfers(w.bookingId)).toHaveLength(1)
  }, 120_000)
})
