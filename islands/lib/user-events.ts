/**
 * The signed-in user changed (a settings save): islands are separate React roots with their
 * own query caches, so the shell (sidebar name and avatar) hears about it through this event.
 */
export interface UserSummary {
  email: string
  avatarUrl: string | null
  profile?: { firstName?: string | null; lastName?: string | null } | null
}
const EVENT = 'summit:user-updated'

export function publishUser(user: UserSummary) {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(EVENT, { detail: user }))
}

export function onUserUpdated(fn: (user: UserSummary) => void) {
  const listener = (e: Event) => fn((e as CustomEvent<UserSummary>).detail)
  window.addEventListener(EVENT, listener)
  return () => window.removeEventListener(EVENT, listener)
}
