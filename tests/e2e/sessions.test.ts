/**
 * Booking a one-to-one session in the browser: a signed-in client opens a coach's profile, picks
 * the paid session, a day of the month and one of its free times, pays by card through Stripe.js
 * (the local stand-in), sees the confirmation and then the session in their booking detail; the
 * booking is CONFIRMED at that time in the database and the time is gone from the free times.
 * Then a client moves a confirmed session from its booking page to another free time: the new
 * time shows, the old one is free again, and the client's and the coach's booking pages say
 * the move ("Moved", from → to on the reader's clock).
 * `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { Availability, SessionType } from '../../src/modules/sessions/session.entity'
import { formatDay, formatMoment, formatMove, formatTime } from '../../src/shared/datetime'
import { app, em, uid } from '../client'
import { makeUser, noProblems, openAs, useBrowser } from './browser'
import { makeCoach } from './marketplace.fixtures'
import { freeTimes, shot, shots } from './sessions.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>
let typeId: string
let introId: string
beforeAll(async () => {
  coach = await makeCoach('Nora', `Sessions${tag}`)
  const m = em()
  // Hours every day, all day, in the coach's zone: the month shown first always has free times.
  m.create(Availability, {
    coach: coach.user.id,
    timeZone: 'Europe/Berlin',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })),
    overrides: [],
  } as any)
  const type = m.create(SessionType, {
    tenant: coach.tenant.id,
    coach: coach.user.id,
    title: `Strategy session ${tag}`,
    description: 'An hour on the decision in front of you.',
    durationMinutes: 60,
    price: 6000,
    currency: 'usd',
    mode: 'ONLINE',
    location: 'https://meet.example.com/nora',
    minimumNoticeMinutes: 60,
    bookingWindowDays: 60,
    // A full refund until the start: the confirmation names that moment on the coach's clock.
    refundPolicy: { fullRefundHours: 0, partialRefundHours: 0, partialRefundPercent: 0 },
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
    location: '+49 30 1234567',
    minimumNoticeMinutes: 60,
    bookingWindowDays: 60,
  } as any)
  await m.flush()
  typeId = type.id
  introId = intro.id
})

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

describe('one-to-one sessions', () => {
  test('from the profile: pick a day and a time in my zone, pay with 4242 4242 4242 4242, see the session in my booking', async () => {
    const client = await makeUser({ profile: { firstName: 'Sam', lastName: 'Client', socialAccounts: [] } })
    const s = await openAs(client)
    const stripeRequests: string[] = []
    s.page.on('request', (r) => /stripe\.com/.test(r.url()) && stripeRequests.push(r.url()))

    await s.page.goto(`/${coach.user.username}`)
    const listed = s.page.getByTestId('profile-sessions')
    expect(await listed.textContent()).toContain(`Strategy session ${tag}`)
    expect(await listed.textContent()).toContain('$60.00')
    await listed.getByRole('link', { name: `Book Strategy session ${tag}` }).click()
    await s.page.waitForURL(`**/${coach.user.username}/sessions/${typeId}`)
    expect(await s.page.getByTestId('session-price').textContent()).toBe('$60.00')
    // The page names the session as a schema.org Service with its offer.
    const ld = JSON.parse((await s.page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}')
    expect(ld).toMatchObject({ '@type': 'Service', name: `Strategy session ${tag}`, offers: { price: '60.00', priceCurrency: 'USD' } })

    await s.page.locator('summit-island[data-island=session-booking] > div[data-hydrated]').waitFor({ state: 'attached' })
    // The browser's own zone is detected (the test browser runs in UTC); the coach's is named.
    expect(await s.page.getByLabel('Time zone').inputValue()).toBe('UTC')
    await s.page.getByText('Nora Sessions').first().waitFor()
    const month = s.page.getByTestId('month')
    await month.and(s.page.locator(':not([aria-busy])')).waitFor()
    // Late in a month its last free times may be gone: the next month then.
    if ((await month.locator('button:not([disabled])').count()) === 0) {
      await s.page.getByRole('button', { name: 'Next month' }).click()
      await month.and(s.page.locator(':not([aria-busy])')).waitFor()
    }
    await month.locator('button:not([disabled])').first().click()
    await shot(s.page, 'session-day')
    const first = s.page.getByRole('list', { name: 'Free times' }).getByRole('button').first()
    const startsAt = (await first.getAttribute('data-start'))!
    expect(await freeTimes(typeId)).toContain(startsAt)
    await first.click()

    await s.page.getByRole('form', { name: 'Confirm your session' }).waitFor()
    expect(await s.page.getByTestId('session-when').textContent()).toContain('(UTC)')
    expect(await s.page.getByTestId('session-refund').textContent()).toContain('Refund policy.')
    await shot(s.page, 'session-confirm')
    await s.page.getByRole('button', { name: 'Continue to payment' }).click()
    await s.page.getByLabel('Card number').waitFor()
    const [held] = await em().find(Booking, { user: client.id, sessionType: typeId } as any, { filters: false })
    expect(held.status).toBe('PENDING')
    expect(held.startsAt?.toISOString()).toBe(startsAt)
    expect(await s.page.getByTestId('hold').textContent()).toMatch(/^This time is held for you/)
    // Held for this client: no one else is offered it.
    expect(await freeTimes(typeId)).not.toContain(startsAt)

    await typeCard(s.page, '4242 4242 4242 4242')
    await s.page.getByRole('button', { name: 'Pay $60.00' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    expect(await s.page.getByText(`Your session Strategy session ${tag} is confirmed.`).count()).toBe(1)
    // Until when a cancellation is refunded, by the session's policy (in full until the start).
    expect(await s.page.getByTestId('refund-deadline').textContent()).toBe(
      `Full refund if you cancel by ${formatMoment(startsAt, 'Europe/Berlin')}. Cancel from the booking page.`,
    )
    await shot(s.page, 'session-booked')
    const [paid] = await em().find(Booking, { user: client.id, sessionType: typeId } as any, { filters: false })
    expect(paid.id).toBe(held.id)
    expect(paid.status).toBe('CONFIRMED')
    expect(paid.amountPaid).toBe(6000)

    await s.page.getByRole('link', { name: 'View booking' }).click()
    await s.page.waitForURL(`**/b/bookings/${paid.id}`)
    const card = s.page.getByRole('region', { name: 'Session', exact: true })
    await card.getByRole('link', { name: `Strategy session ${tag}` }).waitFor()
    expect(await card.textContent()).toContain('Session')
    expect(await card.textContent()).toContain('https://meet.example.com/nora')
    expect(await s.page.getByText('Seats', { exact: true }).count()).toBe(0)
    await shot(s.page, 'session-detail')
    expect(stripeRequests).toEqual([])
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)

  test('the client moves a confirmed session to another free time: the new time shows and the old one is free again', async () => {
    const client = await makeUser({ profile: { firstName: 'Mo', lastName: 'Mover', socialAccounts: [] } })
    const s = await openAs(client)
    await s.page.request.get('/api/sanctum/csrf-cookie')
    const xsrf = decodeURIComponent((await s.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '')
    // Not the first free time: that one leaves the minimum notice while the test runs, and the
    // check that it is free again after the move would race the clock.
    const was = (await freeTimes(introId))[6]!
    const booked = await s.page.request.post('/v1/bookings', { data: { sessionTypeId: introId, startsAt: was }, headers: { 'x-xsrf-token': xsrf } })
    expect(booked.status()).toBe(201)
    const id = ((await booked.json()) as { data: { id: string; status: string } }).data.id
    expect(await freeTimes(introId)).not.toContain(was)

    await s.page.goto(`/b/bookings/${id}`)
    await s.page.locator('summit-island[data-island=client-booking] > div[data-hydrated]').waitFor({ state: 'attached' })
    await s.page.getByRole('button', { name: 'Move', exact: true }).click()
    const dialog = s.page.getByRole('dialog', { name: 'Move to another time' })
    await dialog.getByTestId('session-time').first().waitFor()
    // The times are the type's free times (the booking's own left out), on the coach's clock.
    const offered = await dialog.locator('input[name=session-time]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
    expect(offered).not.toContain(was)
    const open = await freeTimes(introId)
    for (const t of offered) expect(open).toContain(t)
    // Someone else takes the first time while the dialog is open: picking it is refused in the
    // dialog, and the times are read again without it.
    const taken = offered[0]!
    const other = await openAs(await makeUser())
    await other.page.request.get('/api/sanctum/csrf-cookie')
    const otherXsrf = decodeURIComponent((await other.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '')
    const took = await other.page.request.post('/v1/bookings', { data: { sessionTypeId: introId, startsAt: taken }, headers: { 'x-xsrf-token': otherXsrf } })
    expect(took.status()).toBe(201)
    await other.close()
    await dialog.locator(`input[value="${taken}"]`).click()
    await dialog.getByRole('button', { name: 'Move my session' }).click()
    expect(await dialog.getByRole('alert').textContent()).toBe('This time is no longer available.')
    await dialog.locator(`input[value="${taken}"]`).waitFor({ state: 'detached' })
    await dialog.getByTestId('session-time').first().waitFor()
    const [row0] = await em().find(Booking, { id } as any, { filters: false })
    expect(row0.startsAt?.toISOString()).toBe(was)

    const to = await dialog.locator('input[name=session-time]').first().inputValue()
    expect(to).not.toBe(taken)
    expect(await dialog.getByTestId('session-day').first().locator('legend').textContent()).toBe(formatDay(to, 'Europe/Berlin'))
    expect(await dialog.getByTestId('session-time').first().textContent()).toContain(formatTime(to, 'Europe/Berlin'))
    await shot(s.page, 'session-move')
    await dialog.getByTestId('session-time').first().click()
    await dialog.getByRole('button', { name: 'Move my session' }).click()
    const moved = s.page.getByTestId('session-moved')
    await moved.waitFor()
    expect(await moved.textContent()).toContain(`${formatDay(to, 'Europe/Berlin')}, ${formatTime(to, 'Europe/Berlin')}`)
    const [row] = await em().find(Booking, { id } as any, { filters: false })
    expect(row.status).toBe('CONFIRMED')
    expect(row.startsAt?.toISOString()).toBe(to)

    // Done: the page shows the new time; the old one is free again, the new one taken.
    await Promise.all([s.page.waitForEvent('load'), s.page.getByRole('button', { name: 'Done' }).click()])
    await s.page
      .getByText(`${formatDay(to, 'Europe/Berlin')}, ${formatTime(to, 'Europe/Berlin')}`)
      .first()
      .waitFor()
    const after = await freeTimes(introId)
    expect(after).toContain(was)
    expect(after).not.toContain(to)
    // The booking's history says the move on the session's clock and the reader's (the browser's: UTC), on both sides.
    const line = `${formatMove(was, to, 'Europe/Berlin', 'UTC')}, on `
    expect(line).toContain('your time)')
    const mine = s.page.locator('dt', { hasText: /^Moved$/ }).locator('xpath=following-sibling::dd[1]')
    expect(await mine.textContent()).toStartWith(line)
    await shots(s.page, 'session-moved-client')
    const c = await openAs(coach.user)
    await c.page.goto(`/c/bookings/${id}`)
    const theirs = c.page.locator('dt', { hasText: /^Moved$/ }).locator('xpath=following-sibling::dd[1]')
    expect(await theirs.textContent()).toStartWith(line)
    await shots(c.page, 'session-moved-coach')
    expect(noProblems(c)).toEqual([])
    await c.close()
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)
})
