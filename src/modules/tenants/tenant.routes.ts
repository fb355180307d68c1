import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import type { RequestContext } from '../../platform/http/context'
import { platform } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { fieldError, forbidden, notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { created, dataOf, noContent, ok } from '../../platform/openapi/responses'
import { User } from '../users'
import { PLAN_LIMITS } from './plans'
import { Membership, Tenant, type TenantPlan } from './tenant.entity'
import { CurrentTenantView, MemberCreateSchema, MemberUpdateSchema, MemberView, TenantCreateSchema, TenantUpdateSchema, TenantView } from './tenant.schema'

export const serializeTenant = (t: Tenant) => ({
  id: t.id,
  name: t.name,
  slug: t.slug,
  email: t.email ?? null,
  domain: t.domain ?? null,
  plan: t.plan,
  currency: t.currency,
  refundPolicy: t.refundPolicy ?? null,
  limits: PLAN_LIMITS[t.plan as TenantPlan],
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  deletedAt: t.deletedAt ?? null,
})

export const serializeMember = (m: Membership) => ({
  id: m.id,
  tenantId: m.tenant.id,
  userId: m.user.id,
  status: m.status,
  roles: m.roles,
  user: m.user.email ? { id: m.user.id, email: m.user.email, username: m.user.username ?? null, profile: m.user.profile } : undefined,
  createdAt: m.createdAt,
})

async function assertSlugFree(ctx: RequestContext, slug: string, exceptId?: string) {
  const taken = await ctx.em.count(Tenant, { slug, ...(exceptId ? { id: { $ne: exceptId } } : {}) })
  if (taken) throw fieldError('slug', 'The slug has already been taken.')
}

const tenantCrud = crud({
  path: '/tenants',
  tag: 'Tenants',
  name: 'Tenant',
  entity: Tenant,
  softDelete: true,
  access: {
    list: 'tenants.manage',
    show: 'tenants.manage',
    create: 'tenants.manage',
    update: 'tenants.manage',
    delete: 'tenants.manage',
    restore: 'tenants.manage',
  },
  createSchema: TenantCreateSchema,
  updateSchema: TenantUpdateSchema,
  sortable: ['name', 'slug', 'plan', 'createdAt', 'updatedAt'],
  defaultSort: 'name',
  searchable: ['name', 'slug', 'email'],
  filters: { plan: (value) => ({ plan: value as TenantPlan }) },
  view: TenantView,
  serialize: serializeTenant,
  async create(ctx, data) {
    await assertSlugFree(ctx, data.slug)
    const tenant = ctx.em.create(Tenant, data)
    await ctx.em.flush()
    return tenant
  },
  async update(ctx, row, data) {
    if (data.slug && data.slug !== row.slug) await assertSlugFree(ctx, data.slug, row.id)
    ctx.em.assign(row, data)
    await ctx.em.flush()
  },
  async destroy(ctx, row) {
    row.deletedAt = new Date()
    await ctx.em.flush()
  },
})

async function findTenant(ctx: RequestContext, id: string) {
  const tenant = isId(id) ? await ctx.em.findOne(Tenant, { id }) : null
  if (!tenant) throw notFound('Tenant')
  return tenant
}

const idParams = t.Object({ id: t.String() })

export const tenantRoutes = new Elysia({ name: 'tenants' })
  .use(platform)
  .use(tenantCrud)
  .get(
    '/t',
    async ({ ctx }) => ({
      data: { ...serializeTenant(await ctx.tenant()), membership: ctx.membership ? { status: ctx.membership.status, roles: ctx.membership.roles } : null },
    }),
    {
      auth: true,
      detail: {
        responses: ok(dataOf(CurrentTenantView), 'The current tenant and my membership'),
        tags: ['Tenants'],
        summary: 'The current tenant (X-Team, else defaultTenantSlug)',
      },
    },
  )
  .get(
    '/users/:id/tenants',
    async ({ ctx, params }) => {
      const me = ctx.requireUser()
      // A malformed id is nobody (404, it reveals nothing); someone else's list is for super-admins.
      if (!isId(params.id)) throw notFound('User')
      if (params.id !== me.id && !ctx.isSuperAdmin) throw forbidden()
      if (params.id !== me.id && !(await ctx.em.count(User, { id: params.id }))) throw notFound('User')
      const rows = await ctx.em.find(
        Membership,
        { user: params.id, tenant: { deletedAt: null } },
        { populate: ['tenant'], orderBy: { tenant: { name: 'asc' } } },
      )
      return { data: rows.map((m) => ({ ...serializeTenant(m.tenant), membership: { status: m.status, roles: m.roles } })) }
    },
    {
      auth: true,
      params: idParams,
      detail: {
        responses: ok(v.object({ data: v.array(CurrentTenantView) }), 'The tenants and the memberships'),
        tags: ['Tenants'],
        summary: 'Tenants a user belongs to (self or super-admin)',
      },
    },
  )
  .get(
    '/tenants/:id/members',
    async ({ ctx, params }) => {
      const tenant = await findTenant(ctx, params.id)
      const rows = await ctx.em.find(Membership, { tenant }, { populate: ['user'], orderBy: { createdAt: 'asc' } })
      return { data: rows.map(serializeMember) }
    },
    {
      can: 'tenants.manage',
      params: idParams,
      detail: { responses: ok(v.object({ data: v.array(MemberView) }), 'The members'), tags: ['Tenants'], summary: 'Members of a tenant' },
    },
  )
  .post(
    '/tenants/:id/members',
    async ({ ctx, params, body, set }) => {
      const tenant = await findTenant(ctx, params.id)
      const data = parseOrThrow(MemberCreateSchema, body)
      const user = await ctx.em.findOne(User, { id: data.userId })
      if (!user) throw fieldError('userId', 'User not found.')
      const existing = await ctx.em.findOne(Membership, { tenant, user })
      if (existing) throw fieldError('userId', 'The user is already a member of this tenant.')
      const m = ctx.em.create(Membership, { tenant, user, status: data.status, roles: data.roles })
      if (!user.defaultTenantSlug) user.defaultTenantSlug = tenant.slug
      await ctx.em.flush()
      set.status = 201
      return { data: serializeMember(m) }
    },
    {
      can: 'tenants.manage',
      params: idParams,
      body: MemberCreateSchema,
      detail: { responses: created(dataOf(MemberView), 'The new member'), tags: ['Tenants'], summary: 'Add a member' },
    },
  )
  .patch(
    '/tenants/:id/members/:memberId',
    async ({ ctx, params, body }) => {
      const tenant = await findTenant(ctx, params.id)
      const m = isId(params.memberId) ? await ctx.em.findOne(Membership, { tenant, id: params.memberId }, { populate: ['user'] }) : null
      if (!m) throw notFound('Member')
      ctx.em.assign(m, parseOrThrow(MemberUpdateSchema, body))
      await ctx.em.flush()
      return { data: serializeMember(m) }
    },
    {
      can: 'tenants.manage',
      params: t.Object({ id: t.String(), memberId: t.String() }),
      body: MemberUpdateSchema,
      detail: {
        responses: ok(dataOf(MemberView), 'The changed member'),
        tags: ['Tenants'],
        summary: 'Change a member (status ACTIVE, PENDING, SUSPENDED; roles)',
      },
    },
  )
  .delete(
    '/tenants/:id/members/:memberId',
    async ({ ctx, params, set }) => {
      const tenant = await findTenant(ctx, params.id)
      const m = isId(params.memberId) ? await ctx.em.findOne(Membership, { tenant, id: params.memberId }) : null
      if (!m) throw notFound('Member')
      await ctx.em.remove(m).flush()
      set.status = 204
      return null
    },
    {
      can: 'tenants.manage',
      params: t.Object({ id: t.String(), memberId: t.String() }),
      detail: { responses: noContent('Removed'), tags: ['Tenants'], summary: 'Remove a member' },
    },
  )
