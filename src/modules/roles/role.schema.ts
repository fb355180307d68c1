import * as v from 'valibot'
import { DateTime } from '../../shared/view'

const name = v.pipe(
  v.string('Role name is required'),
  v.trim(),
  v.nonEmpty('Role name is required'),
  v.maxLength(255, 'Role name must be at most 255 characters'),
)
const permName = v.pipe(
  v.string('Permission name is required'),
  v.trim(),
  v.nonEmpty('Permission name is required'),
  v.maxLength(255, 'Permission name must be at most 255 characters'),
)
const description = v.nullish(v.pipe(v.string(), v.maxLength(1000, 'Description must be at most 1000 characters')))

const permissions = v.pipe(v.array(permName, 'Permissions must be a list of permission names'), v.maxLength(200, 'A role can have at most 200 permissions'))
export const RoleCreateSchema = v.strictObject({ name: v.optional(name, ''), description, permissions: v.optional(permissions, []) })
export const RoleUpdateSchema = v.strictObject({ name: v.optional(name), description, permissions: v.optional(permissions) })
export const PermissionCreateSchema = v.strictObject({ name: v.optional(permName, ''), description })
export const PermissionUpdateSchema = v.strictObject({ name: v.optional(permName), description })

export const RoleView = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  permissions: v.array(v.string()),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export const PermissionView = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  builtIn: v.pipe(v.boolean(), v.description('One of the permissions the product ships with')),
  createdAt: DateTime,
})
