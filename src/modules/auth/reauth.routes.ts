/** The second check (`POST /v1/auth/reauthenticate`) and the list of places the account is signed in. */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { parseOrThrow } from '../../platform/http/errors'
import { listResponse, noIncludes, PageParam, PerPageParam, readPaging } from '../../platform/http/list-query'
import type { CookieJar } from '../../platform/http/session'
import { dataOf, noContent, ok, pageOf } from '../../platform/openapi/responses'
import { requireJson } from './auth.routes'
import { CODE_TTL_MINUTES, consumeCode, issueCode, throttleVerify } from './otp.service'
import { ReauthStatusView, SignedInView } from './passkey.schema'
import { passkeysOf, verifyAssertion } from './passkey.service'
import { ReauthenticateSchema } from './reauth.schema'
import { revokeOthers, revokeSignedIn, signedInPage } from './signed-in.service'
import { isRecentlyVerified, markVerified, REAUTH_WINDOW_MINUTES } from './verification'

const tags = ['Auth']
const PageQuery = v.looseObject({ page: v.optional(PageParam), perPage: v.optional(PerPageParam) })
const until = (at: Date | null | undefined) => (at ? new Date(at.getTime() + REAUTH_WINDOW_MINUTES * 60_000) : null)

export const reauthRoutes = new Elysia({ name: 'auth-reauth' })
  .use(platform)
  .get(
    '/auth/reauthenticate',
    async ({ ctx }) => {
      const me = ctx.requireUser()
      const credential = ctx.viaToken ? ctx.token : ctx.session
      const verified = isRecentlyVerified(credential)
      return { data: { verified, verifiedUntil: verified ? until(credential?.verifiedAt) : null, passkeys: (await passkeysOf(ctx.em, me.id)).length } }
    },
    {
      auth: true,
      detail: {
        tags,
        summary: 'Whether this session or token made a second check recently',
        responses: ok(dataOf(ReauthStatusView), 'The state of the second check'),
      },
    },
  )
  .post(
    '/auth/reauthenticate',
    async ({ ctx, body, request }) => {
      requireJson(request)
      const me = ctx.requireUser()
      const input = parseOrThrow(ReauthenticateSchema, body)
      if (!input.code && !input.passkey) {
        await issueCode(ctx.em, me.email, 'reauthenticate', { ip: ctx.ip })
        return {
          message: `A 6-digit confirmation code is on its way to ${me.email}. It expires in ${CODE_TTL_MINUTES} minutes.`,
          data: { email: me.email, expiresIn: CODE_TTL_MINUTES * 60 },
        }
      }
      await throttleVerify(ctx.em, ctx.ip)
      if (input.passkey) await verifyAssertion(ctx.em, 'passkey', input.passkey as unknown as AuthenticationResponseJSON, 'reauthenticate', me)
      else await consumeCode(ctx.em, me.email, 'reauthenticate', input.code!)
      const at = await markVerified(ctx.em, { session: ctx.viaToken ? null : ctx.session, token: ctx.viaToken ? ctx.token : null })
      ctx.log.info({ userId: me.id, via: input.passkey ? 'passkey' : 'code' }, 'second check passed')
      return { message: "Thanks, it's you.", data: { verified: true, verifiedUntil: until(at) } }
    },
    {
      auth: true,
      body: ReauthenticateSchema,
      detail: {
        tags,
        summary: "Confirm it's you before a sensitive action (the second check)",
        responses: ok(
          v.union([
            v.object({ message: v.string(), data: v.object({ email: v.string(), expiresIn: v.number() }) }),
            v.object({ message: v.string(), data: v.object({ verified: v.boolean(), verifiedUntil: v.string() }) }),
          ]),
          'Step 1: code sent. Step 2: verified.',
        ),
        description: `Sensitive actions (linking a payout account, giving or removing a manager role, removing a member, a team's currency or tax profile, a coach's refund beyond the booking's policy, deleting a workshop with bookings, creating an API token, adding a passkey, deleting the account) answer 403 \`{ "message": "Please confirm it's you.", "code": "reauthentication_required" }\` unless this session or token made this check in the last ${REAUTH_WINDOW_MINUTES} minutes. Signing in does not count.\n\n\`{}\` mails a 6-digit code to the account's address (valid ${CODE_TTL_MINUTES} minutes, single use; the sign-in limits apply); \`{ code }\` checks it; \`{ passkey }\` checks a passkey's answer to the options of \`POST /v1/auth/passkeys/authentication/options\` with \`{ purpose: 'reauthenticate' }\`. A wrong code is a 422 on \`code\`, a bad passkey answer a 422 on \`passkey\`.`,
      },
    },
  )
  .get(
    '/auth/sessions',
    async ({ ctx, query, request }) => {
      const me = ctx.requireUser()
      parseOrThrow(PageQuery, query)
      const { page, perPage, offset } = readPaging(noIncludes(new URL(request.url).searchParams))
      const { rows, total } = await signedInPage(
        ctx.em,
        me.id,
        { sessionId: ctx.viaToken ? null : (ctx.session?.id ?? null), tokenId: ctx.token?.id ?? null },
        perPage,
        offset,
      )
      return listResponse(rows, total, { page, perPage })
    },
    {
      auth: true,
      query: PageQuery,
      detail: {
        tags,
        summary: "Where I'm signed in: browser sessions and API tokens",
        responses: ok(pageOf(SignedInView), 'This one first, then by last seen'),
        description: `Each with the device (from the user agent), the approximate place (the country when a trusted proxy names it, else the address's network), when it signed in and when it was last seen (sessions note it every few minutes). \`id\` is what \`DELETE /v1/auth/sessions/{id}\` takes.`,
      },
    },
  )
  .delete(
    '/auth/sessions/:id',
    async ({ ctx, params, cookie, set }) => {
      const me = ctx.requireUser()
      await revokeSignedIn(ctx, cookie as unknown as CookieJar, me.id, params.id)
      set.status = 204
      return null
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      detail: {
        tags,
        summary: 'Sign out one session or revoke one API token',
        responses: noContent('Signed out: the cookie or token stops working at once, on every server'),
        description: '404 for an id that is not one of mine. Signing out this very session also clears its cookies.',
      },
    },
  )
  .delete(
    '/auth/sessions',
    async ({ ctx, set }) => {
      const me = ctx.requireUser()
      await revokeOthers(ctx.em, me.id, { sessionId: ctx.viaToken ? null : (ctx.session?.id ?? null), tokenId: ctx.token?.id ?? null })
      set.status = 204
      return null
    },
    {
      auth: true,
      detail: {
        tags,
        summary: 'Sign out everywhere else',
        responses: noContent('Every other session and API token of mine is gone'),
        description: 'Keeps only the session or token of this request.',
      },
    },
  )
