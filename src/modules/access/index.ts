/**
 * Access: the request identity the platform asks for (who asks, which team, what they may do),
 * built from the auth, users, tenants and roles modules. The composition root plugs
 * `identify` into the platform (`provideIdentity` in src/app.ts).
 */
import type { PermissionName } from '../roles'
import type { AccessContext } from './context'

export { AccessContext, type TeamOfUser } from './context'
export { identify } from './identify'

declare module '../../platform/http/context' {
  interface Register {
    context: AccessContext
    permission: PermissionName
  }
}
