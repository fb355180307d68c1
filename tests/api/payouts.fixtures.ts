/**
 * Payout fixtures: a coach with a paid booking (a real checkout through the local Stripe
 * server), the coach's onboarding through the hosted page as a person completes it, and what
 * the local Stripe server holds (transfers, reversals).
 */
import { expect } from 'bun:test'
import { clock } from '../../src/platform/clock'
import { type Actor, em } from '../client'
import { localStripe } from '../peers/stripe'
import { reauthenticate } from '../reauth'
import { world } from './bookings.fixtures'
import { checkout } from './checkout.fixtures'

export const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** Waits for a condition the app reaches on its own (a webhook, a job), never for a fixed time. */
export async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms
  let v = await fn()
  while (!ok(v) && Date.now() < end) {
    await Bun.sleep(100)
    v = await fn()
  }
  return v
}

/** A coach's world with one paid booking of `price` per seat (minor units). */
export async function paidWorld(price = 10_000, opts: { seats?: number; startInDays?: number } = {}) {
  const w = await world({ price, startInDays: opts.startInDays ?? 3 })
  const done = await checkout(w.client, w.schedule.id, { seats: opts.seats ?? 1 })
  expect(done).toMatchObject({ ok: true })
  const [transfer] = await em().execute(`select id from payout_transfers where booking_id = ?`, [done.bookingId])
  return { ...w, bookingId: done.bookingId!, transferId: transfer.id as string }
}

/** Another paid booking on the same schedule. */
export async function payAnother(w: Awaited<ReturnType<typeof paidWorld>>, client: Actor) {
  const done = await checkout(client, w.schedule.id)
  expect(done).toMatchObject({ ok: true })
  const [transfer] = await em().execute(`select id from payout_transfers where booking_id = ?`, [done.bookingId])
  return { bookingId: done.bookingId!, transferId: transfer.id as string }
}

/** Opens the coach's onboarding link and clicks its button (`complete` or `partial`); answers where Stripe sent the browser. */
export async function onboard(coach: Actor, action: 'complete' | 'partial' = 'complete', bank = '000123456789') {
  // Linking a payout account is a sensitive action: a fresh second check first.
  await reauthenticate(coach)
  const link = await coach.client.post('/v1/payouts/account/link')
  expect(link.status).toBe(200)
  const page = await fetch(link.body.data.url)
  expect(await page.text()).toContain('Complete onboarding')
  const done = await fetch(link.body.data.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, bank }),
    redirect: 'manual',
  })
  expect(done.status).toBe(303)
  await localStripe().settle()
  return done.headers.get('location')
}

/** An enabled coach account (the webhook processed). */
export async function enabledCoach(coach: Actor) {
  await onboard(coach)
  const account = await until(
    () => coach.client.get('/v1/payouts/account'),
    (r) => r.body.data?.status === 'enabled',
  )
  expect(account.body.data.status).toBe('enabled')
  // The sweep queued for this coach when the account was enabled has run (nothing was due yet).
  await until(
    async () =>
      (
        await em().execute(
          `select count(*)::int as n from pgboss.job where name = 'payouts.sweep' and data->>'coachId' = ? and state in ('created', 'retry', 'active')`,
          [coach.user.id],
        )
      )[0].n,
    (n) => n === 0,
  )
}

/** Moves the app's clock past the session's end and its refund window. */
export function pastRefundWindow(scheduleEnd: Date, extraMs = HOUR) {
  const target = scheduleEnd.getTime() + 24 * HOUR + extraMs
  clock.shift(Math.max(0, target - clock.now().getTime()))
}

export const stripeTransfers = (bookingId: string) =>
  [...localStripe().store.objects.values()].filter((o: any) => o.object === 'transfer' && o.transfer_group === `booking-${bookingId}`)
export const stripeReversals = (transferId: string) =>
  [...localStripe().store.objects.values()].filter((o: any) => o.object === 'transfer_reversal' && o.transfer === transferId)

export const transferRow = async (id: string) => (await em().execute(`select * from payout_transfers where id = ?`, [id]))[0]

/**
 * Runs the sweep and waits until no transfer or reversal is in flight: a job of the app (the
 * sweep queued when an account is enabled, a retry) may hold one under its lease meanwhile.
 */
export async function sweepAndSettle() {
  const { runNow } = await import('../../src/platform/jobs')
  await runNow('payouts.sweep')
  await until(
    async () =>
      (
        await em().execute(
          `select (select count(*) from payout_transfers where state = 'sending' and lease_until is not null)
                + (select count(*) from payout_reversals where status = 'pending' and lease_until is not null) as n`,
        )
      )[0].n,
    (n) => Number(n) === 0,
  )
  await localStripe().settle()
}
