import { describe, expect, test } from 'bun:test'
import { config } from '../../src/config'
import { OneTimeCode } from '../../src/modules/auth/auth.entity'
import { User } from '../../src/modules/users/user.entity'
import { actor, Client, em, uid } from '../client'
import { extractCode, extractLinkParam, mailsTo, waitForMail, waitForNewMail } from '../mail'

const newEmail = () => `otp-${uid()}@test.example`
const WRONG = 'Please enter a valid 6-OTP code'

/** Step 1 on a path, then the code from the mail it caused. */
async function askCode(c: Client, path: 'login' | 'register', email: string) {
  const next = waitForNewMail(email)
  const r = await c.post(`/v1/auth/${path}-using-otp`, { email })
  expect(r.status).toBe(200)
  const mail = await next
  return { code: extractCode(mail), mail }
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('register with a code', () => {
  test('new address: code by mail, account created pending, signed in, onboarding next', async () => {
    const email = newEmail()
    const c = new Client()
    const { code, mail } = await askCode(c, 'register', email.toUpperCase())
    expect(mail.to).toBe(email)
    expect(mail.subject).toContain(config.SITE_NAME)
    expect(mail.html).toContain(config.SITE_NAME)
    expect(mail.html).toContain(code)
    expect(await em().count(User, { email })).toBe(0) // not before the mailbox is proven

    const r = await c.post('/v1/auth/register-using-otp', { email, code })
    expect(r.status).toBe(200)
    expect(r.body.data.user.email).toBe(email)
    expect(r.body.data.user.status).toBe('pending')
    expect(r.body.data.user.emailVerifiedAt).toBeString()
    expect(r.body.data.redirect).toBe('/onboarding/1')
    expect(r.body.data.token).toBeUndefined()
    expect(c.cookies.get('summit_session')).toBeString()

    const me = await c.get('/v1/auth/me')
    expect(me.status).toBe(200)
    expect(me.body.data.email).toBe(email)
    expect(me.body.data.profile).toBeDefined()
  })

  test('an existing account registering again just signs in (same answer at step 1)', async () => {
    const { user } = await actor({ email: newEmail() })
    const c = new Client()
    const { code, mail } = await askCode(c, 'register', user.email)
    expect(mail.text).toContain('already has one')
    const r = await c.post('/v1/auth/register-using-otp', { email: user.email, code })
    expect(r.status).toBe(200)
    expect(r.body.data.user.id).toBe(user.id)
    expect(r.body.data.redirect).toBe('/b')
    expect(await em().count(User, { email: user.email })).toBe(1)
  })

  test('device_name: a bearer token instead of a cookie session', async () => {
    const email = newEmail()
    const c = new Client()
    const { code } = await askCode(c, 'register', email)
    const r = await c.post('/v1/auth/register-using-otp', { email, code, device_name: 'iPhone' })
    expect(r.status).toBe(200)
    expect(r.body.data.token).toStartWith('summit_')
    expect(c.cookies.has('summit_session')).toBe(false)
    const api = new Client()
    api.bearer = r.body.data.token
    const tokens = await api.get('/v1/auth/tokens')
    expect(tokens.body.data.map((t: any) => t.name)).toEqual(['iPhone'])
  })

  test('validation messages word for word', async () => {
    const c = new Client()
    const bad = await c.post('/v1/auth/register-using-otp', { email: 'not-an-email' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address'])
    const missing = await c.post('/v1/auth/login-using-otp', {})
    expect(missing.status).toBe(422)
    expect(missing.body.errors.email).toEqual(['Please enter a valid email address'])
    const letters = await c.post('/v1/auth/login-using-otp', { email: newEmail(), code: '12a456' })
    expect(letters.status).toBe(422)
    expect(letters.body.errors.code).toEqual(['Each digit must be between 0-9'])
    const short = await c.post('/v1/auth/login-using-otp', { email: newEmail(), code: '123' })
    expect(short.status).toBe(422)
    expect(short.body.errors.code).toEqual([WRONG])
  })
})

describe('login with a code', () => {
  test('known address: code and link by mail; landing by role and stored redirect', async () => {
    const cases: [string[], string, string | undefined][] = [
      [[], '/b', undefined],
      [['coach'], '/c', undefined],
      [['super-admin'], config.ADMIN_URL, undefined],
      [['coach'], '/b/bookings?page=2', '/b/bookings?page=2'],
    ]
    for (const [roles, landing, redirect] of cases) {
      const { user } = await actor({ email: newEmail(), roles })
      const c = new Client()
      const { code, mail } = await askCode(c, 'login', user.email)
      expect(extractLinkParam(mail, 'token')).toContain('.')
      const r = await c.post('/v1/auth/login-using-otp', { email: user.email, code, ...(redirect ? { redirect } : {}) })
      expect(r.status).toBe(200)
      expect(r.body.data.redirect).toBe(landing)
      expect(r.body.data.user.roles).toEqual(roles)
    }
  })

  test('a redirect to another site is refused', async () => {
    const r = await new Client().post('/v1/auth/login-using-otp', { email: newEmail(), code: '123456', redirect: '//evil.example/x' })
    expect(r.status).toBe(422)
    expect(r.body.errors.redirect).toBeDefined()
  })

  test('wrong code: 422 with the spec message; the right one still works after', async () => {
    const { user } = await actor({ email: newEmail() })
    const c = new Client()
    const { code } = await askCode(c, 'login', user.email)
    const wrong = await c.post('/v1/auth/login-using-otp', { email: user.email, code: otherCode(code) })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ code: [WRONG] })
    expect(wrong.body.message).toBe(WRONG)
    const ok = await c.post('/v1/auth/login-using-otp', { email: user.email, code })
    expect(ok.status).toBe(200)
  })

  test('a code works once', async () => {
    const { user } = await actor({ email: newEmail() })
    const { code } = await askCode(new Client(), 'login', user.email)
    expect((await new Client().post('/v1/auth/login-using-otp', { email: user.email, code })).status).toBe(200)
    const again = await new Client().post('/v1/auth/login-using-otp', { email: user.email, code })
    expect(again.status).toBe(422)
    expect(again.body.errors.code).toEqual([WRONG])
  })

  test('the same code sent twice at once signs in once', async () => {
    const { user } = await actor({ email: newEmail() })
    const { code } = await askCode(new Client(), 'login', user.email)
    const answers = await Promise.all(Array.from({ length: 6 }, () => new Client().post('/v1/auth/login-using-otp', { email: user.email, code })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422])
  })

  test('a code expires after 10 minutes', async () => {
    const { user } = await actor({ email: newEmail() })
    const { code } = await askCode(new Client(), 'login', user.email)
    const row = await em().findOneOrFail(OneTimeCode, { email: user.email, purpose: 'login', usedAt: null })
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000
    expect(Math.round(minutes)).toBe(10)
    expect(row.codeHash).not.toContain(code)
    await em().nativeUpdate(OneTimeCode, { id: row.id }, { expiresAt: new Date(Date.now() - 1000) })
    const r = await new Client().post('/v1/auth/login-using-otp', { email: user.email, code })
    expect(r.status).toBe(422)
    expect(r.body.errors.code).toEqual([WRONG])
  })

  test('a new code replaces the previous one', async () => {
    const { user } = await actor({ email: newEmail() })
    const first = await askCode(new Client(), 'login', user.email)
    const second = await askCode(new Client(), 'login', user.email)
    if (first.code !== second.code) expect((await new Client().post('/v1/auth/login-using-otp', { email: user.email, code: first.code })).status).toBe(422)
    expect((await new Client().post('/v1/auth/login-using-otp', { email: user.email, code: second.code })).status).toBe(200)
  })

  test('5 wrong tries are answered 422; the 6th try is 429, even with the right code', async () => {
    const { user } = await actor({ email: newEmail() })
    const { code } = await askCode(new Client(), 'login', user.email)
    const c = new Client()
    for (let i = 0; i < 5; i++) {
      const r = await c.post('/v1/auth/login-using-otp', { email: user.email, code: otherCode(code) })
      expect(r.status).toBe(422)
    }
    const sixth = await c.post('/v1/auth/login-using-otp', { email: user.email, code })
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await c.get('/v1/auth/me')).status).toBe(401)
  })

  test('parallel wrong guesses cannot exceed 5 on one code', async () => {
    const { user } = await actor({ email: newEmail() })
    const { code } = await askCode(new Client(), 'login', user.email)
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))
    const answers = await Promise.all(guesses.map((g) => new Client().post('/v1/auth/login-using-otp', { email: user.email, code: g })))
    expect(answers.filter((a) => a.status === 422).length).toBe(5)
    expect(answers.filter((a) => a.status === 429).length).toBe(7)
    const row = await em().findOneOrFail(OneTimeCode, { email: user.email, purpose: 'login' })
    expect(row.attempts).toBe(5)
  })

  test('an unknown address gets the same answer as a known one, and no mail', async () => {
    const { user } = await actor({ email: newEmail() })
    const unknown = newEmail()
    const known = await new Client().post('/v1/auth/login-using-otp', { email: user.email })
    const other = await new Client().post('/v1/auth/login-using-otp', { email: unknown })
    expect(other.status).toBe(known.status)
    expect(other.headers.get('content-type')).toBe(known.headers.get('content-type'))
    expect({ ...other.body, data: { ...other.body.data, email: '*' } }).toEqual({ ...known.body, data: { ...known.body.data, email: '*' } })
    await waitForMail(user.email)
    await Bun.sleep(200)
    expect(mailsTo(unknown)).toHaveLength(0)
    // Step 2 for it fails exactly like a wrong code, and the 6th try is a 429 as for a known one.
    for (let i = 0; i < 5; i++) {
      const r = await new Client().post('/v1/auth/login-using-otp', { email: unknown, code: String(100000 + i) })
      expect(r.status).toBe(422)
      expect(r.body.errors).toEqual({ code: [WRONG] })
    }
    expect((await new Client().post('/v1/auth/login-using-otp', { email: unknown, code: '123456' })).status).toBe(429)
    expect(await em().count(User, { email: unknown })).toBe(0)
  })

  test('more than 5 code requests per email in 15 minutes: 429 with Retry-After, known or not', async () => {
    const { user } = await actor({ email: newEmail() })
    for (const email of [user.email, newEmail()]) {
      for (let i = 0; i < config.OTP_MAX_PER_EMAIL; i++) expect((await new Client().post('/v1/auth/login-using-otp', { email })).status).toBe(200)
      const r = await new Client().post('/v1/auth/login-using-otp', { email })
      expect(r.status).toBe(429)
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(800)
      expect((await new Client().post('/v1/auth/register-using-otp', { email })).status).toBe(429)
    }
  })

  test('per-IP limit across many addresses', async () => {
    const { issueCode } = await import('../../src/modules/auth/otp.service')
    const saved = config.OTP_MAX_PER_IP
    ;(config as any).OTP_MAX_PER_IP = 3
    try {
      const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${uid()}`
      for (let i = 0; i < 3; i++) await issueCode(em(), newEmail(), 'register', { ip })
      await expect(issueCode(em(), newEmail(), 'register', { ip })).rejects.toMatchObject({ status: 429 })
    } finally {
      ;(config as any).OTP_MAX_PER_IP = saved
    }
  })

  test('behind TRUST_PROXY proxies the per-IP limit counts the forwarded client, not forged entries', async () => {
    const saved = { hops: config.TRUST_PROXY, max: config.OTP_MAX_PER_IP }
    Object.assign(config, { TRUST_PROXY: 1, OTP_MAX_PER_IP: 2 })
    try {
      const client = `198.51.100.${Math.floor(Math.random() * 250)}`
      const ask = (xff: string) => new Client().post('/v1/auth/register-using-otp', { email: newEmail() }, { 'x-forwarded-for': xff })
      expect((await ask(`10.0.0.1, ${client}`)).status).toBe(200)
      expect((await ask(`10.0.0.2, ${client}`)).status).toBe(200)
      expect((await ask(`10.0.0.3, ${client}`)).status).toBe(429)
      expect((await ask(`${client}, 203.0.113.${Math.floor(Math.random() * 250)}`)).status).toBe(200)
    } finally {
      Object.assign(config, { TRUST_PROXY: saved.hops, OTP_MAX_PER_IP: saved.max })
    }
  })
})
