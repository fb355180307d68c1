/**
 * Playwright (playwright-core) on the system Chromium for the browser tests: one browser per
 * test file, a fresh context per test, every console error, page error and hydration warning
 * collected so each test can assert there were none.
 */

import { afterAll, beforeAll } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { User } from '../../src/modules/users/user.entity'
import { app, Client, em } from '../client'
import { extractCode, waitForNewMail } from '../mail'

export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p)) ?? '/usr/bin/chromium'
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let browser: Browser | null = null

/** Builds the island bundles and CSS before the first request (the server builds lazily in tests). */
export function useAssets() {
  beforeAll(async () => {
    const { buildAssets } = await import('../../src/platform/assets/assets')
    await buildAssets()
    await import('../../src/pages/render')
  }, 180_000)
}

/** Starts the browser (and builds the assets first, so no test waits on the first build). */
export function useBrowser() {
  useAssets()
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  }, 180_000)
  afterAll(async () => {
    await browser?.close()
    browser = null
  })
}

export const base = () => app().url

export interface Session {
  context: BrowserContext
  page: Page
  /** Console errors, page errors and React hydration/recoverable warnings. */
  problems: string[]
  scripts: string[]
  close(): Promise<void>
}

export async function open(opts: { colorScheme?: 'light' | 'dark'; cookies?: { name: string; value: string }[] } = {}): Promise<Session> {
  if (!browser) throw new Error('useBrowser() first')
  const context = await browser.newContext({ baseURL: base(), colorScheme: opts.colorScheme ?? 'light', viewport: { width: 1280, height: 900 } })
  if (opts.cookies?.length) await context.addCookies(opts.cookies.map((c) => ({ ...c, url: base() })))
  const page = await context.newPage()
  const problems: string[] = []
  const scripts: string[] = []
  page.on('console', (m) => {
    const text = m.text()
    if (m.type() === 'error' || /hydrat|did not match|recoverable/i.test(text)) problems.push(`${m.type()}: ${text}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  return { context, page, problems, scripts, close: () => context.close() }
}

/** Signs in through the API (code from the caught mail) and hands the cookies to a browser context. */
export async function signedIn(email: string, opts: { colorScheme?: 'light' | 'dark' } = {}) {
  const client = new Client()
  await client.csrfCookie()
  const mail = waitForNewMail(email, (m) => /\d{6}/.test(m.text))
  const r1 = await client.post('/v1/auth/login-using-otp', { email })
  if (r1.status !== 200) throw new Error(`login-using-otp: ${r1.status} ${JSON.stringify(r1.body)}`)
  const code = extractCode(await mail)
  const r2 = await client.post('/v1/auth/login-using-otp', { email, code })
  if (r2.status !== 200) throw new Error(`login: ${r2.status} ${JSON.stringify(r2.body)}`)
  const cookies = [...client.cookies].map(([name, value]) => ({ name, value: decodeURIComponent(value) === value ? value : value }))
  return open({ ...opts, cookies })
}

/** A cookie session for a user straight in the database (no mail round trip), as a Cookie header. */
export async function sessionCookies(user: User): Promise<string> {
  const { Session } = await import('../../src/modules/auth/auth.entity')
  const { randomToken, sha256 } = await import('../../src/platform/crypto')
  const m = em()
  const secret = randomToken()
  m.create(Session, {
    id: sha256(secret),
    user: user.id,
    csrfToken: randomToken(24),
    data: {},
    lastSeenAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  } as any)
  await m.flush()
  return `summit_session=${secret}`
}

/** A browser context signed in as this user (cookie session written straight to the database). */
/**
 * A browser signed in as this user. `verified`: the session made its second check just now, for
 * journeys through sensitive actions (roles, payouts, refunds beyond the policy) that are not about
 * the check itself (the dialog that asks for it is islands/lib/confirm-identity.tsx).
 */
export async function openAs(user: User, opts: { colorScheme?: 'light' | 'dark'; verified?: boolean } = {}) {
  const cookie = await sessionCookies(user)
  const secret = cookie.split('=')[1]!
  if (opts.verified) {
    const { sha256 } = await import('../../src/platform/crypto')
    const { clock } = await import('../../src/platform/clock')
    await em().execute('update sessions set verified_at = ? where id = ?', [clock.now(), sha256(secret)])
  }
  return open({ colorScheme: opts.colorScheme, cookies: [{ name: 'summit_session', value: secret }] })
}

let n = 0
/** A user straight in the database (active unless told). */
export async function makeUser(opts: { roles?: string[]; status?: string; username?: string | null; profile?: any } = {}) {
  const m = em()
  const id = `${Date.now().toString(36)}${n++}`
  const user = m.create(User, {
    email: `e2e-${id}@test.example`,
    username: opts.username === undefined ? `e2e${id}`.slice(0, 20) : opts.username,
    roles: opts.roles ?? [],
    status: (opts.status as any) ?? 'active',
    emailVerifiedAt: new Date(),
    profile: opts.profile ?? { firstName: 'Erin', lastName: 'Tester', socialAccounts: [] },
  } as any)
  await m.flush()
  return user
}

/** Pages must not log errors or hydration warnings. */
export function noProblems(s: Session) {
  // Chromium logs every 4xx answer as a console error; an expected 422/404/401 is not a page problem.
  return s.problems.filter((p) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(p))
}

const AXE_SOURCE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8')

/**
 * The page's serious and critical axe violations, each as `rule: targets`. Runs once the page's
 * finite animations (a dialog fading in, a button's transition) have finished: colours measured
 * mid-fade are blends with what lies behind, not what a reader sees. `withoutShell` leaves out
 * the shared shell (sidebar, menu), which its own tests check.
 */
export async function axe(page: Page, opts: { withoutShell?: boolean } = {}) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  )
  // Evaluated through the debugging protocol: the pages' CSP (nonce scripts only) would refuse an added script tag.
  if (!(await page.evaluate(() => !!(window as any).axe))) await page.evaluate(`${AXE_SOURCE}\n;window.axe = window.axe || axe;`)
  const result = await page.evaluate(
    async (withoutShell) =>
      (window as any).axe.run(withoutShell ? { exclude: [['summit-island[data-island=app-shell]']] } : document, { resultTypes: ['violations'] }),
    !!opts.withoutShell,
  )
  return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
}
