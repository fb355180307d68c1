/**
 * After the booking, in the browser: the cancel dialog shows what the refund policy gives back
 * before the client confirms, the cancellation refunds exactly that and the booking page says
 * so; the settings dialog's Notifications switches turn a reminder kind off and on again.
 * `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { actor, em, uid } from '../client'
import { payInBrowser } from '../peers/stripe'
import { noProblems, openAs, useBrowser } from './browser'
import { axe, shot, visit } from './client-fixtures'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

useBrowser()

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>
beforeAll(async () => {
  coach = await makeCoach('Ines', `Duarte${tag}`)
})

describe('after booking', () => {
  test('the cancel dialog shows the partial refund of the policy before confirming; the refund is that amount', async () => {
    const { schedule, workshop } = await makePublicSchedule(coach, { title: `Negotiation basics ${tag}`, price: 12500, startInDays: 7 })
    const m = em()
    const w = await m.findOneOrFail(Workshop, { id: workshop.id } as any, { filters: false })
    // Full refund until 10 days before, 40% until 2 days before: a week before, 40% comes back.
    w.refundPolicy = { fullRefundHours: 240, partialRefundHours: 48, partialRefundPercent: 40 }
    await m.flush()
    const client = await actor()
    const b = (await client.client.post('/v1/bookings', { userId: client.user.id, workshopScheduleId: schedule.id })).body.data
    const i = (await client.client.post(`/v1/payments/bookings/${b.id}/payment-intent`, {})).body.data
    await payInBrowser(i.clientSecret)
    expect((await client.client.post(`/v1/payments/bookings/${b.id}/finalize`, { paymentIntentId: i.paymentIntentId })).status).toBe(200)

    const s = await openAs(client.user)
    await visit(s.page, `/b/bookings/${b.id}`)
    await s.page.getByRole('button', { name: 'Cancel booking' }).click()
    const dialog = s.page.getByRole('dialog', { name: 'Cancel this booking?' })
    await dialog.getByTestId('refund-preview').getByText('You will get back $50.00 (40% of $125.00) to your card.').waitFor()
    expect(await dialog.getByTestId('refund-policy').textContent()).toMatch(
      /^Full refund until 10 days before the start, 40% until 2 days before the start, no refund after that\. 40% if you cancel by /,
    )
    await shot(s.page, 'cancel-partial')
    expect(await axe(s.page)).toEqual([])
    await dialog.getByLabel('Reason').fill('My plans changed')
    await dialog.getByRole('button', { name: 'Cancel booking' }).click()
    await s.page.getByTestId('refund-result').getByText('Your booking is cancelled. $50.00 is on its way back to your card.').waitFor()
    const row = await em().findOneOrFail(Booking, { id: b.id } as any, { filters: false })
    expect(row.status).toBe('CANCELLED')
    expect(row.refundAmount).toBe(5000)
    await s.page.getByRole('button', { name: 'Done' }).click()
    await s.page.getByTestId('refunded').getByText('Refunded $50.00 to your card.').waitFor({ timeout: 20_000 })
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)

  test('Settings, Preferences, Notifications: a switch turns the hour-before reminder off and on', async () => {
    const client = await actor()
    const s = await openAs(client.user)
    await visit(s.page, '/b')
    await s.page.getByRole('button', { name: 'Settings', exact: true }).click()
    const dialog = s.page.getByRole('dialog', { name: 'Settings' })
    await dialog.getByRole('tab', { name: /Preferences/ }).click()
    await dialog.getByRole('heading', { name: 'Appearance' }).waitFor()
    const hour = dialog.getByRole('checkbox', { name: 'Reminder an hour before a workshop' })
    await hour.waitFor({ state: 'attached' })
    expect(await hour.isChecked()).toBe(true)
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/v1/notifications/preferences') && r.request().method() === 'PATCH')
    await dialog.getByText('Reminder an hour before a workshop').click()
    expect((await saved).status()).toBe(200)
    await s.page.getByText('Preferences saved').first().waitFor()
    expect((await client.client.get('/v1/notifications/preferences')).body.data).toEqual({ reminder24h: true, reminder1h: false, feedbackRequest: true })
    await shot(s.page, 'settings-notifications')
    expect(await axe(s.page)).toEqual([])
    // Closed (the dialog's open state is remembered across loads), reopened later: the stored choice; turned back on.
    await s.page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await visit(s.page, '/b')
    await s.page.getByRole('button', { name: 'Settings', exact: true }).click()
    await dialog.getByRole('tab', { name: /Preferences/ }).click()
    await hour.waitFor({ state: 'attached' })
    await s.page.waitForFunction(() => !(document.querySelector('input[name=reminder1h]') as HTMLInputElement | null)?.checked)
    const again = s.page.waitForResponse((r) => r.url().endsWith('/v1/notifications/preferences') && r.request().method() === 'PATCH')
    await dialog.getByText('Reminder an hour before a workshop').click()
    await again
    expect((await client.client.get('/v1/notifications/preferences')).body.data.reminder1h).toBe(true)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 90_000)
})
