/** The area links of the sidebar (client and coach) and what the search looks through. */

import {
  AppWindowIcon,
  BanknoteIcon,
  BriefcaseIcon,
  CalendarCheckIcon,
  ClockIcon,
  CreditCardIcon,
  GraduationCapIcon,
  HomeIcon,
  MessageSquareIcon,
  ScaleIcon,
  ShieldIcon,
  SlidersHorizontalIcon,
  UserIcon,
  UsersIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import type { SidebarItem } from '../../design-system/components/sidebar/sidebar'
import type { AppShellProps } from './props'

/** `gated`: shown only when the user's roles in the current team open it (the shell's `allowed`). */
type Link = { href: string; label: string; icon: ReactNode; exact?: boolean; keywords?: string; gated?: boolean }

export const CLIENT_LINKS: Link[] = [
  { href: '/b', label: 'Dashboard', icon: <HomeIcon />, exact: true, keywords: 'home overview metrics' },
  { href: '/b/bookings', label: 'Bookings', icon: <CalendarCheckIcon />, keywords: 'seats invitations' },
  { href: '/b/workshops', label: 'Workshops', icon: <GraduationCapIcon />, keywords: 'calendar resources history' },
  { href: '/b/payments', label: 'Payments', icon: <CreditCardIcon />, keywords: 'invoices cards refunds' },
  { href: '/b/groups', label: 'Groups', icon: <UsersIcon />, keywords: 'people' },
  { href: '/b/apps', label: 'Apps', icon: <AppWindowIcon />, keywords: 'multiplai connected' },
  { href: '/b/account/profile', label: 'Profile', icon: <UserIcon />, keywords: 'account settings' },
]

export const COACH_LINKS: Link[] = [
  { href: '/c', label: 'Dashboard', icon: <HomeIcon />, exact: true, keywords: 'coach home overview metrics' },
  { href: '/c/workshops', label: 'Workshops', icon: <GraduationCapIcon />, keywords: 'schedules calendar resources' },
  { href: '/c/bookings', label: 'Bookings', icon: <CalendarCheckIcon />, keywords: 'attendees seats' },
  { href: '/c/sessions', label: 'Sessions', icon: <ClockIcon />, keywords: 'one-to-one intro call availability hours calendar' },
  { href: '/c/feedbacks', label: 'Feedbacks', icon: <MessageSquareIcon />, keywords: 'ratings reviews' },
  { href: '/c/job-postings', label: 'Job postings', icon: <BriefcaseIcon />, keywords: 'jobs applicants' },
  // Icons the shell ships already where one fits (every byte of the shell is on every page).
  { href: '/c/vouchers', label: 'Vouchers', icon: <CreditCardIcon />, keywords: 'discount codes coupons promotion', gated: true },
  { href: '/c/team', label: 'Team', icon: <UsersIcon />, keywords: 'members roles invite invitations people', gated: true },
  { href: '/c/settings', label: 'Team settings', icon: <SlidersHorizontalIcon />, keywords: 'plan limits name upgrade team', gated: true },
  { href: '/c/account/payouts', label: 'Payouts', icon: <BanknoteIcon />, keywords: 'money revenue invoices' },
  { href: '/c/account/profile', label: 'Profile', icon: <UserIcon />, keywords: 'account settings' },
  { href: '/c/apps', label: 'Apps', icon: <AppWindowIcon />, keywords: 'multiplai connected' },
]

const linksOf = (area: AppShellProps['area'], allowed: readonly string[] = []) =>
  (area === 'coach' ? COACH_LINKS : CLIENT_LINKS).filter((l) => !l.gated || allowed.includes(l.href))

export function navigation({ area, canCoach, counts, allowed }: Pick<AppShellProps, 'area' | 'canCoach' | 'counts' | 'allowed'>): SidebarItem[] {
  const prefix = area === 'coach' ? '/c' : '/b'
  const links = linksOf(area, allowed)
  const items: SidebarItem[] = links.map((l) => ({
    href: l.href,
    label: l.label,
    icon: l.icon,
    exact: l.exact,
    badge: counts?.[l.href] ? counts[l.href] : undefined,
  }))
  if (area === 'client' && canCoach) items.push({ href: '/c', label: 'Coach area', icon: <BriefcaseIcon />, exact: true })
  if (area === 'coach') items.push({ href: '/b', label: 'Client area', icon: <UserIcon />, exact: true })
  items.push(
    { href: `${prefix}/privacy-policy`, label: 'Privacy Policy', icon: <ShieldIcon /> },
    { href: `${prefix}/terms-and-conditions`, label: 'Terms & Conditions', icon: <ScaleIcon /> },
  )
  return items
}

export interface SearchResult {
  group: 'Pages' | 'Bookings' | 'Workshops'
  label: string
  href: string
  hint?: string
}

/** Pages (labels and keywords), then bookings and workshops, matching every word of the query. */
export function search(query: string, props: Pick<AppShellProps, 'area' | 'canCoach' | 'entries' | 'allowed'>): SearchResult[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return []
  const hit = (text: string) => words.every((w) => text.toLowerCase().includes(w))
  const links = linksOf(props.area, props.allowed)
  const all: (SearchResult & { keywords?: string })[] = [
    ...links.map((l) => ({ group: 'Pages' as const, label: l.label, href: l.href, keywords: l.keywords })),
    { group: 'Pages', label: 'Privacy Policy', href: `/${props.area === 'coach' ? 'c' : 'b'}/privacy-policy` },
    { group: 'Pages', label: 'Terms & Conditions', href: `/${props.area === 'coach' ? 'c' : 'b'}/terms-and-conditions` },
    ...(props.area === 'client' && props.canCoach ? [{ group: 'Pages' as const, label: 'Coach area', href: '/c' }] : []),
    ...(props.area === 'coach' ? [{ group: 'Pages' as const, label: 'Client area', href: '/b' }] : []),
  ]
  const pages: SearchResult[] = all.filter((p) => hit(`${p.label} ${p.keywords ?? ''}`)).map((p) => ({ group: p.group, label: p.label, href: p.href }))
  const rest = (props.entries ?? [])
    .filter((e) => hit(`${e.label} ${e.hint}`))
    .map((e) => ({ group: e.kind === 'booking' ? ('Bookings' as const) : ('Workshops' as const), label: e.label, href: e.href, hint: e.hint }))
  return [...pages, ...rest].slice(0, 12)
}
