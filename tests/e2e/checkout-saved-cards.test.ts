/**
 * One-click checkout in the browser. A returning client with a saved default card pays in two
 * clicks ("Continue to payment", "Pay"); an expired saved card is shown but cannot be picked.
 * A new card that asks for 3-D Secure (4000 0025 0000 3155) is authenticated in the Stripe.js
 * stand-in's test modal and saved with "Save this card for next time"; it then appears on
 * /b/payments and pays the next booking as a saved card, a refused authentication first
 * showing its message. `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { addCard } from '../../src/modules/payments'
import { em, uid } from '../client'
import { browserCard, stripeAdmin } from '../peers/stripe'
import { makeUser, noProblems, openAs, useBrowser } from './browser'
import { axe, shot } from './client-fixtures'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>

beforeAll(async () => {
  coach = await makeCoach('Nadia', `Osei${tag}`)
})

const bookingsOf = (userId: string, scheduleId: string) =>
  em().find(Booking, { user: userId, workshopSchedule: scheduleId } as any, { filters: false, orderBy: { createdAt: 'asc' } })

/** The checkout island hydrated (its form reacts). */
async function ready(page: Page) {
  await page.getByRole('form', { name: 'Booking details' }).waitFor()
  await page.locator('summit-island[data-island=checkout] > div[data-hydrated]').waitFor({ state: 'attached' })
}

/** Counts the clicks the page receives (the journey's "two clicks" is measured, not assumed). */
async function countClicks(page: Page) {
  await page.evaluate(() => {
    ;(window as any).__clicks = 0
    document.addEventListener('click', () => (window as any).__clicks++, true)
  })
  return () => page.evaluate(() => (window as any).__clicks as number)
}

async function typeCard(page: Page, number: string) {
  for (const [label, value] of [
    ['Card number', number],
    ['Expiration date', '1234'],
    ['Security code', '123'],
  ] as const) {
    await page.getByLabel(label).pressSequentially(value.replace(/\D/g, ''))
  }
}

describe('one-click checkout with saved cards', () => {
  test('a returning client pays with the saved default card in two clicks; an expired card is shown but not selectable', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Difficult conversations ${tag}`, price: 8900 })
    const client = await makeUser({ profile: { firstName: 'Rosa', lastName: 'Returning', socialAccounts: [] } })
    const visa = await browserCard('4242424242424242')
    await addCard(em() as any, client, visa.id, true)
    const old = await browserCard('5555555555554444')
    await addCard(em() as any, client, old.id, false)
    await stripeAdmin().paymentMethods.update(old.id, { card: { exp_month: 1, exp_year: new Date().getUTCFullYear() - 1 } } as any)

    const s = await openAs(client)
    await s.page.goto(`/workshops/${schedule.id}/book`)
    await ready(s.page)
    const clicks = await countClicks(s.page)

    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    const saved = s.page.getByRole('radio', { name: /^Visa ending 4242, expires 12\/\d\d$/ })
    await saved.waitFor()
    expect(await saved.isChecked()).toBe(true)
    const expired = s.page.getByRole('radio', { name: /^Mastercard ending 4444, expired 01\/\d\d$/ })
    expect(await expired.isDisabled()).toBe(true)
    expect(await s.page.getByRole('radio', { name: 'Use a new card' }).isChecked()).toBe(false)
    // No card fields while a saved card is chosen.
    expect(await s.page.getByLabel('Card number').count()).toBe(0)
    await shot(s.page, 'saved-card-step')
    expect(await axe(s.page)).toEqual([])

    await s.page.getByRole('button', { name: 'Pay $89.00' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    expect(await clicks()).toBe(2)
    const [b] = await bookingsOf(client.id, schedule.id)
    expect(b.status).toBe('CONFIRMED')
    expect(b.amountPaid).toBe(8900)
    expect(b.paymentMethod).toBe('card:visa')

    // /b/payments lists both: the expired one marked, removable, never offered as the default.
    await s.page.goto('/b/payments')
    const list = s.page.getByRole('list', { name: 'Saved cards' })
    const expiredRow = list.getByRole('listitem').filter({ hasText: '•••• 4444' })
    await expiredRow.getByText('Expired', { exact: true }).waitFor()
    expect(await expiredRow.getByRole('button', { name: 'Make card ending 4444 the default' }).count()).toBe(0)
    expect(await expiredRow.getByRole('button', { name: 'Remove card ending 4444' }).count()).toBe(1)
    await list.getByRole('listitem').filter({ hasText: '•••• 4242' }).getByText('Default', { exact: true }).waitFor()
    await shot(s.page, 'payments-expired')

    // Choosing a new card shows the card fields and the save box, off by default.
    const { schedule: next } = await makePublicSchedule(coach, { title: `Feedback that lands ${tag}`, price: 5000 })
    await s.page.goto(`/workshops/${next.id}/book`)
    await ready(s.page)
    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    await s.page.getByRole('radio', { name: 'Use a new card' }).check()
    await s.page.getByLabel('Card number').waitFor()
    expect(await s.page.getByRole('checkbox', { name: 'Save this card for next time' }).isChecked()).toBe(false)
    await s.page.setViewportSize({ width: 390, height: 844 })
    await shot(s.page, 'new-card-step-390')
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)

  test('a new card asking for 3-D Secure is authenticated and saved; it shows on /b/payments and pays the next booking after a refused try', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Coaching teams ${tag}`, price: 12000 })
    const client = await makeUser()
    const s = await openAs(client)
    await s.page.goto(`/workshops/${schedule.id}/book`)
    await ready(s.page)
    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    // No saved cards: the new-card form at once, nothing to choose.
    await s.page.getByLabel('Card number').waitFor()
    expect(await s.page.getByTestId('card-choice').count()).toBe(0)
    await typeCard(s.page, '4000 0025 0000 3155')
    await s.page.getByRole('checkbox', { name: 'Save this card for next time' }).check()
    await s.page.getByRole('button', { name: 'Pay $120.00' }).click()
    const modal = s.page.getByRole('dialog', { name: '3D Secure 2 Test Page' })
    await modal.waitFor()
    await shot(s.page, '3ds-modal')
    await modal.getByRole('button', { name: 'Complete' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    expect((await bookingsOf(client.id, schedule.id))[0].status).toBe('CONFIRMED')

    await s.page.goto('/b/payments')
    const cards = s.page.getByRole('list', { name: 'Saved cards' })
    await cards.getByText('•••• 3155').waitFor()
    expect(await cards.getByText('Default').count()).toBe(1)
    await shot(s.page, 'payments-saved')

    const { schedule: second } = await makePublicSchedule(coach, { title: `Coaching teams II ${tag}`, price: 6000 })
    await s.page.goto(`/workshops/${second.id}/book`)
    await ready(s.page)
    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    const saved = s.page.getByRole('radio', { name: /^Visa ending 3155/ })
    await saved.waitFor()
    expect(await saved.isChecked()).toBe(true)
    await s.page.getByRole('button', { name: 'Pay $60.00' }).click()
    await modal.waitFor()
    await modal.getByRole('button', { name: 'Fail' }).click()
    await s.page.getByTestId('card-error').getByText('We are unable to authenticate your payment method.', { exact: false }).waitFor({ timeout: 20_000 })
    expect((await bookingsOf(client.id, second.id))[0].status).toBe('PENDING')
    await s.page.getByRole('button', { name: 'Pay $60.00' }).click()
    await modal.waitFor()
    await modal.getByRole('button', { name: 'Complete' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    const [paid] = await bookingsOf(client.id, second.id)
    expect(paid.status).toBe('CONFIRMED')
    expect(paid.amountPaid).toBe(6000)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)
})
