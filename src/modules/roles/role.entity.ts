import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageGenerationTrigger } from '../../platform/db/schemas'

export const RoleSchema = defineEntity({
  name: 'Role',
  tableName: 'roles',
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: [pageGenerationTrigger('roles')],
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
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: [pageGenerationTrigger('permissions')],
  properties: {
    ...baseProperties,
    name: p.string().length(255).unique(),
    description: p.text().nullable(),
  },
})
export class Permission extends PermissionSchema.class {}
PermissionSchema.setClass(Permission)
