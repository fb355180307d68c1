import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia } from 'elysia'
import { clock } from '../../platform/clock'
import { getOrm } from '../../platform/db/current'
import { platform } from '../../platform/http/context'
import { notFound, parseOrThrow } from '../../platform/http/errors'
import { dataOf, ok } from '../../platform/openapi/responses'
import { KIND_LABELS, NotificationPreferencesSchema, NotificationPreferencesView, UnsubscribeSchema, UnsubscribeView } from './notification.schema'
import { preferencesOf, readUnsubscribeToken, setKind, setPreferences, unsubscribe } from './preferences'

const tags = ['Notifications']
const invalidLink = () => notFound('Unsubscribe link')

export const notificationRoutes = new Elysia({ name: 'notifications' })
  .use(platform)
  .get('/notifications/preferences', async ({ ctx }) => ({ data: await preferencesOf(ctx.em as EntityManager, ctx.requireUser().id) }), {
    auth: true,
    detail: {
      responses: ok(dataOf(NotificationPreferencesView), 'Which automatic mails I get'),
      tags,
      summary: 'My mail preferences: reminders 24 hours and 1 hour before a session, the feedback request after it',
    },
  })
  .patch(
    '/notifications/preferences',
    async ({ ctx, body }) => {
      const data = parseOrThrow(NotificationPreferencesSchema, body ?? {})
      return { data: await setPreferences(ctx.em as EntityManager, ctx.requireUser().id, data) }
    },
    {
      auth: true,
      body: NotificationPreferencesSchema,
      detail: {
        responses: ok(dataOf(NotificationPreferencesView), 'The preferences now'),
        tags,
        summary: 'Turn reminder and feedback-request mails on or off',
        description: 'Any of `reminder24h`, `reminder1h`, `feedbackRequest`: true sends that mail, false stops it. Keys not sent keep their value.',
      },
    },
  )
  .post(
    '/public/notifications/unsubscribe',
    async ({ ctx, body }) => {
      const { token } = parseOrThrow(UnsubscribeSchema, body)
      const who = await unsubscribe(ctx.em as EntityManager, token)
      if (!who) throw invalidLink()
      return { data: { kind: who.kind, description: KIND_LABELS[who.kind].plural, unsubscribed: true, at: clock.now() } }
    },
    {
      body: UnsubscribeSchema,
      detail: {
        responses: ok(dataOf(UnsubscribeView), 'That kind of mail is turned off'),
        tags,
        summary: 'One-click unsubscribe with the signed token of a mail (no sign-in)',
        description:
          'The token of the link at the foot of each reminder or feedback-request mail (and of its List-Unsubscribe header) names the person and the kind of mail, signed by the server. The same link answers an RFC 8058 one-click POST at `/unsubscribe/{token}`. 404 for a token that is not valid.',
      },
    },
  )

/**
 * `POST /unsubscribe/{token}`: the RFC 8058 one-click POST of a mail client (body
 * `List-Unsubscribe=One-Click`, no cookies) and the form of the unsubscribe page (which may
 * also turn the mails back on, `action=resubscribe`). Before the platform plugin: it acts for
 * nobody but the token's user, so a signed-in visitor's session does not trip CSRF. A mail
 * client gets a plain 200; a browser is sent back to the page, which confirms.
 */
export const unsubscribeFormRoute = new Elysia({ name: 'unsubscribe-form' }).post(
  '/unsubscribe/:token',
  async ({ params, request, body: parsed }) => {
    let body: Record<string, unknown> = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
    if (!parsed) {
      const form = await request.formData().catch(() => null)
      if (form) body = Object.fromEntries(form)
    }
    const token = params.token
    const who = readUnsubscribeToken(token)
    if (!who) return new Response('This unsubscribe link is not valid.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    const em = getOrm().em.fork() as EntityManager
    const resubscribe = body.action === 'resubscribe'
    if (resubscribe) await setKind(em, who.userId, who.kind, true)
    else await unsubscribe(em, token)
    if (body['List-Unsubscribe'] === 'One-Click')
      return new Response(`Unsubscribed from ${KIND_LABELS[who.kind].plural}.`, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    return new Response(null, { status: 303, headers: { location: `/unsubscribe/${encodeURIComponent(token)}?${resubscribe ? 'resubscribed' : 'done'}=1` } })
  },
  { detail: { hide: true } },
)
