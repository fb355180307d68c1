/**
 * What a client or a coach sees, in Chromium, for the defects of "no silent changes, tables that
 * work on a phone, one way to say a date, a seat count and a status": a reschedule that changes
 * the format says so and waits for the client's yes; every list table keeps its rows' key
 * fields and actions on a 390 px screen; the workshop tabs all show at 390 px; the checkout's
 * seat count follows the booking; counted words agree with their number. `SHOTS=/dir` saves
 * screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { em, uid } from '../client'
import { waitForMail } from '../mail'
import { base, makeUser, noProblems, openAs, useBrowser } from './browser'
import { shot, visit } from './client-fixtures'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>

beforeAll(async () => {
  coach = await makeCoach('Ines', `Varga${tag}`)
})

const seatsTaken = async (id: string) => Number((await em().execute(`select seats_taken from workshop_schedules where id = ?`, [id]))[0].seats_taken)

describe('rescheduling says what changes', () => {
  test('an in-person booking offered an online date: the dialog names the format, venue and city and the zones, and moves only once the client accepts', async () => {
    const { schedule, workshop } = await makePublicSchedule(coach, { title: `Bootcamp ${tag}`, price: 0, maxSeats: 12, startInDays: 12, mode: 'IN-PERSON' })
    const m = em()
    const online = m.create(WorkshopSchedule, {
      tenant: coach.tenant.id,
      coach: coach.user.id,
      workshop: workshop.id,
      startDate: new Date(schedule.startDate.getTime() + 14 * 86_400_000),
      endDate: new Date(schedule.endDate.getTime() + 14 * 86_400_000),
      timezone: 'Europe/London',
      level: 'BEGINNER',
      status: 'PUBLISHED',
      visibility: 'PUBLIC',
      mode: 'ONLINE',
      meetingUrl: 'https://meet.example/online',
    } as any)
    await m.flush()
    const client = await makeUser({ profile: { firstName: 'Noor', lastName: 'Mover', socialAccounts: [] } })
    const s = await openAs(client)
    // The viewer is in New York: the dialog shows the workshop's London hours with theirs beside.
    await s.context.addCookies([{ name: 'tz', value: 'America/New_York', url: base() }])
    await visit(s.page, `/workshops/${schedule.id}/book`)
    await s.page.getByRole('button', { name: 'Confirm booking' }).click()
    await s.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    const [b] = await em().find(Booking, { user: client.id, workshopSchedule: schedule.id } as any, { filters: false })

    await visit(s.page, `/b/bookings/${b.id}`)
    await s.page.getByRole('button', { name: 'Reschedule' }).click()
    const dialog = s.page.getByRole('dialog')
    const option = dialog.getByTestId('reschedule-option')
    await option.first().waitFor()
    // The format, and the hours on the workshop's clock with the viewer's own beside them.
    await expect(option.first().getByTestId('reschedule-place').textContent()).resolves.toBe('Online')
    const when = (await option.first().textContent()) ?? ''
    expect(when).toMatch(/\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M London time \(\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M your time\)/)
    await option.first().getByText('Changes the format').waitFor()
    await option.first().getByRole('radio').check()
    const changes = dialog.getByTestId('reschedule-changes')
    await changes.getByText('The format changes from in person to online: there is no venue, you join with the meeting link.').waitFor()
    const moveButton = dialog.getByRole('button', { name: 'Move my booking' })
    expect(await moveButton.isDisabled()).toBe(true)
    await shot(s.page, 'reschedule-changes')
    await changes.getByRole('checkbox', { name: 'I accept these changes' }).check()
    expect(await moveButton.isDisabled()).toBe(false)
    await moveButton.click()
    await s.page.getByTestId('reschedule-done').waitFor()
    expect(await s.page.getByTestId('reschedule-done').textContent()).toContain('Online')

    const [moved] = await em().execute(`select workshop_schedule_id from bookings where id = ?`, [b.id])
    expect(moved.workshop_schedule_id).toBe(online.id)
    expect(await seatsTaken(online.id)).toBe(1)
    const mail = await waitForMail(client.email, (x) => x.subject === `New date: ${workshop.title}`)
    expect(mail.text).toContain('The format changes from in person to online')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)
})

/** Rows whose cells or buttons stick out past the right edge of a 390 px screen. */
const outside = (page: Page, scope: string) =>
  page.evaluate((scope) => {
    const width = window.innerWidth
    const out: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(`${scope} tbody td, ${scope} tbody td button, ${scope} tbody td a`)) {
      const r = el.getBoundingClientRect()
      if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5)) out.push(`${el.tagName} ${el.textContent?.trim().slice(0, 40)}`)
    }
    return out
  }, scope)

export { outside }
