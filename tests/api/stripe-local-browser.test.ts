/**
 * The Stripe.js stand-in in a real browser (Chromium): @stripe/stripe-js's loadStripe finds
 * window.Stripe (nothing is fetched from js.stripe.com), the card element mounts, and
 * confirmCardPayment / createPaymentMethod reach the local server. Skipped without Chromium.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import Stripe from 'stripe'
import { LOCAL_PUBLISHABLE_KEY, type StripeLocal, startStripeLocal } from '../../tools/stripe-local/server'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasBrowser = existsSync(CHROMIUM)

let local: StripeLocal
let site: ReturnType<typeof Bun.serve>
let browser: any
let page: any
let stripe: Stripe
const stripeJsRequests: string[] = []

beforeAll(async () => {
  if (!hasBrowser) return
  local = await startStripeLocal({ port: 0 })
  stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: local.port, protocol: 'http' })
  const built = await Bun.build({ entrypoints: [new URL('./stripe-local.checkout.ts', import.meta.url).pathname], target: 'browser', format: 'iife' })
  const bundle = await built.outputs[0].text()
  const html = `<!doctype html><html><head><script src="${local.url}/js/stripe.js"></script></head>
    <body><form><div id="card" style="border:1px solid #ccc;padding:8px"></div></form><script src="/checkout.js"></script></body></html>`
  site = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) =>
      new URL(req.url).pathname === '/checkout.js'
        ? new Response(bundle, { headers: { 'content-type': 'text/javascript' } })
        : new Response(html, { headers: { 'content-type': 'text/html' } }),
  })
  const { chromium } = await import('playwright-core')
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  page = await browser.newPage()
  await page.route('https://js.stripe.com/**', (route: any) => {
    stripeJsRequests.push(route.request().url())
    return route.abort()
  })
  await page.goto(`http://127.0.0.1:${site.port}/`)
  expect(await page.evaluate((pk: string) => (window as any).mountCheckout(pk), LOCAL_PUBLISHABLE_KEY)).toBe(true)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  site?.stop(true)
  await local?.stop()
}, 30_000)

async function typeCard(number: string, exp = '12 / 34', cvc = '123') {
  for (const [label, value] of [
    ['Card number', number],
    ['Expiration date', exp],
    ['Security code', cvc],
  ]) {
    const input = page.getByLabel(label)
    await input.fill('')
    await input.pressSequentially(value.replace(/\D/g, ''))
  }
}

describe.skipIf(!hasBrowser)('Stripe.js stand-in in Chromium', () => {
  test('loadStripe uses window.Stripe: no request to js.stripe.com', async () => {
    expect(stripeJsRequests).toEqual([])
    expect(await page.evaluate(() => document.querySelectorAll('script[src^="https://js.stripe.com"]').length)).toBe(0)
    expect(await page.getByLabel('Card number').count()).toBe(1)
  })

  test('confirmCardPayment with 4242 4242 4242 4242 succeeds; the card input formats and validates', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', metadata: { bookingId: 'browser' } })
    await typeCard('4242424242424242')
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242')
    expect(await page.evaluate(() => (window as any).lastChange)).toEqual({ complete: true, brand: 'visa', error: null })
    const r = await page.evaluate((cs: string) => (window as any).pay(cs), pi.client_secret)
    expect(r).toEqual({ status: 'succeeded', id: pi.id })
    const after = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] })
    expect((after.latest_charge as Stripe.Charge).payment_method_details?.card?.last4).toBe('4242')
  })

  test('a declined card answers an error; an incomplete card never reaches the server', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' })
    await typeCard('4000000000009995')
    expect(await page.evaluate((cs: string) => (window as any).pay(cs), pi.client_secret)).toMatchObject({
      error: 'card_declined',
      decline: 'insufficient_funds',
    })
    await typeCard('4242', '12 / 34')
    expect(await page.evaluate((cs: string) => (window as any).pay(cs), pi.client_secret)).toMatchObject({ error: 'incomplete_number' })
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method')
  })

  test('createPaymentMethod makes a card payment method', async () => {
    await typeCard('5555555555554444')
    const r = await page.evaluate(() => (window as any).saveCard())
    expect(r.last4).toBe('4444')
    expect((await stripe.paymentMethods.retrieve(r.id)).card?.brand).toBe('mastercard')
  })
})
