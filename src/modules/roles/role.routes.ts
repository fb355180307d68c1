import { Elysia } from 'elysia'
import type { RequestContext } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { conflict, fieldError } from '../../platform/http/errors'
import { DEFAULT_ROLES, PERMISSIONS } from './permissions'
import { Permission, Role } from './role.entity'
import { PermissionCreateSchema, PermissionUpdateSchema, PermissionView, RoleCreateSchema, RoleUpdateSchema, RoleView } from './role.schema'

const serializeRole = (r: Role) => ({
  id: r.id,
  name: r.name,
  description: r.description ?? null,
  permissions: r.permissions,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})
const serializePermission = (p: Permission) => ({
  id: p.id,
  name: p.name,
  description: p.description ?? null,
  builtIn: p.name in PERMISSIONS,
  createdAt: p.createdAt,
})

async function checkPermissionNames(ctx: RequestContext, names: string[] | undefined) {
  if (!names?.length) return
  const known = new Set((await ctx.em.find(Permission, { name: { $in: names } })).map((p) => p.name))
  const unknown = names.filter((n) => !known.has(n))
  if (unknown.length) throw fieldError('permissions', `Unknown permission: ${unknown.join(', ')}`)
}

async function assertFree(ctx: RequestContext, entity: typeof Role | typeof Permission, name: string | undefined, exceptId?: string) {
  if (!name) return
  const taken = await ctx.em.count(entity as typeof Role, { name, ...(exceptId ? { id: { $ne: exceptId } } : {}) })
  if (taken) throw fieldError('name', 'The name has already been taken.')
}

const roles = crud({
  path: '/roles',
  tag: 'Roles',
  name: 'Role',
  entity: Role,
  access: { list: 'roles.manage', show: 'roles.manage', create: 'roles.manage', update: 'roles.manage', delete: 'roles.manage' },
  createSchema: RoleCreateSchema,
  updateSchema: RoleUpdateSchema,
  sortable: ['name', 'createdAt'],
  defaultSort: 'name',
  searchable: ['name'],
  view: RoleView,
  serialize: serializeRole,
  async create(ctx, data) {
    await assertFree(ctx, Role, data.name)
    await checkPermissionNames(ctx, data.permissions)
    const role = ctx.em.create(Role, data)
    await ctx.em.flush()
    return role
  },
  async update(ctx, row, data) {
    if (row.name === 'super-admin' && data.name && data.name !== row.name) throw conflict('The super-admin role cannot be renamed.')
    await assertFree(ctx, Role, data.name, row.id)
    await checkPermissionNames(ctx, data.permissions)
    ctx.em.assign(row, data)
    await ctx.em.flush()
  },
  async destroy(ctx, row) {
    if (Object.hasOwn(DEFAULT_ROLES, row.name)) throw conflict(`The ${row.name} role is built in and cannot be deleted.`)
    await ctx.em.remove(row).flush()
  },
})

const permissions = crud({
  path: '/permissions',
  tag: 'Roles',
  name: 'Permission',
  entity: Permission,
  access: { list: 'roles.manage', show: 'roles.manage', create: 'roles.manage', update: 'roles.manage', delete: 'roles.manage' },
  createSchema: PermissionCreateSchema,
  updateSchema: PermissionUpdateSchema,
  sortable: ['name', 'createdAt'],
  defaultSort: 'name',
  searchable: ['name'],
  view: PermissionView,
  serialize: serializePermission,
  async create(ctx, data) {
    await assertFree(ctx, Permission, data.name)
    const p = ctx.em.create(Permission, data)
    await ctx.em.flush()
    return p
  },
  async update(ctx, row, data) {
    if (row.name in PERMISSIONS && data.name && data.name !== row.name) throw conflict('Built-in permissions cannot be renamed: the code checks them by name.')
    await assertFree(ctx, Permission, data.name, row.id)
    ctx.em.assign(row, data)
    await ctx.em.flush()
  },
  async destroy(ctx, row) {
    if (row.name in PERMISSIONS) throw conflict('Built-in permissions cannot be deleted: the code checks them by name.')
    await ctx.em.remove(row).flush()
  },
})

export const roleRoutes = new Elysia({ name: 'roles' }).use(roles).use(permissions)
