/** Passkeys: make one (settings), name or remove it, sign in with one (the login page). */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { parseOrThrow, unauthenticated } from '../../platform/http/errors'
import { noIncludes } from '../../platform/http/list-query'
import type { CookieJar } from '../../platform/http/session'
import { created, dataOf, noContent, ok } from '../../platform/openapi/responses'
import { responses } from './auth.docs'
import { requireJson } from './auth.routes'
import { signIn } from './auth.service'
import { describeDevice } from './device'
import { throttleVerify } from './otp.service'
import {
  MAX_PASSKEYS,
  PasskeyOptionsSchema,
  PasskeyRegisterSchema,
  PasskeyRenameSchema,
  PasskeySignInSchema,
  PasskeyView,
  WebauthnOptionsView,
} from './passkey.schema'
import {
  authenticationOptions,
  CHALLENGE_TTL_SECONDS,
  ownPasskey,
  passkeysOf,
  registerPasskey,
  registrationOptions,
  serializePasskey,
  verifyAssertion,
} from './passkey.service'

const tags = ['Passkeys']
const idParams = t.Object({ id: t.String() })
const secondCheck =
  'Adding a passkey is a sensitive action: it needs a second check of this session or token made in the last 10 minutes (`POST /v1/auth/reauthenticate`), else 403 `{ code: "reauthentication_required" }` (a stolen session must not be able to add its own passkey).'

export const passkeyRoutes = new Elysia({ name: 'auth-passkeys' })
  .use(platform)
  .post('/auth/passkeys/registration/options', async ({ ctx }) => ({ data: await registrationOptions(ctx.em, ctx.requireUser()) }), {
    access: { auth: true, fresh: true },
    detail: {
      tags,
      summary: 'Start adding a passkey',
      responses: ok(dataOf(WebauthnOptionsView), 'Options for startRegistration'),
      description: `The challenge works once and for ${CHALLENGE_TTL_SECONDS / 60} minutes. 409 at ${MAX_PASSKEYS} passkeys. ${secondCheck}`,
    },
  })
  .post(
    '/auth/passkeys/registration/verify',
    async ({ ctx, body, set }) => {
      const me = ctx.requireUser()
      const input = parseOrThrow(PasskeyRegisterSchema, body)
      const key = await registerPasskey(ctx.em, me, input.response as unknown as RegistrationResponseJSON, input.name ?? describeDevice(ctx.userAgent))
      set.status = 201
      return { data: serializePasskey(key) }
    },
    {
      access: { auth: true, fresh: true },
      body: PasskeyRegisterSchema,
      detail: {
        tags,
        summary: 'Keep the new passkey',
        responses: created(dataOf(PasskeyView), 'The passkey'),
        description: `\`{ response, name? }\`: the browser's answer to the options (its challenge is taken once: a second try is a 422 on \`response\`), and a name (default: the device, "Chrome on macOS"). 409 at ${MAX_PASSKEYS} passkeys. ${secondCheck}`,
      },
    },
  )
  .get(
    '/auth/passkeys',
    async ({ ctx, request }) => {
      noIncludes(new URL(request.url).searchParams)
      return { data: (await passkeysOf(ctx.em, ctx.requireUser().id)).map(serializePasskey) }
    },
    {
      auth: true,
      detail: { tags, summary: 'My passkeys', responses: ok(dataOf(v.array(PasskeyView)), `Newest first (at most ${MAX_PASSKEYS})`) },
    },
  )
  .patch(
    '/auth/passkeys/:id',
    async ({ ctx, params, body }) => {
      const key = await ownPasskey(ctx.em, ctx.requireUser().id, params.id)
      key.name = parseOrThrow(PasskeyRenameSchema, body).name
      await ctx.em.flush()
      return { data: serializePasskey(key) }
    },
    {
      auth: true,
      params: idParams,
      body: PasskeyRenameSchema,
      detail: { tags, summary: 'Rename a passkey', responses: ok(dataOf(PasskeyView), 'The passkey'), description: "404 for another person's passkey." },
    },
  )
  .delete(
    '/auth/passkeys/:id',
    async ({ ctx, params, set }) => {
      const key = await ownPasskey(ctx.em, ctx.requireUser().id, params.id)
      await ctx.em.remove(key).flush()
      set.status = 204
      return null
    },
    {
      auth: true,
      params: idParams,
      detail: {
        tags,
        summary: 'Remove a passkey',
        responses: noContent('Removed: it no longer signs in'),
        description: "The passkey stays on the device, but no longer signs in here. 404 for another person's passkey.",
      },
    },
  )
  .post(
    '/auth/passkeys/authentication/options',
    async ({ ctx, body }) => {
      const { purpose = 'sign-in' } = parseOrThrow(PasskeyOptionsSchema, body ?? {})
      if (purpose === 'reauthenticate' && !ctx.user) throw unauthenticated()
      return { data: await authenticationOptions(ctx.em, purpose, ctx.user) }
    },
    {
      body: v.optional(PasskeyOptionsSchema),
      detail: {
        tags,
        summary: 'Start signing in (or confirming) with a passkey',
        responses: ok(dataOf(WebauthnOptionsView), 'Options for startAuthentication'),
        description: `\`{ purpose: 'sign-in' }\` (default): any passkey of any account; the browser may also offer it from the email field's autofill (conditional mediation). \`{ purpose: 'reauthenticate' }\`: the signed-in user's passkeys, for \`POST /v1/auth/reauthenticate\` (422 without a passkey). The challenge works once and for ${CHALLENGE_TTL_SECONDS / 60} minutes.`,
      },
    },
  )
  .post(
    '/auth/passkeys/authentication/verify',
    async ({ ctx, body, cookie, request }) => {
      requireJson(request)
      const input = parseOrThrow(PasskeySignInSchema, body)
      await throttleVerify(ctx.em, ctx.ip)
      const key = await verifyAssertion(ctx.em, 'response', input.response as unknown as AuthenticationResponseJSON, 'sign-in', null)
      return { data: await signIn(ctx, cookie as unknown as CookieJar, key.user, { deviceName: input.device_name, redirect: input.redirect }) }
    },
    {
      body: PasskeySignInSchema,
      detail: {
        tags,
        summary: 'Sign in with a passkey',
        responses: responses.signedIn,
        description:
          "`{ response, redirect?, device_name? }`: the browser's answer to the options. The challenge is taken once (a replayed answer is a 422 on `response`), the origin and RP ID must be this site's, and the passkey's signature counter must move forward. Answers like the code sign-in: `{ data: { user, redirect } }` and a fresh session (or `token` with `device_name`). Signing in is not a second check: sensitive actions still ask for one.",
      },
    },
  )
