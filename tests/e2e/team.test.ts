/**
 * Running a team in the coach area, in Chromium, on the demo data: Maya (manager of Acme, coach
 * in Northwind) switches team and every page follows; she invites a co-coach by email, the
 * invitee accepts from the mailed link and shows up as a member, she changes their roles and
 * removes them; she creates a voucher (a bad percentage first: the spec message shows under the
 * field), disables it and opens its usage; the plan limits show; every team page passes axe at
 * desktop and phone width, light and dark.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Locator } from 'playwright-core'
import { DEMO_TEAM_INVITATION_TOKEN } from '../../src/demo/teams'
import { User } from '../../src/modules/users/user.entity'
import { em, uid } from '../client'
import { extractLink, waitForMail } from '../mail'
import { makeUser, noProblems, openAs, open as openBrowser, type Session, useBrowser } from './browser'
import { axe, demo, visit } from './client-fixtures'

setDefaultTimeout(120_000)
useBrowser()

async function maya() {
  await demo()
  return em().findOneOrFail(User, { email: 'maya@acme.example' })
}
// The demo is shared by the files of this process: Maya ends where she started.
afterAll(async () => {
  await em().nativeUpdate(User, { email: 'maya@acme.example' }, { defaultTenantSlug: 'acme' })
})

const open = (s: Session) => s.page.locator('[data-scope=toast][data-part=root][data-state=open]')
/** Waits until the locator shows (Playwright's own waiting, no timers). */
const shows = (l: Locator) => l.first().waitFor({ state: 'visible' })
const goes = (l: Locator) => l.first().waitFor({ state: 'detached' })
/** Waits until the element's text matches. */
const hasText = (l: Locator, text: string | RegExp) => l.filter({ hasText: text }).first().waitFor({ state: 'visible' })

describe('a team in the coach area', () => {
  test('the team switcher stays in the sidebar from first paint through hydration (no jump while its code loads)', async () => {
    const s = await openAs(await maya())
    const { page } = s
    // Records, from the first byte on, whether the switcher ever left the document after it showed.
    await page.addInitScript(() => {
      const w = window as any
      w.__switcher = { seen: false, lost: false }
      new MutationObserver(() => {
        const there = !!document.querySelector('[data-testid=team-switcher]')
        if (there) w.__switcher.seen = true
        else if (w.__switcher.seen) w.__switcher.lost = true
      }).observe(document, { childList: true, subtree: true })
    })
    for (const path of ['/c', '/c/workshops', '/c/bookings']) {
      await visit(page, path)
      await page.getByRole('button', { name: /switch team/ }).waitFor()
      expect(await page.evaluate(() => (window as any).__switcher)).toEqual({ seen: true, lost: false })
    }
    await s.close()
  })

  test('Maya switches from Acme to Northwind: the workshops, vouchers, team and plan follow; and back', async () => {
    const s = await openAs(await maya())
    const { page } = s
    await visit(page, '/c/workshops')
    await shows(page.getByRole('link', { name: 'First-Time Manager Bootcamp' }))
    expect(await page.getByText('Leading Remote Teams').count()).toBe(0)

    await page.getByRole('button', { name: /switch team/ }).click()
    // The area reloads on the same section.
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: 'Northwind Consulting' }).click()])
    expect(new URL(page.url()).pathname).toBe('/c/workshops')
    await page.waitForFunction(() => /^Northwind Consulting: switch team/.test(document.querySelector('[data-testid=team-switcher] button')?.textContent ?? ''))
    await shows(page.getByRole('link', { name: 'Leading Remote Teams' }))
    expect(await page.getByText('First-Time Manager Bootcamp').count()).toBe(0)
    // The API acts in the same team (no X-Team: the user's current one).
    expect((await (await page.request.get('/v1/t')).json()).data.slug).toBe('northwind')

    await visit(page, '/c/bookings')
    await shows(page.getByText('Priya Natarajan'))
    await visit(page, '/c/vouchers')
    await shows(page.getByRole('link', { name: 'STARTUP25' }))
    expect(await page.getByText('WELCOME10').count()).toBe(0)
    // A plain coach in Northwind: the team is read-only, and its plan is the free one, at its limit.
    await visit(page, '/c/team')
    await shows(page.getByText('Sara Lindqvist'))
    expect(await page.getByRole('button', { name: 'Invite member' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Invitations' }).count()).toBe(0)
    await visit(page, '/c/settings')
    await hasText(page.getByTestId('limit-schedules'), '3 of 3 published schedules')
    await hasText(page.getByTestId('limit-jobs'), /^\d of 1 open job posting$/)

    await page.getByRole('button', { name: /switch team/ }).click()
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: 'Acme Coaching' }).click()])
    expect(new URL(page.url()).pathname).toBe('/c/settings')
    await hasText(page.getByTestId('limit-schedules'), /^\d+ of 50 published schedules$/)
    expect(noProblems(s)).toEqual([])
    await s.close()
  })

  test('invite a co-coach by email; they accept from the mailed link and appear; change their roles; remove them', async () => {
    const s = await openAs(await maya(), { verified: true })
    const { page } = s
    const email = `cocoach-${uid()}@test.example`
    await visit(page, '/c/team')
    await page.getByRole('button', { name: 'Invite member' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email').fill('not-an-address')
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await shows(dialog.getByText('Please enter a valid email address'))
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await shows(dialog.getByText(`We emailed an invitation to ${email}`))
    await dialog.getByRole('button', { name: 'Done' }).click()
    const invitations = page.getByRole('table', { name: 'Invitations' })
    await shows(invitations.getByText(email))

    // The mail's link, opened signed out: sign in or register first.
    const link = extractLink(await waitForMail(email, (m) => m.subject.includes('Acme Coaching')), '/invitations/team/')
    const invitee = await makeUser({ profile: { firstName: 'Cora', lastName: `Coach${uid()}`, socialAccounts: [] } })
    await em().nativeUpdate(User, { id: invitee.id }, { email })
    const guest = await openBrowser()
    await visit(guest.page, new URL(link).pathname)
    await shows(guest.page.getByRole('heading', { name: 'Acme Coaching' }))
    await shows(guest.page.getByRole('link', { name: 'Log in to accept' }))
    expect(await guest.page.getByRole('link', { name: 'Log in to accept' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(new URL(link).pathname)}`,
    )
    await guest.close()

    const other = await openAs(invitee)
    await visit(other.page, new URL(link).pathname)
    await other.page.getByRole('button', { name: 'Join Acme Coaching' }).click()
    await hasText(other.page.getByRole('status'), /You are a member of Acme Coaching now/)
    await other.page.getByRole('link', { name: 'Open the team' }).click()
    await other.page.waitForURL('**/c/team')
    // A coach of the team: the members, read-only.
    await shows(other.page.getByText('Maya Okafor'))
    expect(await other.page.getByRole('button', { name: 'Invite member' }).count()).toBe(0)
    expect(noProblems(other)).toEqual([])
    await other.close()

    const name = `${invitee.profile.firstName} ${invitee.profile.lastName}`
    await visit(page, `/c/team?q=${encodeURIComponent(email)}`)
    const members = page.getByRole('table', { name: 'Members' })
    await shows(members.getByText(name))
    await hasText(members.getByRole('row', { name: new RegExp(name) }), 'Coach')

    await page.getByRole('button', { name: `Change roles of ${name}` }).click()
    await page.getByRole('dialog').getByText('Manager', { exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Save roles' }).click()
    await hasText(members.getByRole('row', { name: new RegExp(name) }), 'Coach, Manager')
    await shows(open(s).filter({ hasText: 'Roles changed' }))

    await page.getByRole('button', { name: `Remove ${name}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click()
    await goes(members.getByText(name))
    await shows(members.getByText('Nothing matches these filters.'))
    expect(noProblems(s)).toEqual([])
    await s.close()
  })

  test('the last manager cannot leave: the server’s message shows in the dialog', async () => {
    const s = await openAs(await maya(), { verified: true })
    const { page } = s
    await visit(page, '/c/team?q=maya%40acme.example')
    await page.getByRole('button', { name: 'Remove Maya Okafor' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Leave team' }).click()
    await hasText(page.getByRole('dialog').getByRole('alert'), 'A team needs at least one manager: make another member a manager first.')
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await shows(page.getByRole('table', { name: 'Members' }).getByText('Maya Okafor'))
    await s.close()
  })

  test('vouchers: a bad percentage shows the spec message under the field; a good one is created, disabled, and has a usage page', async () => {
    const s = await openAs(await maya())
    const { page } = s
    const code = `TEAM${uid().toUpperCase()}`.slice(0, 12)
    await visit(page, '/c/vouchers')
    await page.getByRole('button', { name: 'New voucher' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Code').fill(code.toLowerCase())
    const value = dialog.getByLabel('Percent off')
    await value.fill('150')
    await value.blur()
    const message = dialog.getByText('Percentage discount must be between 0 and 100')
    await shows(message)
    // Under the field: the control names the message as its description.
    expect(await value.getAttribute('aria-describedby')).toContain(await message.getAttribute('id'))
    await dialog.getByRole('button', { name: 'Create voucher' }).click()
    await page.waitForFunction(() => document.activeElement?.id === 'voucher-discountValue')
    await value.fill('20')
    await goes(message)
    await dialog.getByLabel('Maximum uses').fill('5')
    // What it applies to: found by typing part of a workshop's title (the server searches the team's workshops).
    const [w] = await em().execute(
      `select w.id, w.title from workshops w join tenants t on t.id = w.tenant_id where t.slug = 'acme' and w.deleted_at is null order by w.title desc limit 1`,
    )
    const appliesTo = dialog.getByTestId('voucher-target').getByRole('combobox', { name: 'Applies to' })
    await appliesTo.fill(w.title.slice(0, 10))
    await page.getByRole('option', { name: `${w.title} (every session)` }).click()
    expect(await appliesTo.inputValue()).toBe(`${w.title} (every session)`)
    await dialog.getByRole('button', { name: 'Create voucher' }).click()
    await goes(dialog)
    const [made] = await em().execute(`select model_type, model_id from vouchers where code = ?`, [code])
    expect(made).toEqual({ model_type: 'workshop', model_id: w.id })
    const table = page.getByRole('table', { name: 'Vouchers' })
    const row = table.getByRole('row', { name: new RegExp(code) })
    await hasText(row, '20% off')
    await hasText(row, '0 / 5')
    await hasText(row, 'Active')

    await page.getByRole('button', { name: `Disable ${code}` }).click()
    await hasText(row, 'Disabled')
    await shows(page.getByRole('button', { name: `Enable ${code}` }))

    await row.getByRole('link', { name: code }).click()
    await page.waitForURL('**/c/vouchers/*')
    await shows(page.getByRole('heading', { name: code, level: 1 }))
    await shows(page.getByText('No booking has used this voucher yet.'))
    await hasText(page.getByTestId('voucher-uses'), '0 of 5')
    expect(noProblems(s)).toEqual([])
    await s.close()

    // A voucher that was used lists its bookings.
    const t = await openAs(await maya())
    await visit(t.page, '/c/vouchers?q=WELCOME10')
    await t.page.getByRole('link', { name: 'WELCOME10' }).click()
    await t.page.waitForURL('**/c/vouchers/*')
    await t.page.getByText('1 result').first().waitFor()
    expect(await t.page.getByRole('table', { name: 'Bookings that used the voucher' }).locator('tbody tr').count()).toBe(1)
    await t.close()
  })

  test('every team page passes axe at 1280 and 390 px, light and dark', async () => {
    const user = await maya()
    const voucher = (await em().execute(`select v.id from vouchers v join tenants t on t.id = v.tenant_id where t.slug = 'acme' and v.code = 'WELCOME10'`))[0]
      .id as string
    const paths = ['/c/team', '/c/vouchers', `/c/vouchers/${voucher}`, '/c/settings', `/invitations/team/${DEMO_TEAM_INVITATION_TOKEN}`]
    for (const colorScheme of ['light', 'dark'] as const) {
      const s = await openAs(user, { colorScheme })
      for (const width of [1280, 390]) {
        await s.page.setViewportSize({ width, height: 900 })
        for (const path of paths) {
          await visit(s.page, path)
          expect({ path, width, colorScheme, violations: await axe(s.page) }).toEqual({ path, width, colorScheme, violations: [] })
        }
      }
      expect(noProblems(s)).toEqual([])
      await s.close()
    }
  }, 480_000)
})
