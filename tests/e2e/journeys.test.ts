/**
 * A new user as they would try it: register with the code from the caught mail, onboard
 * (name and username, then coach basics) and land on the coach dashboard; a returning user
 * signs in with the emailed link; validation messages of section 5 in the sign-in form.
 */
import { describe, expect, test } from 'bun:test'
import { User } from '../../src/modules/users/user.entity'
import { em } from '../client'
import { extractCode, extractLink, waitForNewMail } from '../mail'
import { makeUser, noProblems, open, useBrowser } from './browser'

useBrowser()

describe('sign-in and onboarding', () => {
  test('register by OTP -> onboarding -> coach dashboard', async () => {
    const s = await open()
    const email = `new-${Date.now()}@test.example`
    await s.page.goto('/register')
    await s.page.getByLabel('Email').fill(email)
    const mail = waitForNewMail(email, (m) => /\d{6}/.test(m.text))
    await s.page.getByRole('button', { name: 'Continue with email' }).click()
    const code = extractCode(await mail)
    await s.page.getByText(`Enter the 6-digit code we sent to ${email}.`).waitFor()
    await s.page.locator('[data-part=input]').first().click()
    await s.page.keyboard.type(code)
    await s.page.waitForURL('**/onboarding/1')
    expect(await s.page.title()).toBe('Welcome | Summit (test)')

    // Step 1: the rules of the API, on blur.
    await s.page.getByLabel('First Name').fill('Noor')
    await s.page.getByLabel('Last Name').fill('')
    await s.page.getByLabel('Last Name').blur()
    await s.page.getByLabel('Username').fill('ab')
    await s.page.getByLabel('Username').blur()
    await s.page.getByText('Username must be at least 4 characters').waitFor()
    await s.page.getByRole('button', { name: 'Continue' }).click()
    await s.page.getByText('Last name is required').waitFor()
    await s.page.getByLabel('Last Name').fill('Haddad')
    const username = `noor${Date.now().toString(36).slice(-6)}`
    await s.page.getByLabel('Username').fill(username)
    await s.page.getByRole('button', { name: 'Continue' }).click()
    await s.page.waitForURL('**/onboarding/2')

    // Step 2: coach, with the basics.
    await s.page.getByRole('radio', { name: /Coach/ }).click()
    await s.page.getByRole('button', { name: 'Finish' }).click()
    await s.page.getByText('Business name is required').waitFor()
    await s.page.getByLabel('Business Name').fill('Haddad Coaching')
    await s.page.getByLabel('Bio').fill('I help new managers lead with confidence.')
    await s.page.getByLabel('Specializations').fill('Leadership, Management')
    await s.page.getByRole('button', { name: 'Finish' }).click()
    await s.page.waitForURL((u) => u.pathname === '/c')
    await s.page.getByRole('heading', { name: 'Coach Dashboard' }).waitFor()

    const user = await em().findOneOrFail(User, { email })
    expect(user.status).toBe('active')
    expect(user.username).toBe(username)
    expect(user.roles).toContain('coach')
    expect(user.coachProfile?.specializations).toEqual(['Leadership', 'Management'])
    expect(user.defaultTenantSlug).toBeTruthy()
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)

  test('onboarding as a client lands on /b', async () => {
    const u = await makeUser({ status: 'pending' })
    const { openAs } = await import('./browser')
    const s = await openAs(u)
    await s.page.goto('/onboarding/2')
    await s.page.getByRole('radio', { name: /Book workshops/ }).click()
    await s.page.getByRole('button', { name: 'Finish' }).click()
    await s.page.waitForURL((x) => x.pathname === '/b')
    await s.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)

  test('sign-in messages, wrong code under the PIN input, then the emailed link signs in', async () => {
    const u = await makeUser({ roles: ['coach'] })
    const s = await open()
    await s.page.goto('/login?redirect=%2Fc')
    await s.page.getByLabel('Email').fill('not-an-email')
    await s.page.getByRole('button', { name: 'Continue with email' }).click()
    await s.page.getByText('Please enter a valid email address').waitFor()
    await s.page.getByLabel('Email').fill(u.email)
    const mail = waitForNewMail(u.email, (m) => /\d{6}/.test(m.text))
    await s.page.getByRole('button', { name: 'Continue with email' }).click()
    const received = await mail
    const code = extractCode(received)
    const wrong = code === '000000' ? '111111' : '000000'
    await s.page.locator('[data-part=input]').first().click()
    await s.page.keyboard.type(wrong)
    await s.page.getByText('Please enter a valid 6-OTP code').waitFor()
    // A token link signs in and honours the redirect.
    const link = new URL(extractLink(received, 'token='))
    const t = await open()
    await t.page.goto(`${link.pathname}${link.search}`)
    await t.page.waitForURL((x) => x.pathname === '/c')
    expect(noProblems(s)).toEqual([])
    expect(noProblems(t)).toEqual([])
    await s.close()
    await t.close()
  }, 150_000)
})
