/**
 * Questions and messages in the browser: the coach adds questions to a workshop in its form
 * (a required one, reordered with the Move buttons), a client answers them at the checkout
 * (a missing required answer says so first), the coach reads the answers on the booking page
 * and in the attendees CSV, messages everyone on the date, and the client finds the message in
 * the notification centre (the bell) and on the booking page; client and coach exchange two
 * messages on the booking's conversation (mailed, in the bell, shown as text). `SHOTS=/dir` saves
 * screenshots at desktop and phone widths.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { Booking, BookingSeat } from '../../src/modules/bookings/booking.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { actor, em, uid } from '../client'
import { waitForMail } from '../mail'
import { axe, makeUser, noProblems, openAs, type Session, useBrowser } from './browser'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

useBrowser()

async function hydrated(s: Session) {
  await s.page.waitForLoadState('load')
  await s.page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))
}
async function visit(s: Session, path: string) {
  await s.page.goto(path)
  await hydrated(s)
}
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width === 1280 ? 'desktop' : 'phone'}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}
/** Polls until `fn` returns `expected` (state written by the server or a job). */
async function eventually<T>(fn: () => Promise<T>, expected: T, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs
  let last: T | undefined
  while (Date.now() < end) {
    last = await fn()
    if (JSON.stringify(last) === JSON.stringify(expected)) return
    await new Promise((r) => setTimeout(r, 200))
  }
  expect(last).toEqual(expected)
}
const questionsOf = async (id: string) => ((await em().fork().findOneOrFail(Workshop, { id }, { filters: false })).questions ?? []).map((q) => q.label)

describe('questions and messages', () => {
  test('the coach asks a question, the client answers at checkout, the coach reads it and messages the date, the client sees it in the bell', async () => {
    const tag = uid()
    const coach = await makeCoach('Nora', `Quist${tag}`)
    const { workshop, schedule } = await makePublicSchedule(coach, { title: `Speaking up ${tag}`, price: 0, maxSeats: 8 })
    const c = await openAs(coach.user)

    // The workshop form: two questions; the second (required) moves up with its button, focus follows it.
    await visit(c, `/c/workshops/${workshop.id}`)
    await c.page.getByRole('button', { name: 'Edit workshop' }).click()
    const form = c.page.getByRole('form', { name: 'Edit workshop' })
    const editor = form.getByTestId('booking-questions-editor')
    await editor.getByRole('button', { name: 'Add question' }).click()
    await editor.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Anything we should know?')
    await editor.getByRole('button', { name: 'Add question' }).click()
    await editor.getByRole('textbox', { name: 'Question 2', exact: true }).fill('What do you want from this workshop?')
    const second = editor.getByTestId('booking-question-row').nth(1)
    await second.getByText('Required', { exact: true }).click()
    expect(await second.getByRole('checkbox', { name: 'Required', exact: true }).isChecked()).toBe(true)
    await editor.getByTestId('booking-question-row').nth(1).getByLabel('Type', { exact: true }).selectOption('long_text')
    expect(await editor.getByRole('button', { name: 'Move question 1 up' }).isDisabled()).toBe(true)
    await editor.getByRole('button', { name: 'Move question 2 up' }).click()
    await expect(editor.getByRole('textbox', { name: 'Question 1', exact: true }).inputValue()).resolves.toBe('What do you want from this workshop?')
    // At the top its "up" is disabled: the focus is on its "down".
    await c.page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move question 1 down')
    await editor.getByTestId('booking-questions-count').getByText('2 of 10 questions').waitFor()
    await shot(c.page, 'messages-question-editor')
    expect({ violations: await axe(c.page, { withoutShell: true }) }).toEqual({ violations: [] })
    // An empty question is refused under its own field, then removed.
    await editor.getByRole('button', { name: 'Add question' }).click()
    await form.getByRole('button', { name: 'Save workshop' }).click()
    await editor.getByTestId('booking-question-row').nth(2).getByText('The question is required').waitFor()
    await editor.getByRole('button', { name: 'Remove question 3' }).click()
    await Promise.all([c.page.waitForEvent('load'), form.getByRole('button', { name: 'Save workshop' }).click()])
    await hydrated(c)
    expect(await questionsOf(workshop.id)).toEqual(['What do you want from this workshop?', 'Anything we should know?'])

    // The client books: the required question is asked after the seats and must be answered.
    const client = await makeUser({ profile: { firstName: 'Lena', lastName: `Booker${tag}`, socialAccounts: [] } })
    const b = await openAs(client)
    await visit(b, `/workshops/${schedule.id}/book`)
    const checkout = b.page.getByRole('form', { name: 'Booking details' })
    await checkout.getByRole('button', { name: 'Confirm booking' }).click()
    await checkout.getByText('This question needs an answer').waitFor()
    expect(
      await em()
        .fork()
        .count(Booking, { user: client.id } as any, { filters: false }),
    ).toBe(0)
    await checkout.getByLabel('What do you want from this workshop?').fill('Confidence in meetings')
    await shot(b.page, 'messages-checkout-questions')
    await checkout.getByRole('button', { name: 'Confirm booking' }).click()
    await b.page.getByRole('heading', { name: "You're booked!" }).waitFor({ timeout: 20_000 })
    const booking = await em()
      .fork()
      .findOneOrFail(Booking, { user: client.id } as any, { filters: false })
    expect(booking.status).toBe('CONFIRMED')

    // The coach reads the answer on the booking page and in the schedule's attendees CSV.
    await visit(c, `/c/bookings/${booking.id}`)
    await c.page.getByTestId('booking-answers').getByText('Confidence in meetings').waitFor()
    await visit(c, `/c/workshops/${workshop.id}`)
    const row = c.page.locator(`tr[data-schedule="${schedule.id}"]`)
    const csvHref = await row.getByRole('link', { name: /^Attendees CSV of .*, with their answers$/ }).getAttribute('href')
    expect(csvHref).toBe(`/v1/workshop-schedules/${schedule.id}/attendees.csv`)
    const csv = await c.page.request.get(csvHref!)
    expect(csv.status()).toBe(200)
    const text = await csv.text()
    expect(text.split('\n')[0]).toContain('What do you want from this workshop?')
    expect(text).toContain('Confidence in meetings')

    await shot(c.page, 'messages-schedule-row')
    // The coach messages everyone on the date; the sent list says to how many.
    await row.getByRole('button', { name: /^Message everyone on / }).click()
    const dialog = c.page.getByRole('dialog', { name: 'Message everyone on this date' })
    await dialog.getByText('Nothing sent to this date yet.').waitFor()
    const send = dialog.getByRole('form', { name: 'Message everyone on this date' })
    await send.getByRole('button', { name: 'Send to everyone' }).click()
    expect(await send.locator('[aria-invalid=true]').count()).toBeGreaterThan(0)
    await send.getByLabel('Subject').fill(`Room change ${tag}`)
    await send.getByLabel('Message').fill('We meet in room 4B. Map: https://example.com/map')
    await send.getByRole('button', { name: 'Send to everyone' }).click()
    const sent = dialog.getByTestId('sent-message')
    await sent.getByText(`Room change ${tag}`).waitFor()
    expect(await sent.textContent()).toContain('to 1 person')
    await expect(sent.getByRole('link', { name: 'https://example.com/map' }).getAttribute('href')).resolves.toBe('https://example.com/map')
    await shot(c.page, 'messages-schedule-message')
    expect({ violations: await axe(c.page, { withoutShell: true }) }).toEqual({ violations: [] })

    // The client: the bell counts it, the dropdown lists it, and the booking page shows it.
    await eventually(async () => {
      await visit(b, '/b')
      return (
        (await b.page
          .getByTestId('inbox-count')
          .textContent()
          .catch(() => null)) ?? null
      )
    }, '1')
    await b.page.getByTestId('inbox-bell').click()
    const menu = b.page.getByRole('menu', { name: 'Notifications' })
    await menu
      .getByTestId('inbox-item')
      .filter({ hasText: `Room change ${tag}` })
      .waitFor()
    await shot(b.page, 'messages-bell')
    await b.page.keyboard.press('Escape')
    await visit(b, `/b/bookings/${booking.id}`)
    await b.page.getByTestId('announcements').getByText(`Room change ${tag}`).waitFor()
    await b.page.getByTestId('announcements').getByText('We meet in room 4B.', { exact: false }).waitFor()

    expect(noProblems(c)).toEqual([])
    expect(noProblems(b)).toEqual([])
    await c.close()
    await b.close()
  }, 180_000)

  test("accepting a seat asks the workshop's per-seat question; the answer is stored on the seat", async () => {
    const tag = uid()
    const coach = await makeCoach('Omar', `Vale${tag}`)
    const { workshop, schedule } = await makePublicSchedule(coach, { title: `Team retro ${tag}`, price: 0, maxSeats: 8 })
    const m = em().fork()
    await m
      .getConnection()
      .execute(`update workshops set questions = ?::jsonb where id = ?`, [
        JSON.stringify([
          { id: 'q1', kind: 'single_choice', label: 'Your role?', required: true, scope: 'seat', options: ['Manager', 'Engineer'], consentUrl: null },
        ]),
        workshop.id,
      ])
    const booker = await actor({ profile: { firstName: 'Bo', lastName: `Booker${tag}`, socialAccounts: [] } })
    const booking = m.create(Booking, {
      tenant: coach.tenant.id,
      user: booker.user.id,
      workshopSchedule: schedule.id,
      seats: 2,
      status: 'CONFIRMED',
      amountTotal: 0,
      amountDue: 0,
      amountPaid: 0,
      currency: 'usd',
      confirmedAt: new Date(),
      meta: {},
    } as any)
    m.create(BookingSeat, { tenant: coach.tenant.id, booking, user: booker.user.id, status: 'ACCEPTED', meta: {} } as any)
    await m.flush()
    const invitee = await makeUser({ profile: { firstName: 'Ivy', lastName: `Invitee${tag}`, socialAccounts: [] } })
    const seat = await booker.client.post('/v1/booking-seats', { bookingId: booking.id, email: invitee.email })
    expect(seat.status).toBe(201)
    const sent = await booker.client.post(`/v1/booking-seats/${seat.body.data.id}/send-invitation`)
    const link = new URL(sent.body.data.invitationUrl)

    const s = await openAs(invitee)
    await visit(s, link.pathname)
    const questions = s.page.getByRole('region', { name: 'A few questions from the coach' })
    await questions.getByLabel('Your role?').waitFor()
    await s.page.getByRole('button', { name: 'Accept seat' }).click()
    await questions.getByText('This question needs an answer').waitFor()
    const answersOf = async () =>
      (await em().fork().getConnection().execute(`select status, answers from booking_seats where id = ?`, [seat.body.data.id]))[0] as {
        status: string
        answers: any
      }
    expect((await answersOf()).status).toBe('PENDING')
    await questions.getByLabel('Your role?').selectOption('Engineer')
    await questions.getByText('This question needs an answer').waitFor({ state: 'detached' })
    expect(await questions.getByLabel('Your role?').getAttribute('aria-invalid')).toBeNull()
    await shot(s.page, 'messages-invitation-questions')
    expect({ violations: await axe(s.page) }).toEqual({ violations: [] })
    await s.page.getByRole('button', { name: 'Accept seat' }).click()
    await s.page.getByText(`You have a seat at Team retro ${tag}.`).waitFor()
    const row = await answersOf()
    expect(row.status).toBe('ACCEPTED')
    expect(JSON.stringify(row.answers)).toContain('Engineer')
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 120_000)
  test('client and coach exchange two messages on the booking: each is mailed to the other, counted in the bell, shown as text, newest last', async () => {
    const tag = uid()
    const coach = await makeCoach('Ada', `Marsh${tag}`)
    const { schedule } = await makePublicSchedule(coach, { title: `Negotiation day ${tag}`, price: 0, maxSeats: 8 })
    const client = await makeUser({ profile: { firstName: 'Tom', lastName: `Asker${tag}`, socialAccounts: [] } })
    const m = em().fork()
    const booking = m.create(Booking, {
      tenant: coach.tenant.id,
      user: client.id,
      workshopSchedule: schedule.id,
      seats: 1,
      status: 'CONFIRMED',
      amountTotal: 0,
      amountDue: 0,
      amountPaid: 0,
      currency: 'usd',
      confirmedAt: new Date(),
      meta: {},
    } as any)
    m.create(BookingSeat, { tenant: coach.tenant.id, booking, user: client.id, status: 'ACCEPTED', meta: {} } as any)
    await m.flush()
    const about = (m: { subject: string }) => m.subject === `A new message about Negotiation day ${tag}`

    // The client asks; the text is kept as text (no markup), and shows as theirs.
    const b = await openAs(client)
    await visit(b, `/b/bookings/${booking.id}`)
    const bConv = b.page.getByTestId('conversation')
    await bConv.getByText('No messages yet. Ask your coach anything about this booking.').waitFor()
    const write = bConv.getByRole('form', { name: 'Write a message' })
    await write.getByRole('button', { name: 'Send' }).click()
    await write.getByText('Write a message', { exact: true }).waitFor()
    expect(await write.getByRole('textbox', { name: 'Message' }).getAttribute('aria-invalid')).toBe('true')
    await write.getByRole('textbox', { name: 'Message' }).fill('Is there parking near the venue? <b>Asking early</b>')
    await write.getByRole('button', { name: 'Send' }).click()
    const mine = bConv.getByTestId('message')
    await mine.first().getByText('Is there parking near the venue? <b>Asking early</b>').waitFor()
    expect(await mine.first().textContent()).toContain('You')
    expect(await write.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('')
    expect(await bConv.locator('b').count()).toBe(0)

    // The coach is mailed a link back to the conversation, finds it in the bell and answers there.
    const mail = await waitForMail(coach.user.email, about, 30_000)
    expect(mail.text).toContain('Is there parking near the venue?')
    const link = /https?:\/\/\S+\/c\/bookings\/[^\s)\]]+#messages/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    const c = await openAs(coach.user)
    await eventually(async () => {
      await visit(c, '/c')
      return (
        (await c.page
          .getByTestId('inbox-count')
          .textContent()
          .catch(() => null)) ?? null
      )
    }, '1')
    await visit(c, new URL(link!).pathname)
    const cConv = c.page.getByTestId('conversation')
    await cConv.getByRole('heading', { name: 'Conversation with the client' }).waitFor()
    const theirs = cConv.getByTestId('message').first()
    await theirs.getByText('Is there parking near the venue?', { exact: false }).waitFor()
    expect(await theirs.textContent()).toContain(`Tom Asker${tag} · Client`)
    await cConv.getByRole('textbox', { name: 'Message' }).fill('Yes: the garage on Hill Street, level 2.')
    await cConv.getByRole('button', { name: 'Send' }).click()
    await cConv.getByTestId('message').nth(1).getByText('Yes: the garage on Hill Street, level 2.').waitFor()
    await shot(c.page, 'messages-conversation-coach')
    expect({ violations: await axe(c.page, { withoutShell: true }) }).toEqual({ violations: [] })

    // The client is mailed and counts it in the bell; the page shows both, newest last, the reply as the coach's.
    const reply = await waitForMail(client.email, about, 30_000)
    expect(reply.text).toContain('the garage on Hill Street')
    expect(reply.text).toContain(`/b/bookings/${booking.id}#messages`)
    await eventually(async () => {
      await visit(b, '/b')
      return (
        (await b.page
          .getByTestId('inbox-count')
          .textContent()
          .catch(() => null)) ?? null
      )
    }, '1')
    await visit(b, `/b/bookings/${booking.id}`)
    const thread = b.page.getByTestId('conversation').getByTestId('message')
    await thread.nth(1).getByText('Yes: the garage on Hill Street, level 2.').waitFor()
    expect(await thread.count()).toBe(2)
    expect(await thread.nth(0).textContent()).toContain('Is there parking near the venue?')
    expect(await thread.nth(1).textContent()).toContain(`Ada Marsh${tag} · Coach`)
    await shot(b.page, 'messages-conversation-client')
    // Reading it cleared the bell.
    await eventually(async () => {
      await visit(b, '/b')
      return await b.page.getByTestId('inbox-count').count()
    }, 0)

    expect(noProblems(c)).toEqual([])
    expect(noProblems(b)).toEqual([])
    await c.close()
    await b.close()
  }, 180_000)
})
