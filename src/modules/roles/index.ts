/** Roles and permissions: the built-in roles, their permissions, the seed that writes them and the /v1/roles routes (the front door). */

export { ACCOUNT_ROLES, DEFAULT_ROLES, MANAGER_ROLE, PERMISSIONS, type PermissionName, SUPER_ADMIN, TEAM_PERMISSIONS } from './permissions'
export { Permission, Role } from './role.entity'
export { roleRoutes } from './role.routes'
export { seedRolesAndPermissions } from './seed'
