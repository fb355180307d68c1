/**
 * The coach's side of one-to-one sessions in Chromium: on /c/sessions a coach with a session
 * type and no hours yet sets weekly hours in their zone through the hours form and saves; the
 * public free times are then inside those hours only (and the page's preview shows them). Then
 * the coach adds a busy calendar by its ICS address, served by a local HTTP server (loopback
 * addresses are read outside production); once the page says when it was last read, the times
 * its event covers are no longer offered, and the others of that day still are. The page passes
 * axe at 1280 and 390 px. `SHOTS=/dir` saves screenshots.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { fmtDay } from '../../islands/lib/format'
import { SessionType } from '../../src/modules/sessions/session.entity'
import { formatTime, isoDay } from '../../src/shared/datetime'
import { app, em, uid } from '../client'
import { axe, noProblems, openAs, useBrowser } from './browser'
import { makeCoach } from './marketplace.fixtures'
import { freeTimes, shot } from './sessions.fixtures'

useBrowser()

const tag = uid()
const TZ = 'Europe/Berlin'
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
let coach: Awaited<ReturnType<typeof makeCoach>>
let typeId: string

/** The busy calendar the coach adds: what it serves, and how often it was asked. */
const feed = { body: '', reads: 0 }
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch() {
    feed.reads++
    return new Response(feed.body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } })
  },
})
afterAll(() => server.stop(true))

/** No serious or critical axe findings at 1280 and 390 px (screenshots of both with SHOTS). */
async function lookAt(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    expect({ name, width, violations: await axe(page) }).toEqual({ name, width, violations: [] })
    await shot(page, `${name}-${width}`)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

beforeAll(async () => {
  coach = await makeCoach('Hana', `Hours${tag}`)
  const m = em()
  // No hours yet: the coach sets them on the page.
  const type = m.create(SessionType, {
    tenant: coach.tenant.id,
    coach: coach.user.id,
    title: `Coaching hour ${tag}`,
    description: 'An hour on what is in front of you.',
    durationMinutes: 60,
    price: 5000,
    currency: 'usd',
    mode: 'ONLINE',
    location: 'https://meet.example.com/hana',
    minimumNoticeMinutes: 60,
    bookingWindowDays: 30,
  } as any)
  await m.flush()
  typeId = type.id
})

const wall = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))
/** "20261201T090000Z": an instant as an iCalendar UTC time. */
const icsUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

describe('the coach sets hours and a busy calendar', () => {
  test('hours saved on /c/sessions bound the free times; a busy calendar added there takes its event out of them', async () => {
    const s = await openAs(coach.user)
    await s.page.goto('/c/sessions')
    await s.page.locator('summit-island[data-island=coach-sessions] > div[data-hydrated]').waitFor({ state: 'attached' })
    // No hours yet: nothing to book, and the preview says so.
    await s.page.getByTestId('no-free-times').waitFor()
    expect(await freeTimes(typeId, 14)).toEqual([])

    // Every day 10:00–13:00 in Berlin, set through the form.
    await s.page.getByLabel('Time zone').selectOption(TZ)
    for (const day of DAYS) {
      await s.page.getByRole('button', { name: `Add hours on ${day}` }).click()
      // A new range is 09:00–17:00; its fields are named by its start, so the end goes first.
      await s.page.getByLabel(`${day} 09:00 until`).fill('13:00')
      await s.page.getByLabel(`${day} 09:00 from`).fill('10:00')
      await s.page.getByLabel(`${day} 10:00 until`).waitFor()
    }
    await s.page.getByRole('button', { name: 'Save hours' }).click()
    await s.page.getByText('Hours saved').first().waitFor()

    const hours = await freeTimes(typeId, 14)
    expect(hours.length).toBeGreaterThan(0)
    // Inside the hours only: a 60-minute session starts at 10:00 at the earliest, 12:00 at the latest.
    for (const t of hours) expect(['10:00', '10:30', '11:00', '11:30', '12:00']).toContain(wall(t))
    // A whole day (the second with times: the first may be cut by the notice) offers every one of them.
    const days = [...new Set(hours.map((t) => isoDay(t, TZ)))]
    const day = days[1]!
    const ofDay = (times: string[]) => times.filter((t) => isoDay(t, TZ) === day)
    const before = ofDay(hours)
    expect(before.map(wall)).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00'])
    // The page's preview of the week shows the same times of that day.
    const preview = s.page.getByTestId('free-times')
    await preview.and(s.page.locator(':not([aria-busy])')).waitFor()
    const previewOfDay = preview.locator('dt', { hasText: fmtDay(before[0]!, TZ) }).locator('xpath=following-sibling::dd[1]')
    expect(await previewOfDay.textContent()).toBe(before.map((t) => formatTime(t, TZ)).join(', '))

    // A busy event from 10:00 to 11:00 that day, in a calendar served on loopback.
    const busyStart = Date.parse(before[0]!)
    const busyEnd = busyStart + 60 * 60_000
    feed.body = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Calendar//EN',
      'BEGIN:VEVENT',
      `UID:busy-${tag}@test`,
      `DTSTAMP:${icsUtc(Date.now())}`,
      `DTSTART:${icsUtc(busyStart)}`,
      `DTEND:${icsUtc(busyEnd)}`,
      'SUMMARY:Dentist',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n')
    const url = `http://127.0.0.1:${server.port}/busy-${tag}.ics`
    await s.page.getByLabel('Calendar address (ICS)').fill(url)
    await s.page.getByRole('button', { name: 'Add calendar' }).click()
    const listed = s.page.getByTestId('calendars').getByRole('listitem').filter({ hasText: url })
    await listed.waitFor()
    // Read by the job, then the page (asking again while it waits) says when, and what it found.
    await listed.getByText(/^Last read .+ · 1 busy time$/).waitFor({ timeout: 30_000 })
    expect(await listed.getByTestId('calendar-status').textContent()).toBe('Read')
    expect(feed.reads).toBeGreaterThan(0)

    // The times that would overlap 10:00–11:00 are gone; the rest of the day is still offered.
    const after = await freeTimes(typeId, 14)
    expect(ofDay(after).map(wall)).toEqual(['11:00', '11:30', '12:00'])
    for (const t of after) expect(Date.parse(t) >= busyEnd || Date.parse(t) + 60 * 60_000 <= busyStart).toBe(true)
    // The next days keep all their times (the first and the last day of the range move with the clock).
    const next = (times: string[]) => times.filter((t) => days.slice(2, 7).includes(isoDay(t, TZ)))
    expect(next(after)).toEqual(next(hours))
    expect(next(after).length).toBe(5 * 5)
    // The preview, asked again after the read, no longer shows them either.
    const left = ofDay(after)
      .map((t) => formatTime(t, TZ))
      .join(', ')
    await previewOfDay.filter({ hasText: new RegExp(`^${left}$`) }).waitFor()

    await lookAt(s.page, 'coach-sessions-hours-calendar')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 120_000)
})
