/** Roles: the front door for the rest of the app (more exports join as code moves behind it). */
export { DEFAULT_ROLES, PERMISSIONS, type PermissionName, SUPER_ADMIN } from './permissions'
export { Permission, Role } from './role.entity'
