/** Roles and permissions: the built-in roles, their permissions, the seed that writes them and the /v1/roles routes (the front door). */

export { DEFAULT_ROLES, PERMISSIONS, type PermissionName, SUPER_ADMIN } from './permissions'
export { Permission, Role } from './role.entity'
export { roleRoutes } from './role.routes'
export { seedRolesAndPermissions } from './seed'
