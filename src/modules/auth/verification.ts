/**
 * The second check before sensitive actions (README "A second check before sensitive actions"):
 * a verification made for this purpose (a passkey, or a freshly mailed code) marks the session
 * or token it was made with; for REAUTH_WINDOW_MINUTES that credential may do sensitive things.
 * Signing in does not count: a fresh session starts unverified.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { HttpError } from '../../platform/http/errors'
import { AccessToken, Session } from './auth.entity'
import { REAUTH_CODE, REAUTH_MESSAGE, REAUTH_WINDOW_MINUTES } from './reauth.schema'

export { REAUTH_CODE, REAUTH_MESSAGE, REAUTH_WINDOW_MINUTES }

export const reauthenticationRequired = () => new HttpError(403, REAUTH_MESSAGE, undefined, undefined, REAUTH_CODE)

/** The credential's last second check is less than REAUTH_WINDOW_MINUTES old. */
export function isRecentlyVerified(credential: { verifiedAt?: Date | null } | null | undefined): boolean {
  const at = credential?.verifiedAt
  if (!at) return false
  const age = clock.now().getTime() - at.getTime()
  return age >= -60_000 && age < REAUTH_WINDOW_MINUTES * 60_000
}

/** Marks the session or token of the request as verified now (in one statement: no other field is touched). */
export async function markVerified(em: EntityManager, credential: { session: Session | null; token: AccessToken | null }) {
  const at = clock.now()
  if (credential.token) {
    await em.nativeUpdate(AccessToken, { id: credential.token.id }, { verifiedAt: at })
    credential.token.verifiedAt = at
  } else if (credential.session) {
    await em.nativeUpdate(Session, { id: credential.session.id }, { verifiedAt: at })
    credential.session.verifiedAt = at
  }
  return at
}
