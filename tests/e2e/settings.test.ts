/**
 * The Settings dialog (section 2): every Account card saves on its own (Save disabled until a
 * change, 'Saving...' while it works, the 'User Updated' toast, heard while the dialog is open), a server 422 lands under its
 * field, a failed avatar upload toasts, and Preferences switches the colour mode.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { User } from '../../src/modules/users/user.entity'
import { em } from '../client'
import { makeUser, noProblems, openAs, useBrowser } from './browser'

useBrowser()

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const card = (page: Page, id: string) => page.locator(`form[data-card="${id}"]`)
const fresh = async (id: string) => em().findOneOrFail(User, { id })

async function openSettings(page: Page) {
  await page.goto('/b')
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page.getByRole('dialog', { name: 'Settings' }).waitFor()
}

async function saveCard(page: Page, id: string) {
  const save = card(page, id).getByRole('button', { name: /^(Save|Saving\.\.\.)$/ })
  // The form enables Save once it sees the change (a render after the input event).
  await page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLButtonElement | null)?.disabled === false,
    `form[data-card="${id}"] button[type=submit]`,
  )
  const saved = page.waitForResponse((r) => r.url().includes('/v1/users/') && r.request().method() === 'PATCH')
  await save.click()
  const res = await saved
  if (res.status() !== 200) throw new Error(`save ${id}: ${res.status()} ${await res.text()}`)
  const open = page.locator('[data-scope=toast][data-part=root][data-state=open]')
  await open.filter({ hasText: 'User Updated' }).filter({ hasText: 'Successfully updated.' }).first().waitFor()
  // Toasts sit bottom-right, over the cards' Save buttons, and pause while hovered: close the open ones.
  while ((await open.count()) > 0) await open.first().locator('[data-part=close-trigger]').click()
  await page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLButtonElement | null)?.disabled === true,
    `form[data-card="${id}"] button[type=submit]`,
  )
}

describe('settings dialog', () => {
  test('each Account card saves its own part', async () => {
    const u = await makeUser({ profile: { firstName: 'Erin', lastName: 'Tester', socialAccounts: [] } })
    const s = await openAs(u)
    await openSettings(s.page)
    const { page } = s
    expect(await page.getByRole('tab', { name: /Account/ }).getAttribute('aria-selected')).toBe('true')
    await page
      .getByRole('tab', { name: /Preferences/ })
      .getByText('New')
      .waitFor()
    // Save stays disabled until the card changes.
    for (const id of ['avatar', 'display-name', 'headline', 'username', 'email', 'phone-number', 'country', 'social-accounts'])
      expect(await card(page, id).locator('button[type=submit]').isDisabled(), id).toBe(true)

    await card(page, 'display-name').getByLabel('First Name').fill('Erina')
    await card(page, 'display-name')
      .getByLabel(/Middle Name/)
      .fill('Q')
    await saveCard(page, 'display-name')
    expect((await fresh(u.id)).profile).toMatchObject({ firstName: 'Erina', middleName: 'Q', lastName: 'Tester' })

    await card(page, 'headline').getByLabel('Headline').fill('Negotiation coach for engineers')
    await saveCard(page, 'headline')
    expect((await fresh(u.id)).profile.headline).toBe('Negotiation coach for engineers')

    const username = `erina${Date.now().toString(36).slice(-6)}`
    await card(page, 'username').getByLabel('Username').fill(username)
    await saveCard(page, 'username')
    expect((await fresh(u.id)).username).toBe(username)

    await card(page, 'phone-number').getByLabel('Phone Number').fill('+44 20 7946 0000')
    await saveCard(page, 'phone-number')
    expect((await fresh(u.id)).profile.phoneNumber).toBe('+44 20 7946 0000')

    await card(page, 'country').getByRole('combobox').fill('Portugal')
    await page.getByRole('option', { name: /Portugal/ }).click()
    await saveCard(page, 'country')
    expect((await fresh(u.id)).profile.country).toBe('PT')

    // Social accounts: empty text, add two rows, save, then reorder by dragging the handle.
    await card(page, 'social-accounts').getByText('No social accounts linked yet. Connect your profiles to build trust and increase visibility.').waitFor()
    expect(await card(page, 'social-accounts').getByText('Learn more about Social Accounts').getAttribute('aria-disabled')).toBe('true')
    for (const [i, platform, url] of [
      [1, 'LinkedIn', 'https://linkedin.com/in/erina'],
      [2, 'GitHub', 'https://github.com/erina'],
    ] as const) {
      await card(page, 'social-accounts').getByRole('button', { name: 'Add' }).click()
      await card(page, 'social-accounts')
        .getByRole('combobox', { name: `Platform of social account ${i}` })
        .click()
      await page.getByRole('option', { name: platform, exact: true }).click()
      await card(page, 'social-accounts').getByLabel(`URL of social account ${i}`).fill(url)
    }
    await saveCard(page, 'social-accounts')
    expect((await fresh(u.id)).profile.socialAccounts).toEqual([
      { platform: 'linkedin', url: 'https://linkedin.com/in/erina', order: 1 },
      { platform: 'github', url: 'https://github.com/erina', order: 2 },
    ])
    const handles = card(page, 'social-accounts').getByRole('button', { name: 'Drag to reorder' })
    const from = (await handles.nth(1).boundingBox())!
    const to = (await handles.nth(0).boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 })
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 })
    await page.mouse.up()
    await saveCard(page, 'social-accounts')
    expect((await fresh(u.id)).profile.socialAccounts?.map((a) => [a.platform, a.order])).toEqual([
      ['github', 1],
      ['linkedin', 2],
    ])
    await card(page, 'social-accounts').getByRole('button', { name: 'Delete social account 2' }).click()
    await saveCard(page, 'social-accounts')
    expect((await fresh(u.id)).profile.socialAccounts).toEqual([{ platform: 'github', url: 'https://github.com/erina', order: 1 }])

    // Avatar: drop a PNG, it uploads, Save makes it the avatar.
    await card(page, 'avatar').locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await page.waitForFunction(() => !(document.querySelector('form[data-card="avatar"] button[type=submit]') as HTMLButtonElement).disabled)
    await saveCard(page, 'avatar')
    expect((await fresh(u.id)).avatar).toBeTruthy()

    // Email last: it sends only the email field; the new address waits for verification.
    const email = `new-${Date.now()}@test.example`
    await card(page, 'email').getByLabel('Email').fill(email)
    await saveCard(page, 'email')
    const after = await fresh(u.id)
    expect(after.pendingEmail ?? after.email).toBe(email)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)

  test('a server 422 shows under its field, focused, without a toast', async () => {
    const taken = await makeUser()
    const u = await makeUser()
    const s = await openAs(u)
    await openSettings(s.page)
    const username = card(s.page, 'username').getByLabel('Username')
    await username.fill(taken.username!)
    await card(s.page, 'username').getByRole('button', { name: 'Save' }).click()
    await card(s.page, 'username').getByText('The username has already been taken.').waitFor()
    expect(await username.getAttribute('aria-invalid')).toBe('true')
    await s.page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'username', undefined, { timeout: 5000 })
    expect(await s.page.getByText('Something went wrong!').count()).toBe(0)
    expect(await s.page.getByText('User Updated').count()).toBe(0)
    // Client-side rules of the same schema, on change.
    await card(s.page, 'display-name').getByLabel('First Name').fill('')
    await card(s.page, 'display-name').getByText('First name is required').waitFor()
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)

  test('a dismissed toast no longer covers the Save buttons beneath it', async () => {
    const u = await makeUser()
    const s = await openAs(u)
    await openSettings(s.page)
    const { page } = s
    await card(page, 'headline').getByLabel('Headline').fill('Coach for new managers')
    await card(page, 'headline').getByRole('button', { name: 'Save' }).click()
    const toast = page.locator('[data-scope=toast][data-part=root]').filter({ hasText: 'User Updated' })
    await toast.waitFor()
    const box = (await toast.boundingBox())!
    // The open dialog hides the rest of the page from assistive technology, but not the toasts:
    // their live region sits directly under <body>, outside the hidden set, so "User Updated" is heard.
    expect(await page.evaluate(() => !!document.querySelector('[data-scope=toast][data-part=group]')?.closest('[aria-hidden=true], [inert]'))).toBe(false)
    expect(await page.getByRole('status').filter({ hasText: 'User Updated' }).count()).toBe(1)
    // Its dismiss button works while the dialog is open, and the dialog stays.
    await toast.getByRole('button', { name: 'Dismiss' }).click()
    await page.locator('[data-scope=toast][data-part=root][data-state=closed]').waitFor({ state: 'attached' })
    // After the exit transition nothing of the toast (nor Ark's hover ghost above it) takes the pointer.
    const covered = () =>
      page.evaluate(
        ([x, y, w, h]) => [y - 10, y + h / 2].some((py) => !!document.elementFromPoint(x + w / 2, py)?.closest('[data-scope=toast][data-part=root]')),
        [box.x, box.y, box.width, box.height],
      )
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-scope=toast][data-part=root][data-state=closed]')!).visibility === 'hidden')
    expect(await covered()).toBe(false)
    expect(await page.getByRole('dialog', { name: 'Settings' }).isVisible()).toBe(true)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)

  test('at 390 px the empty Social Accounts text shows whole, inside the table box', async () => {
    const u = await makeUser()
    const s = await openAs(u)
    const { page } = s
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/b/account/profile')
    const text = card(page, 'social-accounts').getByText('No social accounts linked yet. Connect your profiles to build trust and increase visibility.')
    await text.waitFor()
    // The table keeps its columns' width (wider than the phone) and scrolls sideways in its box;
    // its empty text must not run past the part of the box that shows.
    const { textBox, scrollBox } = await text.evaluate((el) => {
      const scroller = el.closest('table')!.parentElement!
      const r = (e: Element | Range) => {
        const b = e.getBoundingClientRect()
        return { left: b.left, right: b.right }
      }
      const range = document.createRange()
      range.selectNodeContents(el)
      return { textBox: r(range), scrollBox: r(scroller) }
    })
    expect(textBox.left).toBeGreaterThanOrEqual(scrollBox.left)
    expect(textBox.right).toBeLessThanOrEqual(scrollBox.right)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)

  test('a failed avatar upload toasts Upload failed / Please try again', async () => {
    const u = await makeUser()
    const s = await openAs(u)
    await openSettings(s.page)
    // Named .png but not an image: the server reads the content and refuses it.
    await card(s.page, 'avatar')
      .locator('input[type=file]')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('definitely not an image') })
    await s.page.getByText('Upload failed').waitFor()
    await s.page.getByText('Please try again').waitFor()
    expect(await card(s.page, 'avatar').locator('button[type=submit]').isDisabled()).toBe(true)
    expect((await fresh(u.id)).avatar).toBeNull()
    await s.close()
  }, 150_000)
})

describe('email verification', () => {
  test('a new email waits for its code, entered in the Email card', async () => {
    const { extractCode, waitForNewMail } = await import('../mail')
    const u = await makeUser()
    const s = await openAs(u)
    await openSettings(s.page)
    const email = `verify-${Date.now()}@test.example`
    const mail = waitForNewMail(email, (m) => /\d{6}/.test(m.text), 15_000)
    await card(s.page, 'email').getByLabel('Email').fill(email)
    await saveCard(s.page, 'email')
    await card(s.page, 'email').getByText(`Code sent to ${email}`).waitFor()
    const code = extractCode(await mail)
    await card(s.page, 'email').locator('[data-scope=pin-input][data-part=input]').first().click()
    await s.page.keyboard.type(code)
    await s.page.getByText('Email verified').waitFor()
    const after = await fresh(u.id)
    expect(after.email).toBe(email)
    expect(after.pendingEmail).toBeNull()
    await card(s.page, 'email').getByText('Verified', { exact: true }).waitFor()
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 150_000)
})
