import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia } from 'elysia'
import { platform } from '../../platform/http/context'
import { parseOrThrow } from '../../platform/http/errors'
import { ListQuerySchema, noIncludes, readPaging } from '../../platform/http/list-query'
import { dataOf, ok } from '../../platform/openapi/responses'
import { InboxPageView, InboxReadSchema, InboxReadView } from './inbox.schema'
import { inboxPage, markRead } from './inbox.service'

const tags = ['Notifications']

export const inboxRoutes = new Elysia({ name: 'inbox' })
  .use(platform)
  .get(
    '/notifications',
    async ({ ctx, request }) => {
      const me = ctx.requireUser()
      const { page, perPage } = readPaging(noIncludes(new URL(request.url).searchParams))
      return inboxPage(ctx.em as EntityManager, me.id, page, perPage)
    },
    {
      auth: true,
      query: ListQuerySchema,
      detail: {
        responses: ok(InboxPageView, 'A page of my notifications, newest first, with the unread count'),
        tags,
        summary: 'My notification centre: new messages, waitlist offers, booking changes, applications',
        description: '`meta.unread` counts every unread item (the bell). New messages of one conversation fold into one item with a `count`.',
      },
    },
  )
  .post(
    '/notifications/read',
    async ({ ctx, body }) => {
      const me = ctx.requireUser()
      const what = parseOrThrow(InboxReadSchema, body)
      return { data: await markRead(ctx.em as EntityManager, me.id, what) }
    },
    {
      auth: true,
      body: InboxReadSchema,
      detail: {
        responses: ok(dataOf(InboxReadView), 'How many were marked, and what is left unread'),
        tags,
        summary: 'Mark notifications read: `{ ids }` or `{ all: true }`',
        description: 'Ids that are not mine or already read are left as they are (counted out of `marked`).',
      },
    },
  )
