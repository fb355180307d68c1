/**
 * Passkeys in Chromium with a virtual authenticator (CDP WebAuthn): a person adds one from the
 * settings dialog's Security tab (after the second check, by a mailed code, since signing in does
 * not count), signs in with it on /login, and removes it; a replayed assertion is refused; and the
 * second check stands before a payout account link without a recent verification, and not with one.
 */
import { describe, expect, test } from 'bun:test'
import type { CDPSession } from 'playwright-core'
import { actor, em, tenant } from '../client'
import { extractCode, waitForNewMail } from '../mail'
import { makeUser, noProblems, openAs, type Session, useBrowser } from './browser'

useBrowser()

/** A platform authenticator that answers at once with user verification, on this page only. */
async function virtualAuthenticator(s: Session): Promise<CDPSession> {
  const cdp = await s.context.newCDPSession(s.page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return cdp
}

async function securityTab(s: Session) {
  await s.page.goto('/b')
  await s.page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = s.page.getByRole('dialog', { name: 'Settings' })
  await dialog.waitFor()
  await dialog.getByRole('tab', { name: 'Security' }).click()
  await dialog.locator('[data-card=passkeys]').waitFor()
  return dialog
}

/** The second check's dialog, answered with the code mailed to `email`. */
async function confirmWithCode(s: Session, email: string) {
  const confirm = s.page.getByRole('dialog', { name: "Confirm it's you" })
  await confirm.waitFor()
  const mail = waitForNewMail(email, (m) => /\b\d{6}\b/.test(m.text), 30_000)
  await confirm.getByRole('button', { name: 'Email me a code' }).click()
  const code = extractCode(await mail)
  await confirm.locator('[data-scope=pin-input][data-part=input]').first().click()
  await s.page.keyboard.type(code)
  await confirm.waitFor({ state: 'detached' })
}

const passkeyCount = async (userId: string) => Number((await em().execute('select count(*)::int as n from passkeys where user_id = ?', [userId]))[0].n)

describe('passkeys in the browser', () => {
  test('add after the second check, sign in with it, a replayed assertion is refused, remove it', async () => {
    const u = await makeUser({ profile: { firstName: 'Pia', lastName: 'Passkey', socialAccounts: [] } })
    const s = await openAs(u)
    await virtualAuthenticator(s)

    // Adding one asks "Confirm it's you" first: the session alone is not enough.
    const dialog = await securityTab(s)
    await dialog.getByRole('button', { name: 'Add a passkey' }).click()
    await confirmWithCode(s, u.email)
    await dialog.getByTestId('passkey-list').locator('[data-passkey]').first().waitFor()
    expect(await passkeyCount(u.id)).toBe(1)
    // Closed before leaving (a dialog left open comes back open on the next page).
    await s.page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // Signed out, the same device signs in with its passkey on /login.
    // The virtual authenticator answers the email field's autofill request at once (a person picks
    // the passkey from the field's suggestions); "Sign in with a passkey" is the other way in.
    await s.context.clearCookies()
    const verify = s.page.waitForResponse((r) => r.url().endsWith('/v1/auth/passkeys/authentication/verify'), { timeout: 60_000 })
    await s.page.goto('/login')
    const answer = await Promise.race([
      verify,
      s.page
        .getByTestId('passkey-sign-in')
        .click({ timeout: 15_000 })
        .then(
          () => verify,
          () => verify,
        ),
    ])
    expect({ status: answer.status(), body: answer.status() === 200 ? null : await answer.text() }).toEqual({ status: 200, body: null })
    await s.page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await s.page.waitForLoadState('networkidle')
    const me = await s.page.evaluate(() =>
      fetch('/v1/auth/me', { headers: { accept: 'application/json' } }).then(async (r) => ({ status: r.status, body: await r.json() })),
    )
    expect(me).toMatchObject({ status: 200, body: { data: { email: u.email } } })

    // The same assertion sent again (with this session's CSRF token) is refused: its challenge works once.
    const replay = await s.page.evaluate(async (body) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '')
      const r = await fetch('/v1/auth/passkeys/authentication/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': xsrf },
        body,
      })
      return { status: r.status, errors: (await r.json()).errors }
    }, answer.request().postData() ?? '{}')
    expect(replay).toEqual({ status: 422, errors: { response: ['This passkey request expired or was already used. Please try again.'] } })

    // Removed from the Security tab (it asks first); the list is empty again.
    const tab = await securityTab(s)
    await tab.locator('[data-passkey]').first().getByRole('button', { name: 'Remove' }).click()
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
    await tab.getByText('No passkey yet.').waitFor()
    expect(await passkeyCount(u.id)).toBe(0)
    expect(noProblems(s)).toEqual([])
    await s.close()
  }, 180_000)

  test('linking a payout account asks for the second check unless one was made in the last minutes', async () => {
    // A coach of a team of their own (a payout account is linked in a team).
    const coach = (await actor({ roles: ['coach'], tenant: await tenant() })).user
    for (const verified of [false, true]) {
      const s = await openAs(coach, { verified })
      await s.page.goto('/c/account/payouts')
      const link = s.page.waitForResponse((r) => /\/v1\/payouts\/(account|onboarding)/.test(r.url()) && r.request().method() === 'POST')
      await s.page.getByRole('button', { name: 'Set up payouts' }).click()
      const first = await link
      if (verified) {
        expect(first.status()).not.toBe(403)
        expect(await s.page.getByRole('dialog', { name: "Confirm it's you" }).count()).toBe(0)
      } else {
        expect(first.status()).toBe(403)
        expect((await first.json()).code).toBe('reauthentication_required')
        await s.page.getByRole('dialog', { name: "Confirm it's you" }).waitFor()
      }
      await s.close()
    }
  }, 180_000)
})
