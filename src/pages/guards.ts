/**
 * Route behaviour of docs/product-rules.md section 2, decided on the server before any HTML:
 * sign-in redirect with `redirect=`, guest-only pages, pending users kept on onboarding,
 * non-pending users sent away from it, the coach-only middleware (403 page otherwise).
 */
import { landingFor } from '../modules/auth'
import type { User } from '../modules/users'
import type { RouteDef } from './routes'

export type GuardResult = { redirect: string } | { status: 403 } | null

export const isCoachArea = (u: User) => u.roles.includes('coach') || u.roles.includes('super-admin')

export function guard(route: RouteDef, path: string, search: string, user: User | null): GuardResult {
  const onboarding = path === '/onboarding' || path.startsWith('/onboarding/')
  if (user?.status === 'pending') {
    // Pending users see onboarding step 1 and nothing else (public pages included, as the spec says).
    if (path !== '/onboarding/1' && !(path === '/onboarding/2' && user.username)) return { redirect: '/onboarding/1' }
    return null
  }
  if (user && onboarding) return { redirect: '/' }
  if (route.access === 'public') return null
  if (route.access === 'guest') return user ? { redirect: landingFor(user) } : null
  if (!user) return { redirect: `/login?redirect=${encodeURIComponent(path + search)}` }
  if (route.access === 'coach' && !isCoachArea(user)) return { status: 403 }
  return null
}
