/** Every entity the ORM knows; a module adds its own here. */
import { User } from './modules/users/user.entity'
import { Tenant, Membership } from './modules/tenants/tenant.entity'
import { Role, Permission } from './modules/roles/role.entity'
import { Session, AccessToken, OneTimeCode, RateLimitSchema } from './modules/auth/auth.entity'
import { StoredFile } from './modules/uploads/file.entity'

export const entities = [
  User, Tenant, Membership, Role, Permission,
  Session, AccessToken, OneTimeCode, RateLimitSchema,
  StoredFile,
]
