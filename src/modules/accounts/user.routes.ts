import { raw } from '@mikro-orm/core'
import { Elysia } from 'elysia'
import type { RequestContext } from '../../platform/http/context'
import { crud, escapeLike } from '../../platform/http/crud'
import { conflict, forbidden } from '../../platform/http/errors'
import { oneOfOrNone } from '../../platform/http/filters'
import { SUPER_ADMIN } from '../roles'
import { serializeUser, USER_STATUSES, User, UserCreateSchema, UserUpdateSchema, UserView } from '../users'
import { publicUserRoutes } from './public.routes'
import { type Actor, assertRestorable, createUser, updateUser } from './user.service'

async function actorOf(ctx: RequestContext): Promise<Actor> {
  const user = ctx.requireUser()
  return { user, privileged: await ctx.can('users.manage'), superAdmin: ctx.isSuperAdmin, ip: ctx.ip }
}

/** Managers see every user; anyone else only themselves (403 for another id). */
async function selfOrManager(ctx: RequestContext, params: Record<string, string>) {
  const me = ctx.requireUser()
  if (await ctx.can('users.manage')) return {}
  if (params.id && params.id !== me.id) throw forbidden()
  return { id: me.id }
}

const usersCrud = crud({
  path: '/users',
  tag: 'Users',
  name: 'User',
  entity: User,
  softDelete: true,
  access: { list: 'users.manage', show: 'auth', create: 'users.manage', update: 'auth', delete: 'users.manage', restore: 'users.manage' },
  scope: selfOrManager,
  createSchema: UserCreateSchema,
  updateSchema: UserUpdateSchema,
  sortable: ['createdAt', 'updatedAt', 'email', 'username', 'status'],
  defaultSort: '-createdAt',
  searchable: ['email', 'username'],
  filters: {
    status: (value) => ({ status: oneOfOrNone(USER_STATUSES, value) }),
    role: (value) => ({ roles: { $contains: [value] } }),
    name: (value) => ({
      [raw(
        (a) => `lower(concat_ws(' ', ${a}.profile->>'firstName', ${a}.profile->>'middleName', ${a}.profile->>'lastName')) like ?`,
        [`%${escapeLike(value.trim().toLowerCase())}%`],
      )]: [],
    }),
  },
  view: UserView,
  serialize: (u) => serializeUser(u),
  async create(ctx, data) {
    return createUser(ctx.em, await actorOf(ctx), data)
  },
  async update(ctx, row, data) {
    await updateUser(ctx.em, await actorOf(ctx), row, data)
  },
  async authorizeChange(ctx, row, action) {
    // A user manager who is not a super-admin cannot take over a super-admin's account.
    if (row.roles.includes(SUPER_ADMIN) && !ctx.isSuperAdmin && row.id !== ctx.user?.id) throw forbidden('Only a super-admin can change a super-admin.')
    if (action === 'delete' && row.id === ctx.user?.id) throw conflict('You cannot delete your own account.')
    if (action === 'restore') await assertRestorable(ctx.em, row)
  },
  description: 'Users with profile and coachProfile (spec section 3).',
})

export const userRoutes = new Elysia({ name: 'users' }).use(usersCrud).use(publicUserRoutes)
