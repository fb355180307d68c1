/**
 * The public page of a fully booked workshop, in Chromium: a visitor picks 2 seats and presses
 * "Join the waitlist" (a form without JavaScript), signs in on the way with the mailed code,
 * lands on the sold-out checkout with 2 seats chosen, joins, and the public page then shows their
 * place. The refund policy reads the same on the page and the checkout. A team manager sets the
 * team's default refund policy on /c/settings (the schema's message under a bad field) and the
 * team's workshop page follows. axe at desktop and 390 px, no sideways scroll on a phone.
 * `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { WaitlistEntry } from '../../src/modules/bookings/waitlist.entity'
import { Membership, Tenant } from '../../src/modules/tenants/tenant.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { REFUND_POLICY_MESSAGES } from '../../src/shared/refund-policy'
import { em, uid } from '../client'
import { extractCode, waitForNewMail } from '../mail'
import { makeUser, noProblems, open, openAs, useBrowser } from './browser'
import { axe, scrollsSideways, shot, visit } from './client-fixtures'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

setDefaultTimeout(150_000)
useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>

beforeAll(async () => {
  coach = await makeCoach('Ines', `Moreau${tag}`)
  // The team's default: full refund until 3 days before, half until 1 day before.
  await em().nativeUpdate(Tenant, { id: coach.tenant.id }, { refundPolicy: { fullRefundHours: 72, partialRefundHours: 24, partialRefundPercent: 50 } })
})

const POLICY_TEXT = 'Full refund until 3 days before the start, 50% until 1 day before the start, no refund after that.'

describe('join the waitlist from the public page of a fully booked workshop', () => {
  test('a visitor: the page -> 2 seats -> Join the waitlist -> signs in -> the sold-out checkout with 2 seats -> joins -> the page shows the place', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Negotiation lab ${tag}`, maxSeats: 4, seatsTaken: 4, price: 9900 })
    const user = await makeUser({ profile: { firstName: 'Wanda', lastName: 'Waits', socialAccounts: [] } })
    const s = await open()
    await s.page.goto(`/workshops/${schedule.id}`)
    const card = s.page.getByRole('complementary', { name: 'Booking' })
    await card.getByRole('heading', { name: 'Fully booked' }).waitFor()
    await card.getByTestId('refund-policy-text').getByText(POLICY_TEXT).waitFor()
    expect(await card.getByText(/^Full refund if you cancel by /).count()).toBe(1)
    expect(await card.getByTestId('book').count()).toBe(0)
    await card.getByLabel('Seats you need').selectOption('2')
    await shot(s.page, 'public-full-desktop')
    await card.getByRole('button', { name: 'Join the waitlist' }).click()

    // Through sign-in, and back to the checkout with the seats asked for.
    const back = `/workshops/${schedule.id}/book?seats=2`
    await s.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === back)
    await s.page.getByLabel('Email').fill(user.email)
    const mail = waitForNewMail(user.email, (m) => /\d{6}/.test(m.text))
    await s.page.getByRole('button', { name: 'Continue with email' }).click()
    const code = extractCode(await mail)
    await s.page.locator('[data-part=input]').first().click()
    await s.page.keyboard.type(code)
    await s.page.waitForURL((u) => u.pathname === `/workshops/${schedule.id}/book` && u.searchParams.get('seats') === '2')
    await s.page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))

    // The sold-out checkout: the refund policy before anything is paid, and the waitlist with 2 seats chosen.
    await s.page.getByRole('heading', { name: 'This workshop is fully booked' }).waitFor()
    await s.page.getByTestId('refund-policy-text').getByText(POLICY_TEXT).waitFor()
    expect(await s.page.getByLabel('Seats you need').inputValue()).toBe('2')
    expect(await axe(s.page)).toEqual([])
    await shot(s.page, 'checkout-waitlist-desktop')
    await s.page.getByRole('button', { name: 'Join the waitlist' }).click()
    await s.page.getByTestId('waitlist-place').getByText('You are number 1 on the waitlist for 2 seats.').waitFor()
    const entry = await em().findOneOrFail(WaitlistEntry, { user: user.id, workshopSchedule: schedule.id } as any, { filters: false })
    expect([entry.status, entry.seats]).toEqual(['WAITING', 2])

    // Back on the public page, signed in: the place instead of the form.
    await s.page.goto(`/workshops/${schedule.id}`)
    await card.getByTestId('waitlist-place').getByText('You are number 1 on the waitlist for 2 seats.').waitFor()
    expect(await card.getByRole('button', { name: 'Join the waitlist' }).count()).toBe(0)
    expect(noProblems(s)).toEqual([])
    await s.close()
  })

  test('axe on the fully booked page and its checkout at desktop and 390 px; nothing scrolls sideways on a phone', async () => {
    const { schedule } = await makePublicSchedule(coach, { title: `Pricing clinic ${tag}`, maxSeats: 12, seatsTaken: 12, price: 14900, mode: 'IN-PERSON' })
    const user = await makeUser()
    const failures: string[] = []
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const anon = await open()
      await anon.page.setViewportSize({ width, height })
      expect((await anon.page.goto(`/workshops/${schedule.id}`))?.status()).toBe(200)
      await anon.page.getByRole('button', { name: 'Join the waitlist' }).waitFor()
      for (const v of await axe(anon.page)) failures.push(`page at ${width}px: ${v}`)
      if (width === 390 && (await scrollsSideways(anon.page))) failures.push('page at 390px scrolls sideways')
      await shot(anon.page, `public-full-${width}`)
      expect(anon.scripts).toEqual([])
      await anon.close()

      const s = await openAs(user)
      await s.page.setViewportSize({ width, height })
      await visit(s.page, `/workshops/${schedule.id}/book?seats=3`)
      await s.page.getByRole('heading', { name: 'This workshop is fully booked' }).waitFor()
      for (const v of await axe(s.page)) failures.push(`checkout at ${width}px: ${v}`)
      if (width === 390 && (await scrollsSideways(s.page))) failures.push('checkout at 390px scrolls sideways')
      await shot(s.page, `checkout-full-${width}`)
      expect(noProblems(s)).toEqual([])
      await s.close()
    }
    expect(failures).toEqual([])
  })
})

describe("the team's default refund policy on /c/settings", () => {
  test('a manager sets deadlines (a bad value shows the schema message), saves, and the team’s workshop page follows', async () => {
    const team = await makeCoach('Mara', `Lund${tag}`)
    await em().nativeUpdate(Membership, { tenant: team.tenant.id, user: team.user.id }, { roles: ['manager', 'coach'] })
    const { schedule, workshop } = await makePublicSchedule(team, { title: `Board meetings ${tag}`, maxSeats: 8 })
    expect((await em().findOneOrFail(Workshop, { id: workshop.id }, { filters: false })).refundPolicy ?? null).toBeNull()

    const failures: string[] = []
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const s = await openAs(team.user)
      await s.page.setViewportSize({ width, height })
      await visit(s.page, '/c/settings')
      const form = s.page.getByRole('form', { name: 'Default refund policy' })
      await form.getByTestId('team-refund-preview').getByText('Clients read: Full refund whenever the booking is cancelled.').waitFor()
      for (const v of await axe(s.page)) failures.push(`settings at ${width}px: ${v}`)
      if (width === 390 && (await scrollsSideways(s.page))) failures.push('settings at 390px scrolls sideways')
      await shot(s.page, `settings-refund-${width}`)
      expect(noProblems(s)).toEqual([])
      await s.close()
    }
    expect(failures).toEqual([])

    const s = await openAs(team.user)
    await visit(s.page, '/c/settings')
    const form = s.page.getByRole('form', { name: 'Default refund policy' })
    await form.getByText('Refund deadlines').click()
    await form.getByLabel('Full refund until').fill('72')
    await form.getByLabel('Then refund').fill('150')
    await form.getByText(REFUND_POLICY_MESSAGES.partialRefundPercent).waitFor()
    await form.getByLabel('Then refund').fill('50')
    await form.getByLabel('Until', { exact: true }).fill('24')
    await form.getByTestId('team-refund-preview').getByText(`Clients read: ${POLICY_TEXT}`).waitFor()
    await shot(s.page, 'settings-refund-deadlines')
    await form.getByRole('button', { name: 'Save refund policy' }).click()
    await s.page.locator('[data-scope=toast][data-part=root][data-state=open]').getByText('Refund policy saved').waitFor()
    const saved = await em().findOneOrFail(Tenant, { id: team.tenant.id }, { filters: false })
    expect(saved.refundPolicy).toEqual({ fullRefundHours: 72, partialRefundHours: 24, partialRefundPercent: 50 })

    // The team's workshop without a policy of its own now reads the team's.
    await s.page.goto(`/workshops/${schedule.id}`)
    await s.page.getByRole('complementary', { name: 'Booking' }).getByTestId('refund-policy-text').getByText(POLICY_TEXT).waitFor()
    expect(noProblems(s)).toEqual([])
    await s.close()
  })
})
