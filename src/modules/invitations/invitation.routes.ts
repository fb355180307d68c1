import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { forbidden, notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { ListQuerySchema } from '../../platform/http/list-query'
import { dataOf, ok, pageOf } from '../../platform/openapi/responses'
import { InvitationTokenSchema, SeatAnswersSchema } from '../bookings/booking.schema'
import { User } from '../users'
import { listGroups } from './group.service'
import { GroupView, InvitationView } from './invitation.schema'
import { acceptInvitation, declineInvitation, showInvitation } from './invitation.service'
import './invitation.hooks'
import { answerMySeat } from './mine.service'

export const invitationRoutes = new Elysia({ name: 'invitations' })
  .use(platform)
  .get('/invitations/:token', async ({ ctx, params }) => ({ data: await showInvitation(ctx.em as EntityManager, params.token) }), {
    params: t.Object({ token: t.String() }),
    detail: {
      responses: ok(dataOf(InvitationView), 'The invitation'),
      tags: ['Invitations'],
      summary: 'What an invitation offers: workshop, schedule, inviter, status (no sign-in: the token is the credential)',
    },
  })
  .post(
    '/invitations/accept',
    async ({ ctx, body }) => {
      const user = ctx.requireUser()
      const { invitation_token, answers } = parseOrThrow(InvitationTokenSchema, body)
      await acceptInvitation(ctx.em as EntityManager, invitation_token, user, undefined, answers ?? null)
      return { data: await showInvitation(ctx.em as EntityManager, invitation_token) }
    },
    {
      auth: true,
      body: InvitationTokenSchema,
      detail: {
        responses: ok(dataOf(InvitationView), 'The accepted invitation'),
        tags: ['Invitations'],
        summary: 'Accept a seat invitation (signed in; binds the seat to you; a token works once)',
        description: "`answers`: the holder's answers to the workshop's per-seat questions, `{ [questionId]: value }` (422 on `answers.<id>`).",
      },
    },
  )
  .post(
    '/invitations/decline',
    async ({ ctx, body }) => {
      const { invitation_token } = parseOrThrow(InvitationTokenSchema, body)
      await declineInvitation(ctx.em as EntityManager, invitation_token, ctx.user)
      return { data: await showInvitation(ctx.em as EntityManager, invitation_token) }
    },
    {
      body: InvitationTokenSchema,
      detail: {
        responses: ok(dataOf(InvitationView), 'The declined invitation'),
        tags: ['Invitations'],
        summary: 'Decline a seat invitation (the seat can be offered again)',
      },
    },
  )
  .get(
    '/groups',
    async ({ ctx, request }) => {
      const me = ctx.requireUser()
      const url = new URL(request.url)
      // Super-admins may look at any client's groups.
      const userId = url.searchParams.get('userId')
      let who = me
      if (userId && userId !== me.id) {
        if (!ctx.isSuperAdmin) throw forbidden()
        const other = isId(userId) ? await ctx.em.findOne(User, { id: userId }) : null
        if (!other) throw notFound('User')
        who = other
      }
      return listGroups(ctx.em as EntityManager, who, url)
    },
    {
      auth: true,
      query: ListQuerySchema,
      detail: {
        responses: ok(pageOf(GroupView), 'A page of people'),
        tags: ['Invitations'],
        summary: 'Groups: the people a client has booked with or invited (derived from seats); super-admins may pass userId',
      },
    },
  )
  .post(
    '/invitations/seats/:id/:answer',
    async ({ ctx, params, body }) => {
      const user = ctx.requireUser()
      if (params.answer !== 'accept' && params.answer !== 'decline') throw notFound('Route')
      const answers = body && typeof body === 'object' ? parseOrThrow(SeatAnswersSchema, body).answers : null
      const seatId = await answerMySeat(ctx.em as EntityManager, params.id, user, params.answer, undefined, answers ?? null)
      return { data: { seatId, status: params.answer === 'accept' ? 'ACCEPTED' : 'DECLINED' } }
    },
    {
      auth: true,
      params: t.Object({ id: t.String(), answer: t.String() }),
      body: v.optional(SeatAnswersSchema),
      detail: {
        responses: ok(dataOf(v.object({ seatId: v.string(), status: v.picklist(['ACCEPTED', 'DECLINED']) })), 'The answer'),
        tags: ['Invitations'],
        summary: 'Accept or decline an invitation addressed to me (my account or email) without its token (the client dashboard)',
        description:
          "`answer` is `accept` or `decline`. An accept may carry `{ answers }`: the holder's answers to the workshop's per-seat questions (422 on `answers.<id>`).",
      },
    },
  )
