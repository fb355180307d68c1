/**
 * The public workshop page in Chromium (issue 21), on the demo catalogue: a visitor goes
 * /workshops -> a card -> the workshop page (no script) -> Book -> signs up on the way (code
 * from the caught mail, onboarding) -> lands on the checkout of that schedule. axe finds no
 * serious violation on the page in each state at desktop and 390 px, nothing scrolls sideways
 * on a phone, and the phone menu (no JavaScript) reaches /jobs. `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { User } from '../../src/modules/users/user.entity'
import { em } from '../client'
import { extractCode, waitForNewMail } from '../mail'
import { noProblems, open, useBrowser } from './browser'
import { axe, demo, scrollsSideways, shot } from './client-fixtures'

useBrowser()

/** The demo's public schedules by state: a coming one, one that ended, one that was cancelled. */
const ids: Record<'open' | 'ended' | 'cancelled', string> = { open: '', ended: '', cancelled: '' }

beforeAll(async () => {
  await demo()
  const q = async (where: string) =>
    (
      await em().execute<{ id: string }[]>(
        `select s.id from workshop_schedules s join workshops w on w.id = s.workshop_id
          where w.title = 'First-Time Manager Bootcamp' and s.visibility = 'PUBLIC' and s.deleted_at is null and ${where}
          order by s.start_date limit 1`,
      )
    )[0]!.id
  ids.open = await q(`s.status = 'PUBLISHED' and s.start_date > now()`)
  ids.ended = await q(`s.status = 'PUBLISHED' and s.end_date < now()`)
  ids.cancelled = await q(`s.status = 'ARCHIVED'`)
}, 120_000)

describe('the public workshop page in a browser', () => {
  test('a visitor: /workshops -> a card -> the page -> Book -> registers on the way -> the checkout', async () => {
    const s = await open()
    await s.page.goto('/workshops?q=First-Time+Manager+Bootcamp')
    const card = s.page.getByTestId('schedule-card').first()
    await card.getByRole('heading').getByRole('link', { name: 'First-Time Manager Bootcamp' }).click()
    await s.page.waitForURL(/\/workshops\/[0-9a-f-]{36}$/)
    const id = new URL(s.page.url()).pathname.split('/').pop()!
    await s.page.getByRole('heading', { level: 1, name: 'First-Time Manager Bootcamp' }).waitFor()
    await s.page.getByRole('heading', { name: 'What you will learn' }).waitFor()
    await s.page.getByRole('heading', { name: 'Your coach' }).waitFor()
    // The card's page and the card's schedule are the same; the page runs no script.
    expect(s.scripts).toEqual([])
    await shot(s.page, 'workshop-page-desktop')

    await s.page.getByTestId('book').click()
    await s.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === `/workshops/${id}/book`)
    await s.page.getByRole('link', { name: 'Create an account' }).click()
    await s.page.waitForURL((u) => u.pathname === '/register' && u.searchParams.get('redirect') === `/workshops/${id}/book`)
    const email = `visitor-${Date.now()}@test.example`
    await s.page.getByLabel('Email').fill(email)
    const mail = waitForNewMail(email, (m) => /\d{6}/.test(m.text))
    await s.page.getByRole('button', { name: 'Continue with email' }).click()
    const code = extractCode(await mail)
    await s.page.getByText(`Enter the 6-digit code we sent to ${email}.`).waitFor()
    await s.page.locator('[data-part=input]').first().click()
    await s.page.keyboard.type(code)
    await s.page.waitForURL('**/onboarding/1')
    await s.page.getByLabel('First Name').fill('Vera')
    await s.page.getByLabel('Last Name').fill('Visitor')
    await s.page.getByLabel('Username').fill(`vera${Date.now().toString(36).slice(-6)}`)
    await s.page.getByRole('button', { name: 'Continue' }).click()
    await s.page.waitForURL('**/onboarding/2')
    await s.page.getByRole('radio', { name: /Book workshops/ }).click()
    await s.page.getByRole('button', { name: 'Finish' }).click()
    // Back on the checkout of the schedule the visitor chose.
    await s.page.waitForURL((u) => u.pathname === `/workshops/${id}/book`)
    await s.page.getByRole('heading', { name: 'First-Time Manager Bootcamp' }).waitFor()
    await s.page.getByText('Your booking').waitFor()
    const user = await em().findOneOrFail(User, { email })
    expect(user.status).toBe('active')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)

  test('axe at desktop and 390 px in each state; nothing scrolls sideways on a phone', async () => {
    const failures: string[] = []
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const s = await open()
      await s.page.setViewportSize({ width, height })
      for (const [state, id] of Object.entries(ids)) {
        const res = await s.page.goto(`/workshops/${id}`)
        expect(res?.status()).toBe(200)
        await s.page.getByRole('heading', { level: 1 }).waitFor()
        for (const v of await axe(s.page)) failures.push(`${state} at ${width}px: ${v}`)
        if (width === 390 && (await scrollsSideways(s.page))) failures.push(`${state} at 390px scrolls sideways`)
        await shot(s.page, `workshop-${state}-${width}`)
      }
      expect(s.scripts).toEqual([])
      expect(noProblems(s)).toEqual([])
      await s.close()
    }
    expect(failures).toEqual([])
  }, 150_000)

  test('on a phone the menu opens without JavaScript and leads to Jobs', async () => {
    const s = await open()
    await s.page.setViewportSize({ width: 390, height: 844 })
    await s.page.goto(`/workshops/${ids.open}`)
    await s.page.getByText('Menu', { exact: true }).click()
    await s.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Jobs' }).click()
    await s.page.waitForURL('**/jobs')
    await s.page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor()
    expect(s.scripts).toEqual([])
    await s.close()
  }, 60_000)
})
