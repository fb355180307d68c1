import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'

export const RoleSchema = defineEntity({
  name: 'Role',
  tableName: 'roles',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('roles', [scope.global])],
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
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('permissions', [scope.global])],
  properties: {
    ...baseProperties,
    name: p.string().length(255).unique(),
    description: p.text().nullable(),
  },
})
export class Permission extends PermissionSchema.class {}
PermissionSchema.setClass(Permission)
