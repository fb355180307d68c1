/**
 * Money in the browser: a company buyer of a Berlin team registered for VAT (euros, an online
 * workshop) turns on "I'm buying for a company", sees the schema's messages under the company's
 * fields (a VAT ID failing its check digit, then one of another country than the one chosen),
 * then with a valid French VAT ID sees the server's reverse charge (0 % with its sentence) in
 * the summary and at the card step, pays, and downloads an invoice that says reverse charge. A
 * consumer of the same team sees the French VAT the server computed. A yen workshop shows ¥
 * without decimals on its page, its checkout and the card step. `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { Availability, SessionType } from '../../src/modules/sessions/session.entity'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { app, em, uid } from '../client'
import { makeUser, noProblems, openAs, useBrowser } from './browser'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

setDefaultTimeout(120_000)
useBrowser()

const tag = uid()
let berlin: Awaited<ReturnType<typeof makeCoach>>
/** The company's paid booking (the first test), which the team's invoices page then lists. */
let companyBooking: string | null = null
/** With SHOTS=/dir: the page at 1280 and at 390 px wide. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return
  const size = page.viewportSize()
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  if (size) await page.setViewportSize(size)
}

beforeAll(async () => {
  berlin = await makeCoach('Lena', `Vogel${tag}`)
  // A German team registered for VAT, selling in euros, prices before tax ("+ VAT").
  await em().execute(`update tenants set currency = 'eur' where id = ?`, [berlin.tenant.id])
  await em().execute(
    `insert into tax_profiles (id, created_at, updated_at, tenant_id, legal_name, address, country, tax_id, registered, prices_include_tax, rates)
     values (?, now(), now(), ?, 'Berlin Coaching GmbH', 'Torstraße 1, 10119 Berlin', 'DE', 'DE136695976', true, false, '[]'::jsonb)`,
    [Bun.randomUUIDv7(), berlin.tenant.id],
  )
})

async function eurWorkshop(title: string) {
  const { schedule, workshop } = await makePublicSchedule(berlin, { title, price: 10000 })
  await em().execute(`update workshops set currency = 'eur', price_note = '+ VAT' where id = ?`, [workshop.id])
  return schedule
}

async function typeCard(page: Page, number: string) {
  for (const [label, value] of [
    ['Card number', number],
    ['Expiration date', '1234'],
    ['Security code', '123'],
  ] as const)
    await page.getByLabel(label).pressSequentially(value.replace(/\D/g, ''))
}

async function ready(page: Page) {
  await page.getByRole('form', { name: 'Booking details' }).waitFor()
  await page.locator('summit-island[data-island=checkout] > div[data-hydrated]').waitFor({ state: 'attached' })
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent()

describe('a company buys with its VAT ID', () => {
  test('the company’s fields checked by the schema; a French VAT ID makes it reverse charge; the invoice says so', async () => {
    const schedule = await eurWorkshop(`Negotiation for founders ${tag}`)
    const client = await makeUser({ profile: { firstName: 'Claire', lastName: 'Martin', country: 'FR', socialAccounts: [] } })
    const s = await openAs(client)
    const { page } = s
    // "+ VAT" beside the price on the workshop's page and its card.
    await page.goto(`/workshops/${schedule.id}`)
    expect(await page.getByTestId('book').count()).toBe(1)
    expect(await page.locator('#book').getByTestId('price-note').textContent()).toBe('+ VAT')
    await shot(page, 'eur-workshop')
    await page.goto(`/workshops?q=${encodeURIComponent(`Negotiation for founders ${tag}`)}`)
    expect(await page.getByTestId('price').first().textContent()).toBe('€100.00 + VAT')
    await shot(page, 'eur-listing')
    await page.goto(`/workshops/${schedule.id}/book`)
    await ready(page)
    // A consumer in France: the server's French VAT on top of the price.
    await page.getByTestId('tax-line').waitFor()
    expect(await text(page, 'tax-line')).toBe('VAT 20 % (FR)€20.00')
    expect(await text(page, 'total')).toBe('€120.00')
    expect(await page.getByTestId('order-summary').getByTestId('price-note').textContent()).toBe('+ VAT')

    await page.getByText('I’m buying for a company').click()
    const company = page.getByTestId('company-billing')
    await company.waitFor()
    await page.getByText('The tax is calculated once the company’s details are complete.').waitFor()
    // Sent empty: each required field says so, nothing is booked.
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await company.getByText('Company name is required').waitFor()
    await company.getByText('Please select a valid country').waitFor()
    await company.getByLabel('Company name').fill('Paris Conseil SARL')
    await company.getByLabel('Address').fill('1 rue de Rivoli, 75001 Paris')
    await company.getByLabel('Country').selectOption('FR')
    const vat = company.getByLabel('VAT ID (optional)')
    await vat.fill('FR40303265046')
    await vat.blur()
    await company.getByText('Please enter a valid VAT ID').waitFor()
    await vat.fill('DE136695976')
    await company.getByText('The VAT ID must be one of the country you chose').waitFor()
    await vat.fill('FR40303265045')
    await company.getByText('The VAT ID must be one of the country you chose').waitFor({ state: 'detached' })
    expect(await em().count(Booking, { user: client.id } as any, { filters: false })).toBe(0)

    // The server's reverse charge: 0 %, its sentence, the net price.
    await page.getByText('VAT 0 %: reverse charge').waitFor()
    expect(await text(page, 'total')).toBe('€100.00')
    expect(await text(page, 'tax-note')).toContain('Reverse charge')
    await shot(page, 'company-checkout')

    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByLabel('Card number').waitFor()
    expect(await page.getByTestId('amount-due').getByTestId('tax-line').textContent()).toBe('VAT 0 %: reverse charge€0.00')
    await typeCard(page, '4242424242424242')
    await page.getByRole('button', { name: 'Pay €100.00' }).click()
    await page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 30_000 })
    const [booking] = await em().find(Booking, { user: client.id } as any, { filters: false })
    expect(booking!.status).toBe('CONFIRMED')
    expect(booking!.billing).toMatchObject({ company: 'Paris Conseil SARL', country: 'FR', vatId: 'FR40303265045' })
    expect(booking!.tax).toMatchObject({ kind: 'reverse_charge', rate: 0 })
    companyBooking = booking!.id

    // The invoice, downloaded from the booking's page.
    await page.goto(`/b/bookings/${booking!.id}`)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download invoice' }).click()])
    const pdf = await getDocumentProxy(new Uint8Array(await Bun.file((await download.path())!).arrayBuffer()))
    const invoice = ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, ' ')
    for (const part of ['Berlin Coaching GmbH', 'DE136695976', 'Paris Conseil SARL', 'FR40303265045', 'Reverse charge', '100.00 EUR'])
      expect({ part, found: invoice.includes(part) }).toEqual({ part, found: true })
    expect(noProblems(s)).toEqual([])
    await s.close()
  })
})

describe('a company books a one-to-one session', () => {
  test('the same company fields on the session’s page: a VAT ID failing its check is refused under the field; a valid one books reverse charge', async () => {
    const m = em()
    m.create(Availability, {
      coach: berlin.user.id,
      timeZone: 'Europe/Berlin',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })),
      overrides: [],
    } as any)
    const type = m.create(SessionType, {
      tenant: berlin.tenant.id,
      coach: berlin.user.id,
      title: `Board prep ${tag}`,
      description: 'An hour before your board meeting.',
      durationMinutes: 60,
      price: 20000,
      currency: 'eur',
      mode: 'ONLINE',
      location: 'https://meet.example.com/lena',
      minimumNoticeMinutes: 60,
      bookingWindowDays: 60,
    } as any)
    await m.flush()
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString()
    const slots = await fetch(
      `${app().url}/v1/public/session-types/${type.id}/slots?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(to)}`,
    )
    const start = ((await slots.json()) as { data: { start: string }[] }).data[3]!.start

    const client = await makeUser({ profile: { firstName: 'Luc', lastName: 'Bernard', country: 'FR', socialAccounts: [] } })
    const s = await openAs(client)
    const { page } = s
    await page.goto(`/${berlin.user.username}/sessions/${type.id}?start=${encodeURIComponent(start)}`)
    const form = page.getByRole('form', { name: 'Confirm your session' })
    await form.waitFor()
    await form.getByText('I’m buying for a company').click()
    const company = form.getByTestId('company-billing')
    await company.getByLabel('Company name').fill('Paris Conseil SARL')
    await company.getByLabel('Address').fill('1 rue de Rivoli, 75001 Paris')
    await company.getByLabel('Country').selectOption('FR')
    await company.getByLabel('VAT ID (optional)').fill('FR40303265046')
    await form.getByRole('button', { name: 'Continue to payment' }).click()
    await company.getByText('Please enter a valid VAT ID').waitFor()
    expect(await em().count(Booking, { user: client.id } as any, { filters: false })).toBe(0)
    await company.getByLabel('VAT ID (optional)').fill('FR40303265045')
    await company.getByText('Please enter a valid VAT ID').waitFor({ state: 'detached' })
    await shot(page, 'session-company')
    await form.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByLabel('Card number').waitFor()
    const [booking] = await em().find(Booking, { user: client.id } as any, { filters: false })
    expect(booking!.billing).toMatchObject({ company: 'Paris Conseil SARL', country: 'FR', vatId: 'FR40303265045' })
    expect(booking!.tax).toMatchObject({ kind: 'reverse_charge', rate: 0 })
    expect(booking!.amountDue).toBe(20000)
    expect(noProblems(s)).toEqual([])
    await s.close()
  })
})

describe('the team’s invoices page', () => {
  test('a manager sees the reverse-charge invoice and downloads the tax report of a period; a coach of the team is told it is for managers', async () => {
    expect(companyBooking).not.toBeNull()
    const coachOnly = await openAs(berlin.user)
    await coachOnly.page.goto('/c/invoices')
    await coachOnly.page.getByText('Invoices are for the team’s managers').waitFor()
    expect(await coachOnly.page.getByRole('form', { name: 'Tax report' }).count()).toBe(0)
    await coachOnly.close()

    await em().nativeUpdate(Membership, { tenant: berlin.tenant.id, user: berlin.user.id }, { roles: ['manager', 'coach'] })
    const s = await openAs(berlin.user)
    const { page } = s
    await page.goto('/c/invoices')
    const row = page.getByRole('row').filter({ hasText: 'Paris Conseil SARL' })
    await row.waitFor()
    expect(await row.textContent()).toContain('Reverse charge')
    expect(await row.textContent()).toContain('€100.00')

    await shot(page, 'invoices')
    const form = page.getByRole('form', { name: 'Tax report' })
    await page.locator('summit-island[data-island=team-tax-report] > div[data-hydrated]').waitFor({ state: 'attached' })
    const today = new Date().toISOString().slice(0, 10)
    // The end before the start: the schema's message under "To", nothing downloaded.
    await form.getByLabel('From').fill(today)
    await form.getByLabel('To').fill('2020-01-01')
    await form.getByRole('button', { name: 'Download CSV' }).click()
    await form.getByText('The end of the period must not be before its start').waitFor()

    await form.getByLabel('From').fill(`${today.slice(0, 8)}01`)
    await form.getByLabel('To').fill(today)
    const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`tax-report-${berlin.tenant.slug}-${today.slice(0, 8)}01-${today}.csv`)
    const csv = await Bun.file((await download.path())!).text()
    const line = csv.split('\r\n').find((l) => l.includes('Reverse charge'))
    expect(line).toBeDefined()
    expect(line).toContain('EUR')
    expect(line).toContain('100.00')
    expect(noProblems(s)).toEqual([])
    await s.close()
  })
})

describe('a yen workshop', () => {
  test('¥ without decimals on its page, its checkout and the card step', async () => {
    const tokyo = await makeCoach('Haruto', `Sato${tag}`)
    await em().execute(`update tenants set currency = 'jpy' where id = ?`, [tokyo.tenant.id])
    const { schedule, workshop } = await makePublicSchedule(tokyo, { title: `Kaizen coaching ${tag}`, price: 1500 })
    await em().execute(`update workshops set currency = 'jpy' where id = ?`, [workshop.id])
    const client = await makeUser()
    const s = await openAs(client)
    const { page } = s
    await page.goto(`/workshops/${schedule.id}`)
    const body = async () => (await page.locator('main').textContent()) ?? ''
    expect(await body()).toContain('¥1,500')
    expect(await body()).not.toMatch(/¥1,500\.\d/)
    expect(await page.getByTestId('price-note').count()).toBe(0)
    await shot(page, 'yen-workshop')

    await page.goto(`/workshops/${schedule.id}/book`)
    await ready(page)
    await page.getByLabel('Seats').selectOption('3')
    expect(await text(page, 'total')).toBe('¥4,500')
    await shot(page, 'yen-checkout')
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByRole('button', { name: 'Pay ¥4,500' }).waitFor()
    expect(await page.getByTestId('amount-due').textContent()).not.toMatch(/¥[\d,]+\.\d/)
    const [booking] = await em().find(Booking, { user: client.id } as any, { filters: false })
    expect(booking!).toMatchObject({ currency: 'jpy', amountDue: 4500 })
    expect(noProblems(s)).toEqual([])
    await s.close()
  })
})
