/**
 * The seat invitation, end to end across two browsers: the booker invites by email from the
 * booking's seats tab; the invitee opens the mailed link signed out, registers from the
 * invitation page, goes through onboarding, comes back to the invitation and accepts; both see
 * the seat. Then the used, declined and unknown links say so.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Booking, BookingSeat } from '../../src/modules/bookings/booking.entity'
import { em, uid } from '../client'
import { extractCode, extractLink, waitForNewMail } from '../mail'
import { makeUser, noProblems, open, openAs, useBrowser } from './browser'
import { shot, visit } from './client-fixtures'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

setDefaultTimeout(120_000)
useBrowser()

describe('invitation journey', () => {
  test('invite by email, the invitee registers from the link, accepts, and both see the seat', async () => {
    const tag = uid()
    const coach = await makeCoach('Ines', `Duarte${tag}`)
    const { schedule } = await makePublicSchedule(coach, { title: `Negotiation lab ${tag}`, price: 5000, maxSeats: 8 })
    const booker = await makeUser({ profile: { firstName: 'Bea', lastName: 'Booker', socialAccounts: [] } })
    const m = em()
    const booking = m.create(Booking, {
      tenant: coach.tenant.id,
      user: booker.id,
      workshopSchedule: schedule.id,
      seats: 2,
      status: 'CONFIRMED',
      amountTotal: 10000,
      amountDue: 10000,
      amountPaid: 10000,
      currency: 'usd',
      confirmedAt: new Date(),
      meta: {},
    } as any)
    m.create(BookingSeat, { tenant: coach.tenant.id, booking, user: booker.id, status: 'ACCEPTED', meta: {} } as any)
    m.create(BookingSeat, { tenant: coach.tenant.id, booking, status: 'PENDING', meta: {} } as any)
    await m.flush()
    const invitee = `friend-${tag}@test.example`

    // The booker: seats tab, invite by email (a bad email first: the schema's message).
    const a = await openAs(booker)
    await visit(a.page, `/b/bookings/${booking.id}/seats`)
    await a.page.getByLabel('Email').fill('not-an-email')
    await a.page.getByRole('button', { name: 'Send invitation' }).click()
    await a.page.getByText('Please enter a valid email address').waitFor()
    await a.page.getByLabel('Email').fill('')
    await a.page.getByRole('button', { name: 'Send invitation' }).click()
    await a.page.getByText('Either user ID or email must be provided').waitFor()
    const mail = waitForNewMail(invitee, (x) => x.text.includes('/invitations/'), 10_000)
    await a.page.getByLabel('Email').fill(invitee)
    await a.page.getByRole('button', { name: 'Send invitation' }).click()
    const link = new URL(extractLink(await mail, '/invitations/'))
    await a.page.waitForLoadState('load')
    await a.page.getByRole('table', { name: 'Seats' }).getByText(invitee).waitFor()
    await a.page.getByRole('table', { name: 'Seats' }).getByText('Invited').waitFor()
    await shot(a.page, 'seats-invited')

    // The invitee, signed out, in another browser: the invitation page, register, onboarding, back.
    const b = await open()
    await visit(b.page, link.pathname)
    await b.page.getByRole('heading', { name: `Negotiation lab ${tag}` }).waitFor()
    await b.page.getByText('Bea Booker invited you to a seat').waitFor()
    await shot(b.page, 'invitation-signed-out')
    await b.page.getByRole('link', { name: 'Create an account' }).click()
    await b.page.waitForURL((x) => x.pathname === '/register')
    await b.page.getByLabel('Email').fill(invitee)
    const codeMail = waitForNewMail(invitee, (x) => /\d{6}/.test(x.text))
    await b.page.getByRole('button', { name: 'Continue with email' }).click()
    const code = extractCode(await codeMail)
    await b.page.locator('[data-part=input]').first().click()
    await b.page.keyboard.type(code)
    await b.page.waitForURL('**/onboarding/1')
    await b.page.getByLabel('First Name').fill('Fran')
    await b.page.getByLabel('Last Name').fill('Friend')
    await b.page.getByLabel('Username').fill(`fran${tag}`.slice(0, 20))
    await b.page.getByRole('button', { name: 'Continue' }).click()
    await b.page.waitForURL('**/onboarding/2')
    await b.page.getByRole('radio', { name: /Book workshops/ }).click()
    await b.page.getByRole('button', { name: 'Finish' }).click()
    await b.page.waitForURL((x) => x.pathname === link.pathname)
    await b.page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))
    await b.page.getByRole('button', { name: 'Accept seat' }).click()
    await b.page.getByText(`You have a seat at Negotiation lab ${tag}.`).waitFor()
    await b.page.getByRole('link', { name: 'View booking' }).click()
    await b.page.waitForURL((x) => x.pathname === `/b/bookings/${booking.id}`)
    await b.page.getByRole('heading', { name: `Negotiation lab ${tag}` }).waitFor()
    await b.page.goto('/b/bookings')
    await b.page.getByRole('link', { name: `Negotiation lab ${tag}` }).waitFor()

    // The booker sees the seat accepted.
    await visit(a.page, `/b/bookings/${booking.id}/seats`)
    const row = a.page.getByRole('row').filter({ hasText: 'Fran Friend' })
    await row.getByText('Accepted').waitFor()
    await shot(a.page, 'seats-accepted')

    // The link works once.
    await visit(b.page, link.pathname)
    await b.page.getByRole('heading', { name: 'This invitation has already been used' }).waitFor()
    await visit(b.page, '/invitations/no-such-token')
    await b.page.getByRole('heading', { name: 'Invitation not found' }).waitFor()

    const seat = await em().findOneOrFail(BookingSeat, { booking: booking.id, email: invitee })
    expect(seat.status).toBe('ACCEPTED')
    expect(noProblems(a)).toEqual([])
    expect(noProblems(b)).toEqual([])
    await a.close()
    await b.close()
  })
})
