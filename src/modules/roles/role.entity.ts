import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from '../../platform/db/schemas'

export const RoleSchema = defineEntity({
  name: 'Role',
  tableName: 'roles',
  properties: {
    ...baseProperties,
    name: p.string().length(255).unique(),
    description: p.text().nullable(),
    permissions: p
      .array()
      .$type<string[]>()
      .onCreate(() => []),
  },
})
export class Role extends RoleSchema.class {}
RoleSchema.setClass(Role)

export const PermissionSchema = defineEntity({
  name: 'Permission',
  tableName: 'permissions',
  properties: {
    ...baseProperties,
    name: p.string().length(255).unique(),
    description: p.text().nullable(),
  },
})
export class Permission extends PermissionSchema.class {}
PermissionSchema.setClass(Permission)
