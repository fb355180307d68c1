/**
 * The one route table of docs/product-rules.md section 2, paths as spelt. A route without a
 * `page` (its content comes in a later change) is not served: it answers the 404 page.
 * Guards (`access`) run on the server before any HTML is sent (see guards.ts).
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import type { ComponentType } from 'react'
import type { User } from '../modules/users'

export type LayoutName = 'onboarding' | 'marketing' | 'coach' | 'client' | 'auth' | 'default' | 'none'
/** public: excluded from authentication; guest: signed-out only; auth: signed in; coach: coach-only middleware. */
export type Access = 'public' | 'guest' | 'auth' | 'coach'

export interface PageContext {
  path: string
  url: URL
  params: Record<string, string>
  user: User | null
  em: EntityManager
}

/** How search engines and social networks see a page (Document writes the tags). */
export interface PageMeta {
  /** Overrides the module's `description`. */
  description?: string
  /** Absolute address; public pages default to the path (plus `canonicalParams`). */
  canonical?: string
  /** The social preview (default: the site's, public/og-image.png). */
  image?: { url: string; width: number; height: number; alt: string; type?: string }
  /** og:type (default website). */
  type?: 'website' | 'profile' | 'article'
  /** Keep the page out of search results (and give it no canonical address). */
  noindex?: boolean
}

export interface PageModule<D = any, H = D> {
  /** '{title} | Summit' (a function of `head`'s answer when the page defers its data) */
  title: string | ((data: H, ctx: PageContext) => string)
  description?: string
  /** Search and sharing tags that depend on the data (canonical address, preview image, noindex). */
  meta?: (data: D, ctx: PageContext) => PageMeta
  /** Query parameters a public page's canonical address keeps (default: none, the path alone). */
  canonicalParams?: string[]
  /** Loads what the page needs before streaming starts (404 by returning null). Slow parts belong in Suspense instead. */
  load?: (ctx: PageContext) => Promise<D | null>
  /**
   * Stream Suspense parts as they resolve. React reveals them with inline scripts, so only
   * pages that ship islands anyway set this; the others are sent once their data is ready and
   * carry no script at all.
   */
  stream?: boolean
  /**
   * Defer `load`: the document head and the area layout are sent at once, `load` runs while
   * they stream, and the page arrives through a Suspense boundary (skeleton meanwhile).
   * Implies `stream`. A 404 must then be decided by `head`.
   */
  defer?: boolean
  /**
   * Keep the whole page per visitor while nothing it shows changes (page-memo.ts): only for a
   * signed-in page of the client or coach area whose HTML is a function of database rows (of the
   * tables that note page changes: platform/db/schemas.ts pageChangeTriggers), the clock, the
   * address and the cookies.
   */
  keep?: boolean
  /** With `defer`: the cheap part that must come before the first byte (existence, title); null answers the 404 page. */
  head?: (ctx: PageContext) => Promise<H | null>
  /** With `defer`: what shows until the page's data is there (default: a skeleton of a header and cards). */
  Fallback?: ComponentType<{ ctx: PageContext; head: H }>
  Page: ComponentType<{ data: D; ctx: PageContext }>
}

export interface RouteDef {
  path: string
  layout: LayoutName
  access: Access
  /** Permanent server-side redirect target. */
  redirect?: string
  /** Forces a colour mode for this route (the spec's light-only workshops list). */
  colorMode?: 'light'
  page?: () => Promise<{ default: PageModule }>
}

const b = (path: string, page?: RouteDef['page']): RouteDef => ({ path: `/b${path}`, layout: 'client', access: 'auth', page })
const c = (path: string, page?: RouteDef['page']): RouteDef => ({ path: `/c${path}`, layout: 'coach', access: 'coach', page })

export const routes: RouteDef[] = [
  { path: '/', layout: 'marketing', access: 'public', page: () => import('./screens/home') },
  { path: '/announcement', layout: 'marketing', access: 'public', page: () => import('./screens/announcement') },
  { path: '/consultants', layout: 'marketing', access: 'public', page: () => import('./screens/marketplace/consultants') },
  { path: '/workshops', layout: 'marketing', access: 'public', colorMode: 'light', page: () => import('./screens/marketplace/workshops') },
  { path: '/workshops/{id}/book', layout: 'none', access: 'auth', page: () => import('./screens/marketplace/book') },
  // The public page of one schedule (the checkout above is its "Book" action; paths never shadow each other: both are anchored).
  { path: '/workshops/{id}', layout: 'marketing', access: 'public', page: () => import('./screens/marketplace/workshop') },
  { path: '/login', layout: 'auth', access: 'guest', page: () => import('./screens/login') },
  { path: '/register', layout: 'auth', access: 'guest', page: () => import('./screens/register') },
  { path: '/onboarding', layout: 'onboarding', access: 'auth', redirect: '/onboarding/1' },
  { path: '/onboarding/1', layout: 'onboarding', access: 'auth', page: () => import('./screens/onboarding-1') },
  { path: '/onboarding/2', layout: 'onboarding', access: 'auth', page: () => import('./screens/onboarding-2') },

  // Legal pages are readable before signing up: excluded from authentication.
  { path: '/b/privacy-policy', layout: 'marketing', access: 'public', page: () => import('./screens/legal/privacy-client') },
  { path: '/b/terms-and-conditions', layout: 'marketing', access: 'public', page: () => import('./screens/legal/terms-client') },
  { path: '/c/privacy-policy', layout: 'marketing', access: 'public', page: () => import('./screens/legal/privacy-coach') },
  { path: '/c/terms-and-conditions', layout: 'marketing', access: 'public', page: () => import('./screens/legal/terms-coach') },

  // Client area (no role guard).
  b('', () => import('./screens/client/dashboard')),
  b('/apps', () => import('./screens/client/apps')),
  b('/apps/multiplai', () => import('./screens/client/app-multiplai')),
  b('/groups', () => import('./screens/client/groups')),
  b('/bookings', () => import('./screens/client/bookings')),
  b('/payments', () => import('./screens/client/payments')),
  b('/account/profile', () => import('./screens/client/profile')),
  b('/bookings/{id}', () => import('./screens/client/booking-detail')),
  b('/bookings/{id}/seats', () => import('./screens/client/booking-seats')),
  b('/bookings/{id}/payments', () => import('./screens/client/booking-payments')),
  b('/bookings/{id}/resources', () => import('./screens/client/booking-resources')),
  b('/workshops', () => import('./screens/client/workshops')),
  b('/workshops/{id}', () => import('./screens/client/workshop-detail')),
  b('/workshops/{id}/history', () => import('./screens/client/workshop-history')),
  b('/workshops/{id}/bookings', () => import('./screens/client/workshop-bookings')),
  b('/workshops/{id}/bookings/{bookingId}', () => import('./screens/client/booking-detail')),
  b('/workshops/{id}/calendar', () => import('./screens/client/workshop-calendar')),
  b('/workshops/{id}/resources', () => import('./screens/client/workshop-resources')),

  // Coach area (coach-only middleware: coach or super-admin).
  c('', () => import('./screens/coach/dashboard')),
  c('/apps', () => import('./screens/coach/apps')),
  c('/apps/multiplai', () => import('./screens/coach/apps-multiplai')),
  // docs/product-rules.md (Coach account): /c/account goes to the coach's own profile page.
  { ...c('/account'), redirect: '/c/account/profile' },
  c('/account/profile', () => import('./screens/coach/profile')),
  c('/account/payouts', () => import('./screens/coach/payouts')),
  c('/bookings', () => import('./screens/coach/bookings')),
  c('/feedbacks', () => import('./screens/coach/feedbacks')),
  c('/bookings/{id}', () => import('./screens/coach/booking')),
  c('/bookings/{id}/seats', () => import('./screens/coach/booking-tabs/seats')),
  c('/bookings/{id}/payments', () => import('./screens/coach/booking-tabs/payments')),
  c('/bookings/{id}/resources', () => import('./screens/coach/booking-tabs/resources')),
  c('/workshops', () => import('./screens/coach/workshops')),
  c('/workshops/{id}', () => import('./screens/coach/workshop')),
  c('/workshops/{id}/history', () => import('./screens/coach/workshop-tabs/history')),
  c('/workshops/{id}/payouts', () => import('./screens/coach/workshop-tabs/payouts')),
  c('/workshops/{id}/calendar', () => import('./screens/coach/workshop-tabs/calendar')),
  c('/workshops/{id}/invoices', () => import('./screens/coach/workshop-tabs/invoices')),
  c('/workshops/{id}/resources', () => import('./screens/coach/workshop-tabs/resources')),
  c('/job-postings', () => import('./screens/job-postings/list')),
  c('/job-postings/new', () => import('./screens/job-postings/editor')),
  c('/job-postings/{id}', () => import('./screens/job-postings/editor')),
  c('/job-postings/{id}/applicants', () => import('./screens/job-postings/applicants')),
  // The current team: its members and invitations, its vouchers, its plan and settings.
  c('/team', () => import('./screens/coach/team')),
  c('/vouchers', () => import('./screens/coach/vouchers')),
  // One-to-one sessions: the coach's session types, hours, busy calendars and booked sessions.
  c('/sessions', () => import('./screens/coach/sessions')),
  c('/vouchers/{id}', () => import('./screens/coach/voucher')),
  c('/settings', () => import('./screens/coach/team-settings')),
  // The team's invoices, credit notes and tax report (managers: invoices.view).
  c('/invoices', () => import('./screens/coach/invoices')),
  // The team's audit log (managers: audit.view).
  c('/audit', () => import('./screens/coach/audit')),

  // Public job pages (no JavaScript, JSON-LD JobPosting).
  { path: '/jobs', layout: 'marketing', access: 'public', page: () => import('./screens/jobs/jobs') },
  { path: '/jobs/{id}', layout: 'marketing', access: 'public', page: () => import('./screens/jobs/job') },

  // The page the seat invitation email links to (public: the token is the credential).
  { path: '/invitations/{token}', layout: 'marketing', access: 'public', page: () => import('./screens/invitation') },
  // The page a team invitation email links to (public likewise).
  { path: '/invitations/team/{token}', layout: 'marketing', access: 'public', page: () => import('./screens/team-invitation') },
  // The unsubscribe link of reminder and feedback-request mails (a product page beyond the spec's list).
  { path: '/unsubscribe/{token}', layout: 'marketing', access: 'public', page: () => import('./screens/unsubscribe') },

  // The booking page of a coach's one-to-one session (public: signing in comes on the way).
  { path: '/{username}/sessions/{sessionTypeId}', layout: 'marketing', access: 'public', page: () => import('./screens/marketplace/session') },
  // Public coach profile: last, so every fixed path above wins.
  { path: '/{username}', layout: 'marketing', access: 'public', page: () => import('./screens/marketplace/coach-profile') },
]

interface Compiled {
  route: RouteDef
  re: RegExp
  keys: string[]
}
const compiled: Compiled[] = routes.map((route) => {
  const keys: string[] = []
  const src = route.path === '/' ? '/' : route.path.replace(/\{(\w+)\}/g, (_, k) => (keys.push(k), '([^/]+)'))
  return { route, keys, re: new RegExp(`^${src}/?$`) }
})

/** A path segment decoded, or null when it is malformed or holds a control character or an unpaired surrogate. */
function segment(raw: string): string | null {
  try {
    const s = decodeURIComponent(raw)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    return /[\u0000-\u001f\u007f]/.test(s) || !s.isWellFormed() ? null : s
  } catch {
    return null
  }
}

/** The route of a path (trailing slash tolerated) and its parameters, or null (also for a parameter no row can have). */
export function matchRoute(path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const { route, re, keys } of compiled) {
    const m = re.exec(path)
    if (!m) continue
    const params: Record<string, string> = {}
    for (const [i, k] of keys.entries()) {
      const value = segment(m[i + 1])
      if (value === null) return null
      params[k] = value
    }
    return { route, params }
  }
  return null
}
