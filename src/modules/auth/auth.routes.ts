import { Elysia } from 'elysia'
import { sha256 } from '../../platform/crypto'
import { platform } from '../../platform/http/context'
import { fieldError, HttpError, parseOrThrow } from '../../platform/http/errors'
import type { CookieJar } from '../../platform/http/session'
import { serializeUser, User } from '../users'
import { responses } from './auth.docs'
import { AccessToken } from './auth.entity'
import { OtpSignInSchema, VerifyEmailSchema, VerifyTokenSchema } from './auth.schema'
import { findOrCreateUser, signIn } from './auth.service'
import { CODE_TTL_MINUTES, consumeCode, consumeMagicLink, invalidLink, issueCode, throttleVerify, wrongCode } from './otp.service'
import { destroySession } from './session'

const tags = ['Auth']
const sent = (message: string, email: string) => ({ message, data: { email, expiresIn: CODE_TTL_MINUTES * 60 } })
const LOGIN_SENT = 'If an account uses this address, a 6-digit sign-in code is on its way. It expires in 10 minutes.'
const REGISTER_SENT = 'A 6-digit code is on its way to this address. It expires in 10 minutes.'
const VERIFY_SENT = 'If this address waits for verification, a 6-digit code is on its way. It expires in 10 minutes.'

const signedIn = `Answers \`{ data: { user, redirect } }\` (plus \`token\` when \`device_name\` was sent) and, for cookie clients, a fresh session: new \`summit_session\` and \`XSRF-TOKEN\` cookies.
\`redirect\` is where the browser goes next: \`/onboarding/1\` for a pending user, else the stored redirect, else the admin site for super-admins, \`/c\` for coaches, \`/b\` for everyone else.`

const codeErrors = `A wrong, used, expired or never-sent code is a 422 with \`errors.code: ['Please enter a valid 6-OTP code']\`; the 6th wrong try on one code, and more than 5 code requests per email (20 per IP) in 15 minutes, are a 429 with Retry-After. Bodies must be JSON (\`Content-Type: application/json\`), else 415.`

/**
 * Sign-in bodies must be JSON. A cross-site HTML form can post urlencoded fields without any
 * cookie (SameSite=Lax), so no CSRF check would run: that would let another site sign a
 * visitor into the other site's account ("login CSRF"). Such a form cannot send JSON.
 */
export function requireJson(request: Request) {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
    throw new HttpError(415, 'Send the request as JSON (Content-Type: application/json).')
}

export const authRoutes = new Elysia({ name: 'auth' })
  .use(platform)
  .post(
    '/auth/register-using-otp',
    async ({ ctx, body, cookie, headers, request }) => {
      requireJson(request)
      const ip = ctx.ip
      const input = parseOrThrow(OtpSignInSchema, body)
      if (!input.code) {
        // Known and unknown addresses get the same answer (the mail tells an existing account to
        // sign in); the account is only created once the mailbox is proven by the code.
        const existing = (await ctx.em.count(User, { email: input.email })) > 0
        await issueCode(ctx.em, input.email, 'register', { ip, existing })
        return sent(REGISTER_SENT, input.email)
      }
      await throttleVerify(ctx.em, ip)
      await consumeCode(ctx.em, input.email, 'register', input.code)
      const user = await findOrCreateUser(ctx.em, input.email)
      return { data: await signIn(ctx, cookie as unknown as CookieJar, user, { deviceName: input.device_name, redirect: input.redirect }) }
    },
    {
      body: OtpSignInSchema,
      detail: {
        tags,
        summary: 'Register (or sign in) with an emailed code',
        responses: responses.codeOrSignIn,
        description: `Step 1 \`{ email }\`: mails a 6-digit code; the answer is the same whether the address has an account or not. Step 2 \`{ email, code }\`: creates the account with status \`pending\` if it does not exist yet (an existing account just signs in) and signs in.\n\n${signedIn}\n\n${codeErrors}`,
      },
    },
  )
  .post(
    '/auth/login-using-otp',
    async ({ ctx, body, cookie, headers, request }) => {
      requireJson(request)
      const ip = ctx.ip
      const input = parseOrThrow(OtpSignInSchema, body)
      if (!input.code) {
        const user = await ctx.em.findOne(User, { email: input.email })
        // An unknown address gets the same work, limits and answer (a code nobody receives).
        await issueCode(ctx.em, input.email, 'login', { ip, deliver: !!user })
        return sent(LOGIN_SENT, input.email)
      }
      await throttleVerify(ctx.em, ip)
      await consumeCode(ctx.em, input.email, 'login', input.code)
      const user = await ctx.em.findOne(User, { email: input.email })
      if (!user) throw wrongCode()
      return { data: await signIn(ctx, cookie as unknown as CookieJar, user, { deviceName: input.device_name, redirect: input.redirect }) }
    },
    {
      body: OtpSignInSchema,
      detail: {
        tags,
        summary: 'Sign in with an emailed code (or the link in the same mail)',
        responses: responses.codeOrSignIn,
        description: `Step 1 \`{ email }\`: mails a 6-digit code and a one-click link (\`/login?token=...\`, see verify-token) to an existing account; the answer is the same for an unknown address (which gets no mail). Step 2 \`{ email, code }\`: signs in.\n\n${signedIn}\n\n${codeErrors}`,
      },
    },
  )
  .post(
    '/auth/verify-token',
    async ({ ctx, body, cookie, headers, request }) => {
      requireJson(request)
      const ip = ctx.ip
      const input = parseOrThrow(VerifyTokenSchema, body)
      await throttleVerify(ctx.em, ip)
      const email = await consumeMagicLink(ctx.em, input.token)
      const user = await ctx.em.findOne(User, { email })
      if (!user) throw invalidLink()
      return { data: await signIn(ctx, cookie as unknown as CookieJar, user, { deviceName: input.device_name, redirect: input.redirect }) }
    },
    {
      body: VerifyTokenSchema,
      detail: {
        tags,
        summary: 'Sign in with the emailed one-click link',
        responses: responses.signedIn,
        description: `\`{ token }\` from the link \`/login?token=...\` in the sign-in mail. The link works once and for 10 minutes; it and the code of the same mail stop working once either is used. A bad, used or expired link is a 422 on \`token\`.\n\n${signedIn}`,
      },
    },
  )
  .post(
    '/auth/verify-email-using-otp',
    async ({ ctx, body, headers, request }) => {
      requireJson(request)
      const ip = ctx.ip
      const input = parseOrThrow(VerifyEmailSchema, body)
      const me = ctx.user
      if (!input.code) {
        if (me) {
          if (input.email !== me.pendingEmail && input.email !== me.email) throw fieldError('email', 'This email address is not one of your account.')
          await issueCode(ctx.em, input.email, 'verify-email', { ip })
        } else {
          const owner = await ctx.em.findOne(User, { email: input.email, emailVerifiedAt: null })
          await issueCode(ctx.em, input.email, 'verify-email', { ip, deliver: !!owner })
        }
        return sent(VERIFY_SENT, input.email)
      }
      await throttleVerify(ctx.em, ip)
      if (me && input.email === me.pendingEmail) {
        const taken = await ctx.em.count(User, { email: input.email, id: { $ne: me.id } })
        if (taken) throw fieldError('email', 'The email has already been taken.')
        await consumeCode(ctx.em, input.email, 'verify-email', input.code)
        me.email = input.email
        me.pendingEmail = null
        me.emailVerifiedAt = new Date()
      } else if (me && input.email === me.email) {
        await consumeCode(ctx.em, input.email, 'verify-email', input.code)
        me.emailVerifiedAt ??= new Date()
      } else if (me) {
        throw fieldError('email', 'This email address is not one of your account.')
      } else {
        await consumeCode(ctx.em, input.email, 'verify-email', input.code)
        const owner = await ctx.em.findOne(User, { email: input.email })
        if (owner) owner.emailVerifiedAt ??= new Date()
      }
      await ctx.em.flush()
      return { message: 'Your email address is verified.', data: { email: input.email, verified: true, user: me ? serializeUser(me) : null } }
    },
    {
      body: VerifyEmailSchema,
      detail: {
        tags,
        summary: 'Verify an email address with an emailed code',
        responses: responses.verified,
        description: `Step 1 \`{ email }\`: mails a code to the address (for a signed-in user: their pending new email or their unverified email). Step 2 \`{ email, code }\`: marks it verified; when it is the signed-in user's \`pendingEmail\`, it becomes the primary email. Answers \`{ message, data: { email, verified, user } }\` (\`user\` when signed in).\n\n${codeErrors}`,
      },
    },
  )
  .get('/auth/me', ({ ctx }) => ({ data: serializeUser(ctx.requireUser()) }), {
    auth: true,
    detail: {
      tags,
      summary: 'The signed-in user',
      responses: responses.me,
      description: 'Answers `{ data: user }` with profile and coachProfile; 401 without a session or token.',
    },
  })
  .post(
    '/auth/logout',
    async ({ ctx, cookie, headers, set }) => {
      if (ctx.viaToken) {
        const bearer = headers.authorization?.slice(7).trim()
        if (bearer) await ctx.em.nativeDelete(AccessToken, { tokenHash: sha256(bearer) })
      } else {
        await destroySession(ctx.em, cookie as unknown as CookieJar, ctx.session)
      }
      set.status = 204
      return null
    },
    {
      detail: {
        tags,
        summary: 'Sign out',
        responses: responses.noContent,
        description:
          'Destroys the session server-side and clears its cookies (a bearer client: revokes the token it used). 204, also when nobody was signed in.',
      },
    },
  )
