import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import { checkedValue, platform, type RequestContext } from '../../platform/http/context'
import { notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { ListQuerySchema, noIncludes, readPaging } from '../../platform/http/list-query'
import { created, dataOf, file, ok, pageOf } from '../../platform/openapi/responses'
import { attendeesCsv } from './attendees.csv'
import { listMessages, markConversationRead, postMessage } from './conversation.service'
import {
  BookingMessageCreateSchema,
  BookingMessageView,
  ConversationView,
  MessagesQuery,
  ScheduleMessageCreateSchema,
  ScheduleMessageView,
} from './message.schema'
import { type BookingAccess, bookingAccess } from './people'
import { messageableSchedule, type ScheduleRef, scheduleMessages, sendScheduleMessage } from './schedule-message.service'
import './message.jobs'
import './inbox.hooks'

const idParams = t.Object({ id: t.String() })

/** The schedule of the path, for its coach, a manager of its team or a super-admin (else 404). */
const theSchedule = checkedValue<ScheduleRef>()
async function mayMessageSchedule(ctx: RequestContext, params: Record<string, string | undefined>) {
  const user = ctx.requireUser()
  const id = params.id ?? ''
  const s = isId(id) ? await messageableSchedule(ctx.em as EntityManager, { id: user.id, isSuperAdmin: ctx.isSuperAdmin }, id) : null
  if (!s) throw notFound('Workshop schedule')
  theSchedule.keep(ctx, s)
}

/** The booking of the path, for the people of its conversation (else 404). */
const theBooking = checkedValue<BookingAccess>()
async function mayTalk(ctx: RequestContext, params: Record<string, string | undefined>) {
  const user = ctx.requireUser()
  const id = params.id ?? ''
  const a = isId(id) ? await bookingAccess(ctx.em as EntityManager, user.id, id) : null
  if (!a) throw notFound('Booking')
  theBooking.keep(ctx, a)
}

const displayName = (u: { profile?: { firstName?: string | null; lastName?: string | null } | null; username?: string | null; email: string }) =>
  [u.profile?.firstName, u.profile?.lastName].filter(Boolean).join(' ') || u.username || u.email.split('@')[0]

export const messageRoutes = new Elysia({ name: 'messages' })
  .use(platform)
  .get(
    '/workshop-schedules/:id/messages',
    async ({ ctx, request }) => {
      const s = theSchedule.take(ctx)
      const { page, perPage } = readPaging(noIncludes(new URL(request.url).searchParams))
      return scheduleMessages(ctx.em as EntityManager, s.id, page, perPage)
    },
    {
      access: { auth: true, check: mayMessageSchedule },
      params: idParams,
      query: ListQuerySchema,
      detail: {
        responses: ok(pageOf(ScheduleMessageView), 'What was sent to this date, newest first'),
        tags: ['Messages'],
        summary: 'Messages sent to everyone on a date: when, by whom, to how many',
      },
    },
  )
  .post(
    '/workshop-schedules/:id/messages',
    async ({ ctx, body, set }) => {
      const s = theSchedule.take(ctx)
      const me = ctx.requireUser()
      const input = parseOrThrow(ScheduleMessageCreateSchema, body)
      set.status = 201
      return { data: await sendScheduleMessage(ctx.em as EntityManager, s, { id: me.id, name: displayName(me) }, input) }
    },
    {
      access: { auth: true, check: mayMessageSchedule },
      params: idParams,
      body: ScheduleMessageCreateSchema,
      detail: {
        responses: created(dataOf(ScheduleMessageView), 'The message, on its way to every confirmed seat holder'),
        tags: ['Messages'],
        summary: 'Write to everyone on a date (subject and text)',
        description:
          'It goes to every confirmed seat holder (invitees who accepted included, cancelled bookings not), by mail once per person and on their booking page and notification centre. A service message: the reminder unsubscribe does not stop it. At most 10 per date in 24 hours (429 after).',
      },
    },
  )
  .get(
    '/workshop-schedules/:id/attendees.csv',
    async ({ ctx }) => {
      const s = theSchedule.take(ctx)
      const { csv, filename } = await attendeesCsv(ctx.em as EntityManager, s.id)
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${filename}"`,
          'cache-control': 'private, no-store',
        },
      })
    },
    {
      access: { auth: true, check: mayMessageSchedule },
      params: idParams,
      detail: {
        responses: file('One row per seat: name, email, statuses, attended, each answer', ['text/csv']),
        tags: ['Workshop schedules'],
        summary: "The date's attendees with their answers to the booking questions (CSV)",
        description: 'Cancelled bookings are left out. A question removed from the workshop keeps its column while any seat has an answer to it.',
      },
    },
  )
  .get(
    '/bookings/:id/messages',
    async ({ ctx, query }) => {
      const a = theBooking.take(ctx)
      const me = ctx.requireUser()
      const q = parseOrThrow(MessagesQuery, query ?? {})
      const page = await listMessages(ctx.em as EntityManager, a, me.id, { before: q.before, limit: q.limit ? Number(q.limit) : undefined })
      if (!q.before) await markConversationRead(ctx.em as EntityManager, a, me.id)
      return page
    },
    {
      access: { auth: true, check: mayTalk },
      params: idParams,
      query: MessagesQuery,
      detail: {
        responses: ok(ConversationView, 'The newest messages, oldest first'),
        tags: ['Messages'],
        summary: "A booking's conversation (the booker, its seat holders, the coach and the team's managers)",
        description:
          'Newest last; `before` (a message id) pages back, `limit` 1 to 50 (30). Reading the newest page marks the conversation read. Anyone else gets 404.',
      },
    },
  )
  .post(
    '/bookings/:id/messages',
    async ({ ctx, body, set }) => {
      const a = theBooking.take(ctx)
      const me = ctx.requireUser()
      const { body: text } = parseOrThrow(BookingMessageCreateSchema, body)
      set.status = 201
      return { data: await postMessage(ctx.em as EntityManager, a, { id: me.id, name: displayName(me) }, text) }
    },
    {
      access: { auth: true, check: mayTalk },
      params: idParams,
      body: BookingMessageCreateSchema,
      detail: {
        responses: created(dataOf(BookingMessageView), 'The message'),
        tags: ['Messages'],
        summary: "Write in a booking's conversation (text, at most 5,000 characters; 20 a minute)",
        description:
          'Stored and shown as text. The others in the conversation see it in their notification centre and get a mail summarising what is new (at most one per 10 minutes per conversation and reader). 409 on a cancelled booking.',
      },
    },
  )
