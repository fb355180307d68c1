/** The /v1 API modules, in the order they appear in the OpenAPI document. */
import { tenantRoutes } from './tenants/tenant.routes'
import { roleRoutes } from './roles/role.routes'
import { userRoutes } from './users/user.routes'
import { uploadRoutes } from './uploads/upload.routes'
import { catalogueRoutes } from './workshops/routes'

export const apiModules = [tenantRoutes, roleRoutes, userRoutes, uploadRoutes, catalogueRoutes]
