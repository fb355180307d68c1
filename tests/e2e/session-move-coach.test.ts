/**
 * The coach moves a client's one-to-one session from the coach's booking page: "Move to another
 * time" offers the type's free times (the booking's own left out) on the coach's clock, the move
 * lands, the client is mailed the new time with the calendar file, and a session that has
 * started offers no move. `SHOTS=/dir` saves screenshots at 1280 and 390 px.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { Availability, SessionType } from '../../src/modules/sessions/session.entity'
import { formatDay, formatTime } from '../../src/shared/datetime'
import { app, em, uid } from '../client'
import { waitForMail } from '../mail'
import { axe, makeUser, noProblems, openAs, useBrowser } from './browser'
import { makeCoach } from './marketplace.fixtures'
import { freeTimes, shots } from './sessions.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>
let typeId: string

beforeAll(async () => {
  coach = await makeCoach('Ines', `Mover${tag}`)
  const m = em()
  m.create(Availability, {
    coach: coach.user.id,
    timeZone: 'Europe/Lisbon',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })),
    overrides: [],
  } as any)
  const type = m.create(SessionType, {
    tenant: coach.tenant.id,
    coach: coach.user.id,
    title: `Check-in ${tag}`,
    description: 'Half an hour on where you are.',
    durationMinutes: 30,
    price: 0,
    currency: 'usd',
    mode: 'ONLINE',
    location: 'https://meet.example.com/ines',
    minimumNoticeMinutes: 60,
    bookingWindowDays: 30,
  } as any)
  await m.flush()
  typeId = type.id
})

describe('the coach moves a session', () => {
  test('from the booking page to another free time: the client is mailed the new time; a started session offers no move', async () => {
    const client = await makeUser({ profile: { firstName: 'Cal', lastName: `Client${tag}`, socialAccounts: [] } })
    const b = await openAs(client)
    await b.page.request.get('/api/sanctum/csrf-cookie')
    const xsrf = decodeURIComponent((await b.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '')
    // Not the first free time: that one leaves the minimum notice while the test runs.
    const was = (await freeTimes(typeId, 20))[8]!
    const booked = await b.page.request.post('/v1/bookings', { data: { sessionTypeId: typeId, startsAt: was }, headers: { 'x-xsrf-token': xsrf } })
    expect(booked.status()).toBe(201)
    const id = ((await booked.json()) as { data: { id: string } }).data.id
    await b.close()

    const c = await openAs(coach.user)
    await c.page.goto(`/c/bookings/${id}`)
    await c.page.locator('summit-island[data-island=coach-booking] > div[data-hydrated]').waitFor({ state: 'attached' })
    await c.page.getByRole('button', { name: 'Move to another time' }).click()
    const dialog = c.page.getByRole('dialog', { name: 'Move to another time' })
    await dialog.getByTestId('session-time').first().waitFor()
    expect(await dialog.textContent()).toContain("Times in your hours' zone (Lisbon time)")
    const offered = await dialog.locator('input[name=session-time]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
    expect(offered).not.toContain(was)
    const open = await freeTimes(typeId, 20)
    for (const t of offered) expect(open).toContain(t)
    const to = offered[2]!
    await dialog.locator(`input[value="${to}"]`).click()
    await shots(c.page, 'session-move-coach')
    expect({ violations: await axe(c.page, { withoutShell: true }) }).toEqual({ violations: [] })
    await dialog.getByRole('button', { name: 'Move the session' }).click()
    const moved = c.page.getByTestId('session-moved')
    await moved.waitFor()
    expect(await moved.textContent()).toContain(`The session now takes place on ${formatDay(to, 'Europe/Lisbon')}, ${formatTime(to, 'Europe/Lisbon')}`)
    const [row] = await em()
      .fork()
      .find(Booking, { id } as any, { filters: false })
    expect(row.status).toBe('CONFIRMED')
    expect(row.startsAt?.toISOString()).toBe(to)
    const after = await freeTimes(typeId, 20)
    expect(after).toContain(was)
    expect(after).not.toContain(to)

    // The client hears of it, with the calendar file of the new time.
    const mail = await waitForMail(client.email, (m) => m.subject === `New time: Check-in ${tag}`, 30_000)
    const hhmm = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Lisbon' }).format(new Date(iso))
    expect(mail.text).toContain(`at ${hhmm(to)}–`)
    expect(mail.text).toContain('instead of')
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))
    expect(ics?.content).toContain(`UID:`)
    expect(ics?.content).toContain('DTSTART')

    // Once the session has started, the coach's page offers no move (the server refuses one too).
    await em()
      .fork()
      .getConnection()
      .execute(
        `update bookings set starts_at = now() - interval '5 minutes', ends_at = now() + interval '25 minutes', blocked_from = now() - interval '5 minutes', blocked_until = now() + interval '25 minutes' where id = ?`,
        [id],
      )
    await c.page.goto(`/c/bookings/${id}`)
    await c.page.locator('summit-island[data-island=coach-booking] > div[data-hydrated]').waitFor({ state: 'attached' })
    await c.page.getByRole('button', { name: 'Cancel booking…' }).waitFor()
    expect(await c.page.getByRole('button', { name: 'Move to another time' }).count()).toBe(0)
    expect(noProblems(c)).toEqual([])
    await c.close()
  }, 150_000)
})
