import { describe, expect, test } from 'bun:test'
import { config } from '../../src/config'
import { Session } from '../../src/modules/auth/auth.entity'
import { User } from '../../src/modules/users/user.entity'
import { sha256 } from '../../src/platform/crypto'
import { actor, Client, em, uid } from '../client'
import { extractCode, extractLinkParam, waitForNewMail } from '../mail'

const newEmail = () => `sess-${uid()}@test.example`

async function loginMail(c: Client, email: string) {
  const next = waitForNewMail(email)
  expect((await c.post('/v1/auth/login-using-otp', { email })).status).toBe(200)
  return next
}

describe('sessions', () => {
  test('the session id and CSRF token change at sign-in; the guest session is gone', async () => {
    const { user } = await actor({ email: newEmail() })
    const c = await new Client().csrfCookie()
    const guestSession = c.cookies.get('summit_session')!
    const guestXsrf = c.cookies.get('XSRF-TOKEN')!
    expect(guestSession).toBeString()
    const code = extractCode(await loginMail(c, user.email))
    const r = await c.post('/v1/auth/login-using-otp', { email: user.email, code })
    expect(r.status).toBe(200)
    const cookies = r.headers.getSetCookie().join('\n')
    expect(cookies).toMatch(/summit_session=[^;]+;.*HttpOnly/i)
    expect(cookies).toMatch(/SameSite=Lax/i)
    expect(c.cookies.get('summit_session')).not.toBe(guestSession)
    expect(c.cookies.get('XSRF-TOKEN')).not.toBe(guestXsrf)
    expect(await em().count(Session, { id: sha256(decodeURIComponent(guestSession)) })).toBe(0)
    const stored = await em().findOneOrFail(Session, { id: sha256(decodeURIComponent(c.cookies.get('summit_session')!)) })
    expect(stored.user?.id).toBe(user.id)
  })

  test('a stored redirect (from the guest session) is the landing address', async () => {
    const { user } = await actor({ email: newEmail() })
    const c = await new Client().csrfCookie()
    const sid = sha256(decodeURIComponent(c.cookies.get('summit_session')!))
    const m = em()
    const s = await m.findOneOrFail(Session, { id: sid })
    s.data = { redirect: '/b/bookings/42' }
    await m.flush()
    const code = extractCode(await loginMail(c, user.email))
    const r = await c.post('/v1/auth/login-using-otp', { email: user.email, code })
    expect(r.body.data.redirect).toBe('/b/bookings/42')
    const fresh = await em().findOneOrFail(Session, { id: sha256(decodeURIComponent(c.cookies.get('summit_session')!)) })
    expect(fresh.data.redirect).toBeUndefined()
  })

  test('step 2 with a session cookie but no X-XSRF-TOKEN is a 419', async () => {
    const { user } = await actor({ email: newEmail() })
    const c = await new Client().csrfCookie()
    const code = extractCode(await loginMail(c, user.email))
    c.csrf = false
    const r = await c.post('/v1/auth/login-using-otp', { email: user.email, code })
    expect(r.status).toBe(419)
    expect(r.body.message).toBe('CSRF token mismatch.')
    c.csrf = true
    expect((await c.post('/v1/auth/login-using-otp', { email: user.email, code })).status).toBe(200)
  })

  test('login CSRF: a cross-site form (urlencoded, no cookie) cannot sign the browser in', async () => {
    const { user } = await actor({ email: newEmail() })
    const code = extractCode(await loginMail(new Client(), user.email))
    const form = new Client()
    const r = await form.post('/v1/auth/login-using-otp', new URLSearchParams({ email: user.email, code }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(r.status).toBe(415)
    expect(form.cookies.has('summit_session')).toBe(false)
    const plain = await form.post('/v1/auth/login-using-otp', JSON.stringify({ email: user.email, code }), { 'content-type': 'text/plain' })
    expect(plain.status).toBeGreaterThanOrEqual(400)
    expect(form.cookies.has('summit_session')).toBe(false)
    // The code was not spent by the refused attempts.
    expect((await new Client().post('/v1/auth/login-using-otp', { email: user.email, code })).status).toBe(200)
  })

  test('/auth/me is 401 when signed out', async () => {
    const r = await new Client().get('/v1/auth/me')
    expect(r.status).toBe(401)
    expect(r.body.message).toBe('Unauthenticated.')
  })

  test('logout destroys the session server-side: the old cookie no longer works', async () => {
    const { user } = await actor({ email: newEmail() })
    const c = new Client()
    const code = extractCode(await loginMail(c, user.email))
    expect((await c.post('/v1/auth/login-using-otp', { email: user.email, code })).status).toBe(200)
    const oldCookie = c.cookies.get('summit_session')!
    expect((await c.get('/v1/auth/me')).status).toBe(200)
    const out = await c.post('/v1/auth/logout')
    expect(out.status).toBe(204)
    expect(c.cookies.has('summit_session')).toBe(false)
    expect((await c.get('/v1/auth/me')).status).toBe(401)
    const replay = new Client()
    replay.cookies.set('summit_session', oldCookie)
    expect((await replay.get('/v1/auth/me')).status).toBe(401)
    expect(await em().count(Session, { id: sha256(decodeURIComponent(oldCookie)) })).toBe(0)
  })

  test('a suspended account cannot sign in', async () => {
    const { user } = await actor({ email: newEmail(), status: 'suspended' })
    const c = new Client()
    const code = extractCode(await loginMail(c, user.email))
    const r = await c.post('/v1/auth/login-using-otp', { email: user.email, code })
    expect(r.status).toBe(403)
    expect((await c.get('/v1/auth/me')).status).toBe(401)
  })
})

describe('magic link', () => {
  test('the link in the sign-in mail signs in once; the code of that mail then stops working', async () => {
    const { user } = await actor({ email: newEmail(), roles: ['coach'] })
    const mail = await loginMail(new Client(), user.email)
    const link = new URL(extractLinkParam(mail, 'token') && mail.text.match(/https?:\/\/\S+token=\S+/)![0])
    expect(link.origin).toBe(config.APP_URL)
    expect(link.pathname).toBe('/login')
    const token = link.searchParams.get('token')!
    const c = new Client()
    const r = await c.post('/v1/auth/verify-token', { token })
    expect(r.status).toBe(200)
    expect(r.body.data.user.id).toBe(user.id)
    expect(r.body.data.redirect).toBe('/c')
    expect((await c.get('/v1/auth/me')).body.data.id).toBe(user.id)

    const again = await new Client().post('/v1/auth/verify-token', { token })
    expect(again.status).toBe(422)
    expect(again.body.errors.token).toBeArray()
    const code = await new Client().post('/v1/auth/login-using-otp', { email: user.email, code: extractCode(mail) })
    expect(code.status).toBe(422)
  })

  test('the same link opened twice at once signs in once', async () => {
    const { user } = await actor({ email: newEmail() })
    const token = extractLinkParam(await loginMail(new Client(), user.email), 'token')
    const answers = await Promise.all(Array.from({ length: 6 }, () => new Client().post('/v1/auth/verify-token', { token })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422])
  })

  test('a tampered or unknown token is refused', async () => {
    const { user } = await actor({ email: newEmail() })
    const token = extractLinkParam(await loginMail(new Client(), user.email), 'token')
    const [id, secret] = token.split('.')
    for (const bad of [`${id}.${secret.slice(0, -2)}xx`, `${Bun.randomUUIDv7()}.${secret}`, 'nonsense', '']) {
      const r = await new Client().post('/v1/auth/verify-token', { token: bad })
      expect(r.status).toBe(422)
      expect(r.body.errors.token).toBeArray()
    }
    expect((await new Client().post('/v1/auth/verify-token', { token })).status).toBe(200)
  })

  test('device_name asks for a bearer token instead of a session', async () => {
    const { user } = await actor({ email: newEmail() })
    const token = extractLinkParam(await loginMail(new Client(), user.email), 'token')
    const c = new Client()
    const r = await c.post('/v1/auth/verify-token', { token, device_name: 'cli' })
    expect(r.status).toBe(200)
    expect(r.body.data.token).toStartWith('summit_')
    expect(c.cookies.has('summit_session')).toBe(false)
    const api = new Client()
    api.bearer = r.body.data.token
    expect((await api.get('/v1/auth/me')).body.data.id).toBe(user.id)
    // Logout with a bearer token revokes that token.
    expect((await api.post('/v1/auth/logout')).status).toBe(204)
    expect((await api.get('/v1/auth/me')).status).toBe(401)
  })
})

describe('verify email', () => {
  test('a pending new email becomes primary once its code is entered', async () => {
    const m = em()
    const { user, client } = await actor({ email: newEmail() })
    const next = newEmail()
    await m.nativeUpdate(User, { id: user.id }, { pendingEmail: next })
    const mailed = waitForNewMail(next)
    expect((await client.post('/v1/auth/verify-email-using-otp', { email: next })).status).toBe(200)
    const code = extractCode(await mailed)
    const wrong = await client.post('/v1/auth/verify-email-using-otp', { email: next, code: code === '000000' ? '000001' : '000000' })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors.code).toEqual(['Please enter a valid 6-OTP code'])
    const r = await client.post('/v1/auth/verify-email-using-otp', { email: next, code })
    expect(r.status).toBe(200)
    expect(r.body.data.user.email).toBe(next)
    expect(r.body.data.user.pendingEmail).toBeNull()
    const fresh = await em().findOneOrFail(User, { id: user.id })
    expect(fresh.email).toBe(next)
    expect(fresh.emailVerifiedAt).toBeInstanceOf(Date)
  })

  test('issueCode (used by the users module) mails a verify-email code', async () => {
    const { issueCode } = await import('../../src/modules/auth')
    const email = newEmail()
    const mailed = waitForNewMail(email)
    await issueCode(em(), email, 'verify-email')
    const mail = await mailed
    expect(mail.subject).toContain('verification')
    expect(extractCode(mail)).toMatch(/^\d{6}$/)
  })

  test('signed out: the owner of an unverified address verifies it with a code (no sign-in)', async () => {
    const { user } = await actor({ email: newEmail() })
    await em().nativeUpdate(User, { id: user.id }, { emailVerifiedAt: null })
    const c = new Client()
    const mailed = waitForNewMail(user.email)
    const step1 = await c.post('/v1/auth/verify-email-using-otp', { email: user.email })
    const unknown = await c.post('/v1/auth/verify-email-using-otp', { email: newEmail() })
    expect(unknown.status).toBe(step1.status)
    expect(unknown.body.message).toBe(step1.body.message)
    const r = await c.post('/v1/auth/verify-email-using-otp', { email: user.email, code: extractCode(await mailed) })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ email: user.email, verified: true, user: null })
    expect((await em().findOneOrFail(User, { id: user.id })).emailVerifiedAt).toBeInstanceOf(Date)
    expect((await c.get('/v1/auth/me')).status).toBe(401)
  })

  test("an address that is not the user's is refused", async () => {
    const { client } = await actor({ email: newEmail() })
    const r = await client.post('/v1/auth/verify-email-using-otp', { email: newEmail(), code: '123456' })
    expect(r.status).toBe(422)
    expect(r.body.errors.email).toBeArray()
  })
})
