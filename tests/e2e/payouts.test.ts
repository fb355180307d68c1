/**
 * Payouts in the browser, on the demo data: Leo (no payout account) sets up payouts through
 * the local Stripe server's hosted onboarding and comes back to "Payouts enabled", and the
 * money that waited for him is transferred; Maya's balance and transfers match her bookings;
 * no serious axe violations at desktop width and at 390 px.
 */
import { describe, expect, test } from 'bun:test'
import type { EntityManager } from '@mikro-orm/postgresql'
import { User } from '../../src/modules/users/user.entity'
import { em } from '../client'
import { localStripe } from '../peers/stripe'
import { noProblems, openAs, useBrowser } from './browser'
import { axe, demo, shot, visit } from './client-fixtures'

useBrowser()

const usd = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100)
const eur = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100)
const HOUR = 3_600_000

async function demoPayouts() {
  await demo()
  // What a demo start does at the local payment server (Maya's account, the charges whose money waits).
  const { ensureDemoPayouts } = await import('../../src/demo/payouts')
  await ensureDemoPayouts(em() as EntityManager)
  const maya = await em().findOneOrFail(User, { username: 'maya' })
  const leo = await em().findOneOrFail(User, { username: 'leo' })
  return { maya, leo }
}

/**
 * A coach's money worked out from the bookings themselves (payments and refunds), independent
 * of the payout ledger: each paid booking's net after refunds and the 10% fee, split into still
 * pending (session not over plus 24 h) and the rest.
 */
async function expectedFromBookings(coachId: string, currency: string | null = null) {
  const rows = await em().execute(
    `select b.id, s.end_date,
            coalesce(sum(p.amount) filter (where p.kind = 'payment' and p.status in ('succeeded', 'refunded')), 0)::int as paid,
            coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status in ('pending', 'succeeded')), 0)::int as refunded
       from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join payments p on p.booking_id = b.id
      where s.coach_id = ? and (?::text is null or b.currency = ?) group by b.id, s.end_date`,
    [coachId, currency, currency],
  )
  let pending = 0
  let due = 0
  let bookings = 0
  for (const r of rows) {
    const base = r.paid - r.refunded
    if (base <= 0) continue
    bookings++
    const net = base - Math.round(base * 0.1)
    if (new Date(r.end_date).getTime() + 24 * HOUR > Date.now()) pending += net
    else due += net
  }
  return { pending, due, bookings }
}

describe('payouts in the browser', () => {
  test('Leo sets up payouts through the hosted onboarding and sees "Payouts enabled"; the money that waited is transferred', async () => {
    const { leo } = await demoPayouts()
    const expected = await expectedFromBookings(leo.id)
    expect(expected.due).toBeGreaterThan(0)
    const s = await openAs(leo, { verified: true })
    await visit(s.page, '/c/account/payouts')
    await s.page.getByRole('heading', { name: 'Set up payouts' }).waitFor()
    expect(await s.page.getByTestId('money-waits').textContent()).toContain('waits on the platform')
    expect(await s.page.getByTestId('balance-available').textContent()).toBe(usd(expected.due))
    expect(await s.page.getByTestId('balance-transferred').textContent()).toBe(usd(0))
    for (const width of [1280, 390]) {
      await s.page.setViewportSize({ width, height: 900 })
      expect({ width, violations: await axe(s.page) }).toEqual({ width, violations: [] })
      await shot(s.page, `payouts-leo-${width}`)
    }
    await s.page.setViewportSize({ width: 1280, height: 900 })

    await s.page.getByRole('button', { name: 'Set up payouts' }).click()
    await s.page.waitForURL(/\/connect\/onboarding\//)
    await s.page.getByRole('heading', { name: 'Set up your Express account' }).waitFor()
    await shot(s.page, 'payouts-onboarding')
    await s.page.getByRole('button', { name: 'Complete onboarding' }).click()
    await s.page.waitForURL(/\/c\/account\/payouts\?onboarding=return/)
    await s.page.getByRole('region', { name: 'Payout account' }).getByText('Payouts enabled').waitFor()
    expect(await s.page.getByTestId('account-country').textContent()).toBe('Portugal')
    expect(await s.page.getByTestId('account-currency').textContent()).toBe('EUR')
    expect(await s.page.getByTestId('money-waits').count()).toBe(0)

    // account.updated reached the app: what waited for the account is transferred.
    await localStripe().settle()
    const deadline = Date.now() + 30_000
    let transferred = ''
    while (Date.now() < deadline) {
      await visit(s.page, '/c/account/payouts')
      transferred = (await s.page.getByTestId('balance-transferred').textContent()) ?? ''
      if (transferred === usd(expected.due)) break
      await Bun.sleep(250)
    }
    expect(transferred).toBe(usd(expected.due))
    expect(await s.page.getByTestId('balance-available').textContent()).toBe(usd(0))
    expect(await s.page.getByTestId('balance-pending').textContent()).toBe(usd(expected.pending))
    await s.page
      .getByRole('cell', { name: /Transferred/ })
      .first()
      .waitFor()
    // The Express dashboard opens from the same button.
    await s.page.getByRole('button', { name: 'Open the Stripe Express dashboard' }).click()
    await s.page.waitForURL(/\/connect\/express\//)
    await s.page.getByRole('button', { name: 'Pay out now' }).waitFor()
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 120_000)

  test("Maya's balance and transfers match her bookings; the workshop tab shows each booking's transfer; axe at both widths", async () => {
    const { maya } = await demoPayouts()
    const expected = await expectedFromBookings(maya.id)
    // Maya coaches in Acme (US dollars) and Northwind (euros): one balance per currency.
    const inUsd = await expectedFromBookings(maya.id, 'usd')
    const inEur = await expectedFromBookings(maya.id, 'eur')
    expect(inUsd.bookings).toBeGreaterThan(0)
    expect(inEur.bookings).toBeGreaterThan(0)
    const s = await openAs(maya, { verified: true })
    await visit(s.page, '/c/account/payouts')
    await s.page.getByRole('region', { name: 'Payout account' }).getByText('Payouts enabled').waitFor()
    // The bank's currency differs from the bookings' (GBP against USD and EUR): the page says Stripe converts.
    await s.page.getByTestId('currency-note').getByText('Stripe converts each transfer to GBP').waitFor()
    await s.page.getByRole('heading', { name: 'Balance in USD' }).waitFor()
    await s.page.getByRole('heading', { name: 'Balance in EUR' }).waitFor()
    expect(await s.page.getByTestId('balance-pending-usd').textContent()).toBe(usd(inUsd.pending))
    expect(await s.page.getByTestId('balance-transferred-usd').textContent()).toBe(usd(inUsd.due))
    expect(await s.page.getByTestId('balance-available-usd').textContent()).toBe(usd(0))
    expect(await s.page.getByTestId('balance-pending-eur').textContent()).toBe(eur(inEur.pending))
    expect(await s.page.getByTestId('balance-transferred-eur').textContent()).toBe(eur(inEur.due))
    expect(await s.page.getByTestId('balance-available-eur').textContent()).toBe(eur(0))
    expect(await s.page.getByText(`${expected.bookings} results`).count()).toBe(1)
    // Only the transferred ones, through the table's filter (applied on change).
    await s.page.getByRole('combobox', { name: /^Transfer/ }).selectOption('transferred')
    await s.page.waitForURL(/status=transferred/)
    await s.page
      .getByRole('cell', { name: /Pending/ })
      .first()
      .waitFor({ state: 'detached' })
    expect(await s.page.getByRole('cell', { name: /^Transferred/ }).count()).toBeGreaterThan(0)

    for (const width of [1280, 390]) {
      await s.page.setViewportSize({ width, height: 900 })
      await visit(s.page, '/c/account/payouts')
      expect({ width, violations: await axe(s.page) }).toEqual({ width, violations: [] })
      await shot(s.page, `payouts-maya-${width}`)
    }
    const [workshop] = await em().execute(`select w.id from workshops w where w.coach_id = ? order by w.title limit 1`, [maya.id])
    for (const width of [1280, 390]) {
      await s.page.setViewportSize({ width, height: 900 })
      await visit(s.page, `/c/workshops/${workshop.id}/payouts`)
      await s.page.getByRole('heading', { name: 'Per booking' }).waitFor()
      expect({ width, violations: await axe(s.page) }).toEqual({ width, violations: [] })
      await shot(s.page, `payouts-workshop-${width}`)
    }
    expect(await s.page.getByRole('cell', { name: /^Transferred/ }).count()).toBeGreaterThan(0)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 120_000)
})
