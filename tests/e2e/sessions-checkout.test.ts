/**
 * The session checkout's three ways in, in Chromium: a visitor picks a paid session's time,
 * creates an account on the way (the mailed code, the name, the client role) and comes back to
 * the same time, then pays with a new card and saves it; a returning client books another paid
 * session with the saved card (no card fields); a free intro call is confirmed without a card
 * step. Each ends on the confirmation with the booking CONFIRMED in the database and its time
 * gone from the free times. And the whole free journey: a visitor opens the intro call from the
 * coach's profile, signs up on the way, confirms, and gets the confirmation mail with the
 * session's calendar file (its start on the coach's clock), the same event the confirmation's
 * and the booking page's calendar links answer. `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { addCard } from '../../src/modules/payments'
import { Availability, SessionType } from '../../src/modules/sessions/session.entity'
import { User } from '../../src/modules/users/user.entity'
import { app, em, uid } from '../client'
import { extractCode, waitForNewMail } from '../mail'
import { browserCard } from '../peers/stripe'
import { makeUser, noProblems, open, openAs, type Session, useBrowser } from './browser'
import { makeCoach } from './marketplace.fixtures'
import { freeTimes, shot } from './sessions.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>
let paidId: string
let introId: string
beforeAll(async () => {
  coach = await makeCoach('Ines', `Checkout${tag}`)
  const m = em()
  // Hours every day, all day: the month shown first always has free times.
  m.create(Availability, {
    coach: coach.user.id,
    timeZone: 'America/New_York',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })),
    overrides: [],
  } as any)
  const paid = m.create(SessionType, {
    tenant: coach.tenant.id,
    coach: coach.user.id,
    title: `Career session ${tag}`,
    description: 'An hour on your next move.',
    durationMinutes: 60,
    price: 7500,
    currency: 'usd',
    mode: 'ONLINE',
    location: 'https://meet.example.com/ines',
    minimumNoticeMinutes: 60,
    bookingWindowDays: 60,
  } as any)
  const intro = m.create(SessionType, {
    tenant: coach.tenant.id,
    coach: coach.user.id,
    title: `Intro call ${tag}`,
    description: 'Twenty minutes to see if we fit.',
    durationMinutes: 20,
    price: 0,
    currency: 'usd',
    mode: 'PHONE',
    location: '+1 212 555 0100',
    minimumNoticeMinutes: 60,
    bookingWindowDays: 60,
  } as any)
  await m.flush()
  paidId = paid.id
  introId = intro.id
})

/** The booking page hydrated, a day with free times chosen: the `nth` time of that day picked (its start). */
async function pickTime(page: Page, typeId: string, nth = 0): Promise<string> {
  await page.goto(`/${coach.user.username}/sessions/${typeId}`)
  return chooseTime(page, nth)
}

/** On a session's booking page: a day with free times chosen, the `nth` time of that day picked (its start). */
async function chooseTime(page: Page, nth = 0): Promise<string> {
  await page.locator('summit-island[data-island=session-booking] > div[data-hydrated]').waitFor({ state: 'attached' })
  const month = page.getByTestId('month')
  await month.and(page.locator(':not([aria-busy])')).waitFor()
  // Late in a month its last free times may be gone: the next month then.
  if ((await month.locator('button:not([disabled])').count()) === 0) {
    await page.getByRole('button', { name: 'Next month' }).click()
    await month.and(page.locator(':not([aria-busy])')).waitFor()
  }
  // The second day with times: its times are whole (the first may be cut by the notice).
  const days = month.locator('button:not([disabled])')
  await days.nth((await days.count()) > 1 ? 1 : 0).click()
  const time = page.getByRole('list', { name: 'Free times' }).getByRole('button').nth(nth)
  const start = (await time.getAttribute('data-start'))!
  await time.click()
  await page.getByRole('form', { name: 'Confirm your session' }).waitFor()
  return start
}

async function typeCard(page: Page, number: string) {
  for (const [label, value] of [
    ['Card number', number],
    ['Expiration date', '12 / 34'],
    ['Security code', '123'],
  ] as const) {
    const input = page.getByLabel(label)
    await input.fill('')
    await input.pressSequentially(value.replace(/\D/g, ''))
  }
}

const bookingOf = async (userId: string, typeId: string) =>
  (await em().find(Booking, { user: userId, sessionType: typeId } as any, { filters: false, orderBy: { createdAt: 'desc' } }))[0]

/** The confirmation, the booking confirmed at `start`, and that time no longer offered. */
async function confirmed(s: Session, userId: string, typeId: string, start: string, paid: number) {
  await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 30_000 })
  const b = await bookingOf(userId, typeId)
  expect(b).toMatchObject({ status: 'CONFIRMED', amountPaid: paid })
  expect(b!.startsAt?.toISOString()).toBe(start)
  expect(await freeTimes(typeId)).not.toContain(start)
  return b!
}

/**
 * Signed out on a session's booking page with a time picked: "Create an account", the mailed
 * code, the name and the client role, and back on the same page at the same time, signed in.
 * The new account's address.
 */
async function createAccountOnTheWay(page: Page, typeId: string, start: string, first: string, last: string): Promise<string> {
  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.waitForURL((u) => u.pathname === '/register')
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/${coach.user.username}/sessions/${typeId}?start=${encodeURIComponent(start)}`)

  const email = `${first.toLowerCase()}-${tag}-${Date.now().toString(36)}@test.example`
  await page.getByLabel('Email').fill(email)
  const mail = waitForNewMail(email, (m) => /\d{6}/.test(m.text))
  await page.getByRole('button', { name: 'Continue with email' }).click()
  const code = extractCode(await mail)
  await page.getByText(`Enter the 6-digit code we sent to ${email}.`).waitFor()
  await page.locator('[data-part=input]').first().click()
  await page.keyboard.type(code)
  await page.waitForURL('**/onboarding/1')
  await page.getByLabel('First Name').fill(first)
  await page.getByLabel('Last Name').fill(last)
  await page.getByLabel('Username').fill(`${first.toLowerCase()}${Date.now().toString(36).slice(-6)}`)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL('**/onboarding/2')
  await page.getByRole('radio', { name: /Book workshops/ }).click()
  await page.getByRole('button', { name: 'Finish' }).click()

  // Back on the session's page at the time picked before, now signed in.
  await page.waitForURL((u) => u.pathname === `/${coach.user.username}/sessions/${typeId}`)
  await page.getByRole('form', { name: 'Confirm your session' }).waitFor()
  return email
}

/** "20261201T100000": an instant as the wall clock of `tz` reads it, as iCalendar writes a DTSTART;TZID=. */
function icsLocal(iso: string, tz: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`
}

describe('the session checkout', () => {
  test('a visitor picks a paid session, creates an account on the way, comes back to the same time and pays with a new card (saved)', async () => {
    const s = await open()
    const start = await pickTime(s.page, paidId)
    expect(await s.page.getByText('Sign in or create an account to book this time').count()).toBe(1)
    await shot(s.page, 'session-signed-out')
    const email = await createAccountOnTheWay(s.page, paidId, start, 'Vera', 'Visitor')
    const button = s.page.getByRole('button', { name: 'Continue to payment' })
    await button.waitFor()
    const user = await em().findOneOrFail(User, { email }, { refresh: true })
    expect(user.status).toBe('active')
    await button.click()

    // A new card: no saved ones yet, the card fields at once.
    await s.page.getByLabel('Card number').waitFor()
    expect(await s.page.getByTestId('card-choice').count()).toBe(0)
    const held = await bookingOf(user.id, paidId)
    expect(held).toMatchObject({ status: 'PENDING', amountDue: 7500 })
    expect(held!.startsAt?.toISOString()).toBe(start)
    await typeCard(s.page, '4242 4242 4242 4242')
    await s.page.getByRole('checkbox', { name: 'Save this card for next time' }).check()
    await shot(s.page, 'session-new-card')
    await s.page.getByRole('button', { name: 'Pay $75.00' }).click()
    const b = await confirmed(s, user.id, paidId, start, 7500)
    expect(b.paymentMethod).toBe('card:visa')
    await shot(s.page, 'session-paid')

    // The card is kept for next time.
    await s.page.goto('/b/payments')
    await s.page.getByRole('list', { name: 'Saved cards' }).getByText('•••• 4242').waitFor()
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 180_000)

  test('a returning client books another paid session with the saved card: no card fields, one press to pay', async () => {
    const client = await makeUser({ profile: { firstName: 'Rui', lastName: 'Returning', socialAccounts: [] } })
    const visa = await browserCard('4242424242424242')
    await addCard(em() as any, client, visa.id, true)
    const s = await openAs(client)
    const start = await pickTime(s.page, paidId, 1)
    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    const saved = s.page.getByRole('radio', { name: /^Visa ending 4242, expires 12\/\d\d$/ })
    await saved.waitFor()
    expect(await saved.isChecked()).toBe(true)
    expect(await s.page.getByLabel('Card number').count()).toBe(0)
    await shot(s.page, 'session-saved-card')
    await s.page.getByRole('button', { name: 'Pay $75.00' }).click()
    const b = await confirmed(s, client.id, paidId, start, 7500)
    expect(b.paymentMethod).toBe('card:visa')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 120_000)

  test('a free intro call is confirmed at once: no card step, nothing paid', async () => {
    const client = await makeUser({ profile: { firstName: 'Fay', lastName: 'Free', socialAccounts: [] } })
    const s = await openAs(client)
    const start = await pickTime(s.page, introId)
    expect(await s.page.getByTestId('session-summary').textContent()).toContain('Free')
    // No voucher for a free call, and no payment to continue to.
    expect(await s.page.getByLabel('Voucher code (optional)').count()).toBe(0)
    expect(await s.page.getByRole('button', { name: 'Continue to payment' }).count()).toBe(0)
    await s.page.getByRole('button', { name: 'Confirm booking' }).click()
    const b = await confirmed(s, client.id, introId, start, 0)
    expect(b.amountDue).toBe(0)
    expect(await s.page.getByLabel('Card number').count()).toBe(0)
    expect(await em().execute(`select 1 from payments where booking_id = ?`, [b.id])).toEqual([])
    await shot(s.page, 'session-free')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 120_000)

  test('a visitor books the free intro call from the profile, signs up on the way, and gets the confirmation mail with the calendar file', async () => {
    const s = await open()
    await s.page.goto(`/${coach.user.username}`)
    const listed = s.page.getByTestId('profile-sessions')
    expect(await listed.textContent()).toContain(`Intro call ${tag}`)
    await listed.getByRole('link', { name: `Book Intro call ${tag}` }).click()
    await s.page.waitForURL(`**/${coach.user.username}/sessions/${introId}`)
    const start = await chooseTime(s.page)
    expect(await s.page.getByText('Sign in or create an account to book this time').count()).toBe(1)
    const email = await createAccountOnTheWay(s.page, introId, start, 'Iris', 'Intro')
    const user = await em().findOneOrFail(User, { email }, { refresh: true })

    // Free: nothing to pay, confirmed at once.
    expect(await s.page.getByTestId('session-summary').textContent()).toContain('Free')
    expect(await s.page.getByRole('button', { name: 'Continue to payment' }).count()).toBe(0)
    const mail = waitForNewMail(email, (m) => m.subject === `Session confirmed: Intro call ${tag}`, 30_000)
    await s.page.getByRole('button', { name: 'Confirm booking' }).click()
    const b = await confirmed(s, user.id, introId, start, 0)
    expect(await s.page.getByLabel('Card number').count()).toBe(0)
    await shot(s.page, 'session-intro-booked')

    // The mail names the time on the coach's clock and carries the session as a calendar file.
    const m = await mail
    const dtstart = `DTSTART;TZID=America/New_York:${icsLocal(start, 'America/New_York')}`
    expect(m.text).toContain(`Intro call ${tag} with Ines Checkout${tag}`)
    expect(m.text).toContain('(America/New_York)')
    expect(m.attachments.map((a) => a.filename)).toEqual(['session.ics'])
    const [file] = m.attachments
    expect(file!.contentType).toStartWith('text/calendar')
    expect(file!.content).toContain(`UID:booking-${b.id}@`)
    expect(file!.content.split(/\r?\n/)).toContain(dtstart)
    expect(file!.content).toContain('+1 212 555 0100')

    // The confirmation's calendar link answers the same event, and so does the booking page's "Add to calendar".
    const href = await s.page.getByRole('link', { name: 'Calendar file (.ics)' }).getAttribute('href')
    expect(href).toBe(`/v1/bookings/${b.id}/calendar.ics`)
    const ics = await s.page.request.get(href!)
    expect(ics.status()).toBe(200)
    expect(ics.headers()['content-type']).toStartWith('text/calendar')
    const text = await ics.text()
    expect(text.split(/\r?\n/)).toContain(dtstart)
    expect(text).toContain(`UID:booking-${b.id}@`)
    await s.page.goto(`/b/bookings/${b.id}`)
    expect(await s.page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(href)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 180_000)
})
