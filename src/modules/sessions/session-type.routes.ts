/**
 * `GET|POST /v1/session-types`, `GET|PATCH|DELETE /v1/session-types/{id}` and restore: a coach's
 * own session types in the current team (X-Team); members who manage the team's bookings
 * (`bookings.manage`) see all of the team's. Changes are the coach's own (or a super-admin's).
 */

import type { RequestContext } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { fieldError, forbidden } from '../../platform/http/errors'
import { oneOfOrNone } from '../../platform/http/filters'
import { idFilter } from '../../platform/http/id-filter'
import { priceInMinor } from '../workshops'
import { SessionType } from './session.entity'
import {
  SESSION_MODES,
  SESSION_TYPE_MESSAGES,
  SESSION_TYPE_STATUSES,
  SessionTypeCreateSchema,
  SessionTypeUpdateSchema,
  SessionTypeView,
} from './session-type.schema'
import { serializeSessionType } from './session-type.serialize'

const NONE = '00000000-0000-0000-0000-000000000000'

/** Coaches (their own) and the team's booking managers (all of the team's) read session types. */
async function mayRead(ctx: RequestContext) {
  ctx.requireUser()
  if (!(await ctx.can('workshops.manage')) && !(await ctx.can('bookings.manage'))) throw forbidden()
}

async function seesTeam(ctx: RequestContext) {
  return ctx.isSuperAdmin || (await ctx.can('bookings.manage'))
}

export const sessionTypeRoutes = crud({
  path: '/session-types',
  tag: 'Sessions',
  name: 'Session type',
  entity: SessionType,
  softDelete: true,
  tenantScoped: true,
  access: { list: mayRead, show: mayRead, create: 'workshops.manage', update: 'workshops.manage', delete: 'workshops.manage', restore: 'workshops.manage' },
  createSchema: SessionTypeCreateSchema,
  updateSchema: SessionTypeUpdateSchema,
  sortable: ['title', 'durationMinutes', 'price', 'createdAt', 'updatedAt'],
  defaultSort: 'createdAt',
  searchable: ['title'],
  scope: async (ctx) => ((await seesTeam(ctx)) ? {} : { coach: ctx.user?.id ?? NONE }),
  filters: {
    coach: (value, ctx) => ({ coach: value === 'me' ? (ctx.user?.id ?? NONE) : idFilter('coach', value) }),
    status: (value) => ({ status: oneOfOrNone(SESSION_TYPE_STATUSES, value.toUpperCase()) }),
    mode: (value) => ({ mode: oneOfOrNone(SESSION_MODES, value.toUpperCase()) }),
  },
  view: SessionTypeView,
  serialize: (row) => serializeSessionType(row),
  description:
    "What a coach sells one to one: duration (15-480 minutes), price (0: a free call), mode, buffers before and after, minimum notice, how far ahead it can be booked, at most N a day, refund policy and status (ACTIVE, or HIDDEN from the public profile). Free times come from the coach's availability (`/v1/availability`); clients book with `POST /v1/bookings { sessionTypeId, startsAt }`.",
  async authorizeChange(ctx, row) {
    const me = ctx.requireUser()
    if (!ctx.isSuperAdmin && row.coach.id !== me.id) throw forbidden('Only the coach who offers this session can change it.')
  },
  async create(ctx, data) {
    const tenant = await ctx.tenant()
    const me = ctx.requireUser()
    const row = ctx.em.create(SessionType, {
      tenant: tenant.id,
      coach: me.id,
      title: data.title,
      description: data.description || null,
      durationMinutes: data.durationMinutes,
      price: priceInMinor(data.price, tenant.currency),
      currency: tenant.currency,
      mode: data.mode,
      location: data.location || null,
      bufferBeforeMinutes: data.bufferBeforeMinutes,
      bufferAfterMinutes: data.bufferAfterMinutes,
      minimumNoticeMinutes: data.minimumNoticeMinutes,
      bookingWindowDays: data.bookingWindowDays,
      maxPerDay: data.maxPerDay ?? null,
      refundPolicy: data.refundPolicy ?? null,
      status: data.status,
    })
    await ctx.em.flush()
    return row
  },
  async update(ctx, row, data) {
    const mode = data.mode ?? row.mode
    const location = data.location !== undefined ? data.location || null : row.location
    if (mode === 'IN_PERSON' && !location?.trim()) throw fieldError('location', SESSION_TYPE_MESSAGES.address)
    for (const key of [
      'title',
      'durationMinutes',
      'mode',
      'bufferBeforeMinutes',
      'bufferAfterMinutes',
      'minimumNoticeMinutes',
      'bookingWindowDays',
      'status',
    ] as const)
      if (data[key] !== undefined) (row as any)[key] = data[key]
    if (data.description !== undefined) row.description = data.description || null
    if (data.location !== undefined) row.location = location
    if (data.price !== undefined) row.price = priceInMinor(data.price, row.currency)
    if (data.maxPerDay !== undefined) row.maxPerDay = data.maxPerDay
    if (data.refundPolicy !== undefined) row.refundPolicy = data.refundPolicy
    await ctx.em.flush()
  },
})
