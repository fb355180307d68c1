import { wrap } from '@mikro-orm/core'
import { Elysia } from 'elysia'
import { TENANT } from '../../platform/db/schemas'
import { platform } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { forbidden, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { created, dataOf } from '../../platform/openapi/responses'
import type { User } from '../users'
import { serializePublicUser } from '../users'
import { Feedback } from './feedback.entity'
import { FeedbackCreateSchema, FeedbackUpdateSchema, SessionFeedbackCreateSchema } from './feedback.schema'
import { leaveFeedback, leaveSessionFeedback } from './feedback.service'
import { FeedbackView } from './feedback.view'

const NONE = '00000000-0000-0000-0000-000000000000'
const uuid = (s: string) => (isId(s) ? s : NONE)

export const serializeFeedback = (f: Feedback, include: string[] = []) => ({
  id: f.id,
  tenantId: f.tenant.id,
  workshopScheduleId: f.workshopSchedule?.id ?? null,
  sessionTypeId: f.sessionType?.id ?? null,
  coachId: f.coach.id,
  userId: f.user.id,
  bookingSeatId: f.bookingSeatId,
  rating: f.rating,
  comment: f.comment ?? null,
  user: include.includes('user') && wrap(f.user, true).__initialized ? serializePublicUser(f.user as User) : undefined,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
})

/**
 * Reading feedback: a coach sees what was said about their schedules, an attendee their own,
 * super-admins all (`X-Team` narrows to one tenant). Filter by schedule for the per-schedule view.
 */
const feedbackCrud = crud({
  path: '/feedbacks',
  tag: 'Feedback',
  name: 'Feedback',
  entity: Feedback,
  softDelete: true,
  actions: ['list', 'show', 'update', 'delete', 'restore'],
  access: { list: 'auth', show: 'auth', update: 'auth', delete: 'auth', restore: 'users.manage' },
  updateSchema: FeedbackUpdateSchema,
  sortable: ['createdAt', 'rating'],
  defaultSort: '-createdAt',
  searchable: ['comment'],
  includes: { user: 'user' },
  async scope(ctx) {
    const me = ctx.requireUser()
    // Attendees rate schedules of tenants they may not belong to: without X-Team the list spans
    // every tenant (still only the caller's own rows); with it, that tenant only.
    if (ctx.teamHeader) await ctx.tenant()
    else ctx.em.addFilter({ name: TENANT, cond: {}, default: true })
    if (ctx.isSuperAdmin) return {}
    return { $or: [{ coach: me.id }, { user: me.id }] }
  },
  authorizeChange(ctx, row, action) {
    // The author edits or withdraws their own rating; super-admins moderate.
    if (ctx.isSuperAdmin) return
    if (row.user.id !== ctx.user?.id || action === 'restore') throw forbidden('Only the author can change this feedback.')
  },
  filters: {
    workshopSchedule: (value) => ({ workshopSchedule: uuid(value) }),
    coach: (value, ctx) => ({ coach: value === 'me' ? (ctx.user?.id ?? NONE) : uuid(value) }),
    rating: (value) => ({ rating: Number(value) || 0 }),
  },
  view: FeedbackView,
  serialize: (row, include) => serializeFeedback(row, include),
  description: 'Ratings (1-5) with a comment, left by attendees after a schedule ended: one per seat.',
})

export const feedbackRoutes = new Elysia({ name: 'feedback' })
  .use(platform)
  .use(feedbackCrud)
  .post(
    '/feedbacks',
    async ({ ctx, body, set }) => {
      const me = ctx.requireUser()
      const data = parseOrThrow(FeedbackCreateSchema, body)
      const row = await leaveFeedback(ctx.em, me.id, data as { workshopScheduleId: string; rating: number; comment?: string | null })
      set.status = 201
      return { data: serializeFeedback(row) }
    },
    {
      auth: true,
      body: FeedbackCreateSchema,
      detail: {
        responses: created(dataOf(FeedbackView), 'The feedback'),
        tags: ['Feedback'],
        summary: 'Rate a schedule you attended (after it ended; once per seat)',
      },
    },
  )
  .post(
    '/feedbacks/sessions',
    async ({ ctx, body, set }) => {
      const me = ctx.requireUser()
      const data = parseOrThrow(SessionFeedbackCreateSchema, body)
      const row = await leaveSessionFeedback(ctx.em, me.id, data as { bookingId: string; rating: number; comment?: string | null })
      set.status = 201
      return { data: serializeFeedback(row) }
    },
    {
      auth: true,
      body: SessionFeedbackCreateSchema,
      detail: {
        responses: created(dataOf(FeedbackView), 'The feedback'),
        tags: ['Feedback', 'Sessions'],
        summary: 'Rate a one-to-one session you had (after it ended; once)',
      },
    },
  )
