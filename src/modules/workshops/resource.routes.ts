import type { FilterQuery } from '@mikro-orm/core'
import { Elysia, t } from 'elysia'
import { TENANT } from '../../platform/db/schemas'
import type { RequestContext } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { fieldError, forbidden, notFound } from '../../platform/http/errors'
import { oneOfOrNone } from '../../platform/http/filters'
import { Membership } from '../tenants'
import { assertOwner, isUuid } from './access'
import { CATALOGUE_MESSAGES as M } from './catalogue.rules'
import { ResourceView } from './catalogue.views'
import { RESOURCE_TYPES } from './enums'
import { WorkshopResource } from './resource.entity'
import { ResourceCreateSchema, ResourceUpdateSchema, resourceNeedsIssue } from './resource.schema'
import { attendeeBookings, attendeeVisibility, broadcastIfDue } from './resource.service'
import { serializeResource } from './serialize'
import { Workshop } from './workshop.entity'

/**
 * The workshop of the path, from any tenant: attendees who booked through the marketplace need
 * not be members of the coach's tenant. The tenant filter is then pinned to the workshop's
 * tenant, so every resource query of this request stays inside it.
 */
async function loadWorkshop(ctx: RequestContext, id: string | undefined) {
  const workshop = isUuid(id) ? await ctx.em.findOne(Workshop, { id }, { filters: { [TENANT]: false } }) : null
  if (!workshop) throw notFound('Workshop')
  ctx.em.setFilterParams(TENANT, { tenantId: workshop.tenant.id })
  return workshop
}

/**
 * The coach (and super-admins) see every resource; confirmed attendees the visible ones (as
 * adjusted on their booking); other members of the tenant get 403; anyone else 404.
 */
async function resourceScope(ctx: RequestContext, params: Record<string, string>): Promise<FilterQuery<WorkshopResource>> {
  const user = ctx.requireUser()
  const workshop = await loadWorkshop(ctx, params.id)
  if (ctx.isSuperAdmin || workshop.coach.id === user.id) return { workshop: workshop.id }
  const bookings = await attendeeBookings(ctx.em, workshop.id, user.id)
  // Under $and: the builder adds `id` for a single row, which must not replace an `id: { $nin }` here.
  if (bookings.length) return { workshop: workshop.id, $and: [attendeeVisibility(bookings)] } as FilterQuery<WorkshopResource>
  const member = await ctx.em.count(Membership, { tenant: workshop.tenant.id, user: user.id, status: 'ACTIVE' })
  if (!member) throw notFound('Workshop')
  throw forbidden('Resources are shared with the coach and confirmed attendees only.')
}

const resources = crud({
  path: '/workshops/:id/resources',
  idParam: 'resourceId',
  tag: 'Workshop resources',
  name: 'Workshop resource',
  entity: WorkshopResource,
  softDelete: true,
  access: { list: 'auth', show: 'auth', create: 'workshops.manage', update: 'workshops.manage', delete: 'workshops.manage', restore: 'workshops.manage' },
  createSchema: ResourceCreateSchema,
  updateSchema: ResourceUpdateSchema,
  sortable: ['sortOrder', 'title', 'createdAt', 'updatedAt'],
  defaultSort: 'sortOrder',
  searchable: ['title', 'description'],
  scope: resourceScope,
  filters: {
    type: (value) => ({ type: oneOfOrNone(RESOURCE_TYPES, value) }),
  },
  view: ResourceView,
  serialize: (row) => serializeResource(row),
  description: 'Material of a workshop. A visible resource with `isBroadcast` mails the confirmed attendees once.',
  async authorizeCreate(ctx, params) {
    await resourceScope(ctx, params) // strangers 404, members who do not attend 403
    assertOwner(ctx, (await loadWorkshop(ctx, params.id)).coach.id)
  },
  async authorizeChange(ctx, row) {
    const workshop = await ctx.em.findOneOrFail(Workshop, { id: row.workshop.id }, { filters: { softDelete: false, [TENANT]: false } })
    assertOwner(ctx, workshop.coach.id)
  },
  async create(ctx, data, params) {
    const workshop = await loadWorkshop(ctx, params.id)
    const row = ctx.em.create(WorkshopResource, { ...data, url: data.url || null, tenant: workshop.tenant, workshop })
    await ctx.em.flush()
    await broadcastIfDue(ctx.em, workshop, row)
    return row
  },
  async update(ctx, row, data) {
    const next = {
      type: data.type ?? row.type,
      url: data.url !== undefined ? data.url : row.url,
      filePath: data.filePath !== undefined ? data.filePath : row.filePath,
    }
    const missing = resourceNeedsIssue(next)
    if (missing) throw fieldError(missing, M.resourceNeeds)
    ctx.em.assign(row, { ...data, ...(data.url === '' ? { url: null } : {}) })
    await ctx.em.flush()
    const workshop = await ctx.em.findOneOrFail(Workshop, { id: row.workshop.id }, { filters: { [TENANT]: false } })
    await broadcastIfDue(ctx.em, workshop, row)
  },
})

/** crud() declares only `resourceId`; the workshop's `:id` before it is declared here (API document). */
export const resourceRoutes = new Elysia({ name: 'workshop-resources' }).guard(
  { schema: 'standalone', params: t.Object({ id: t.String({ description: 'Workshop id' }) }, { additionalProperties: true }) },
  (app) => app.use(resources),
)
