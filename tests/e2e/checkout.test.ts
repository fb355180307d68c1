/**
 * Booking and paying in the browser: a signed-in client finds a workshop on /workshops, opens
 * its checkout, books a seat and pays by card through Stripe.js (the local stand-in: no request
 * leaves the machine), sees the confirmation, and the booking is CONFIRMED in the database. A
 * declined card shows the decline message and the same form pays on a retry; a free voucher
 * confirms without a card; the address rules of the booking schema show under their fields;
 * visitors are sent to sign in first. `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { Voucher } from '../../src/modules/vouchers/voucher.entity'
import { app, em, uid } from '../client'
import { makeUser, noProblems, open, openAs, useBrowser } from './browser'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>
const shot = (page: Page, name: string) =>
  process.env.SHOTS ? page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve()

beforeAll(async () => {
  coach = await makeCoach('Priya', `Raman${tag}`)
})

async function bookingsOf(userId: string, scheduleId: string) {
  const rows = await em().find(Booking, { user: userId, workshopSchedule: scheduleId } as any, { filters: false, orderBy: { createdAt: 'asc' } })
  return rows
}

async function typeCard(page: Page, number: string, exp = '12 / 34', cvc = '123') {
  for (const [label, value] of [
    ['Card number', number],
    ['Expiration date', exp],
    ['Security code', cvc],
  ] as const) {
    const input = page.getByLabel(label)
    await input.fill('')
    await input.pressSequentially(value.replace(/\D/g, ''))
  }
}

/** Waits until the island hydrated (the form reacts) on /workshops/{id}/book. */
async function ready(page: Page) {
  await page.getByRole('form', { name: 'Booking details' }).waitFor()
  // Set once React hydrated the island and its effects ran.
  await page.locator('summit-island[data-island=checkout] > div[data-hydrated]').waitFor({ state: 'attached' })
}

describe('checkout', () => {
  test('find a workshop, book 1 seat, pay with 4242 4242 4242 4242: confirmed', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Storytelling for leaders ${tag}`, price: 14900, maxSeats: 6, seatsTaken: 1 })
    const client = await makeUser({ profile: { firstName: 'Mia', lastName: 'Client', socialAccounts: [] } })
    const s = await openAs(client)
    const stripeRequests: string[] = []
    s.page.on('request', (r) => /stripe\.com/.test(r.url()) && stripeRequests.push(r.url()))

    await s.page.goto(`/workshops?q=${encodeURIComponent(`Storytelling for leaders ${tag}`)}`)
    await s.page.getByRole('link', { name: `Storytelling for leaders ${tag}`, exact: true }).click()
    await s.page.waitForURL(`**/workshops/${schedule.id}`)
    await s.page.getByTestId('book').click()
    await s.page.waitForURL(`**/workshops/${schedule.id}/book`)
    expect(await s.page.title()).toBe(`Book Storytelling for leaders ${tag} | Summit (test)`)
    await ready(s.page)
    // Seats: 1 to the seats left.
    const options = await s.page.getByLabel('Seats').locator('option').allTextContents()
    expect(options).toEqual(['1 seat', '2 seats', '3 seats', '4 seats', '5 seats'])
    await s.page.getByLabel('Seats').selectOption('2')
    await expect(s.page.getByTestId('total').textContent()).resolves.toBe('$298.00')
    await s.page.getByLabel('Seats').selectOption('1')
    await expect(s.page.getByTestId('total').textContent()).resolves.toBe('$149.00')
    await shot(s.page, 'book')

    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    await s.page.getByLabel('Card number').waitFor()
    const [pending] = await bookingsOf(client.id, schedule.id)
    expect(pending.status).toBe('PENDING')
    // The seat hold counts down (15 minutes by default).
    expect(await s.page.getByTestId('hold').textContent()).toMatch(/^Your seat is held for you for 1[45]:\d\d\.$/)
    await typeCard(s.page, '4242 4242 4242 4242')
    await shot(s.page, 'pay')
    await s.page.getByRole('button', { name: 'Pay $149.00' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    await shot(s.page, 'confirmed')
    const link = s.page.getByRole('link', { name: 'View booking' })
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^/b(/bookings/${pending.id})?$`))

    const [paid] = await bookingsOf(client.id, schedule.id)
    expect(paid.id).toBe(pending.id)
    expect(paid.status).toBe('CONFIRMED')
    expect(paid.amountPaid).toBe(14900)
    expect(paid.seats).toBe(1)
    expect(stripeRequests).toEqual([])
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 60_000)

  test('a declined card 4000 0000 0000 0002 shows the error; retries, and a reload resumes the held booking', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Pricing workshop ${tag}`, price: 9900 })
    const client = await makeUser()
    const s = await openAs(client)
    await s.page.goto(`/workshops/${schedule.id}/book`)
    await ready(s.page)
    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    await s.page.getByLabel('Card number').waitFor()
    await typeCard(s.page, '4000 0000 0000 0002')
    await s.page.getByRole('button', { name: 'Pay $99.00' }).click()
    await s.page.getByTestId('card-error').getByText('Your card was declined.').waitFor({ timeout: 20_000 })
    await shot(s.page, 'declined')
    expect((await bookingsOf(client.id, schedule.id))[0].status).toBe('PENDING')

    // The same form tries again.
    await typeCard(s.page, '4000 0000 0000 9995')
    await s.page.getByRole('button', { name: 'Pay $99.00' }).click()
    await s.page.getByTestId('card-error').getByText('Your card has insufficient funds.').waitFor({ timeout: 20_000 })
    // Coming back later resumes the held booking at the card step (no second booking).
    await s.page.reload()
    await s.page.getByRole('heading', { name: 'Pay by card' }).waitFor()
    await s.page.getByLabel('Card number').waitFor()
    await typeCard(s.page, '4242 4242 4242 4242')
    await s.page.getByRole('button', { name: 'Pay $99.00' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    const rows = await bookingsOf(client.id, schedule.id)
    expect(rows.length).toBe(1)
    expect(rows[0].status).toBe('CONFIRMED')
    expect(rows[0].amountPaid).toBe(9900)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 60_000)

  test('a free voucher shows its discount and confirms without a card; address rules show under the fields', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Hiring well ${tag}`, price: 5000 })
    const code = `FREE${tag}`.toUpperCase().slice(0, 32)
    const m = em()
    m.create(Voucher, { tenant: coach.tenant.id, code, data: { discountType: 'free', discountValue: 0 }, maxUses: 5 } as any)
    await m.flush()
    const client = await makeUser()
    const s = await openAs(client)
    await s.page.goto(`/workshops/${schedule.id}/book`)
    await ready(s.page)

    // Sent without checking: the server's 422 lands under the voucher field.
    await s.page.getByLabel('Voucher code (optional)').fill('NOPE-NOT-A-CODE')
    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    await s.page.getByText('This voucher code is not valid.').waitFor()
    expect(await s.page.getByLabel('Voucher code (optional)').getAttribute('aria-invalid')).toBe('true')
    expect(await bookingsOf(client.id, schedule.id)).toEqual([])
    await s.page.getByLabel('Voucher code (optional)').fill('NOPE-STILL-NOT')
    await s.page.getByRole('button', { name: 'Apply' }).click()
    await s.page.getByText('This voucher code is not valid.').waitFor()
    await s.page.getByLabel('Voucher code (optional)').fill(code)
    await s.page.getByRole('button', { name: 'Apply' }).click()
    await s.page.getByText('This voucher can be applied.').waitFor()
    await expect(s.page.getByTestId('total').textContent()).resolves.toBe('$0.00')

    // The booking schema's address rules, on blur and on submit.
    await s.page.getByLabel('Add a billing address to the invoice').check()
    await s.page.getByLabel('Address line 1').focus()
    await s.page.getByLabel('Address line 1').blur()
    await s.page.getByText('Address line 1 is required').waitFor()
    await s.page.getByRole('button', { name: 'Confirm booking' }).click()
    await s.page.getByText('City is required').waitFor()
    await s.page.getByText('Please select a valid country').waitFor()
    await shot(s.page, 'address-errors')
    expect(await bookingsOf(client.id, schedule.id)).toEqual([])
    await s.page.getByLabel('Address line 1').fill('10 Downing Street')
    await s.page.getByLabel('City').fill('London')
    await s.page.getByLabel('State / region').fill('Greater London')
    await s.page.getByLabel('ZIP / postal code').fill('SW1A 2AA')
    await s.page.getByLabel('Country').selectOption('GB')
    await s.page.getByRole('button', { name: 'Confirm booking' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    expect(await s.page.getByLabel('Card number').count()).toBe(0)
    const [b] = await bookingsOf(client.id, schedule.id)
    expect(b.status).toBe('CONFIRMED')
    expect(b.amountDue).toBe(0)
    expect(b.voucherCode).toBe(code)
    expect(b.address).toMatchObject({ addressLine1: '10 Downing Street', city: 'London', country: 'GB' })
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 60_000)

  test('visitors are sent to sign in first; an unknown schedule is the 404 page', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Guarded ${tag}` })
    const res = await fetch(`${app().url}/workshops/${schedule.id}/book`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(`/workshops/${schedule.id}/book`)}`)
    const s = await openAs(await makeUser())
    const r = await s.page.goto('/workshops/00000000-0000-7000-8000-000000000000/book')
    expect(r?.status()).toBe(404)
    await s.close()
    const anon = await open()
    await anon.page.goto(`/workshops/${schedule.id}/book`)
    await anon.page.waitForURL(/\/login\?redirect=/)
    await anon.close()
  }, 60_000)
})
