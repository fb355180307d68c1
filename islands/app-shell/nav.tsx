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
  ShieldIcon,
  UserIcon,
  UsersIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import type { SidebarItem } from '../../design-system/components/sidebar/sidebar'
import type { AppShellProps } from './props'

/** `gated`: shown only when the user's roles in the current team open it (the shell's `allowed`). */
type Link = { href: string; label: string; icon: ReactNode; exact?: boolean; keywords?: string; gated?: boolean; also?: string[] }

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
  // One entry for the team's two tabs (Members, Settings): the members when the role shows them, else the settings.
  { href: '/c/team', label: 'Team', icon: <UsersIcon />, keywords: 'members roles invite invitations people', gated: true, also: ['/c/settings'] },
  { href: '/c/settings', label: 'Team', icon: <UsersIcon />, keywords: 'settings plan limits name upgrade', gated: true },
  { href: '/c/invoices', label: 'Invoices', icon: <BanknoteIcon />, keywords: 'credit notes tax report vat csv documents', gated: true },
  { href: '/c/audit', label: 'Audit log', icon: <ShieldIcon />, keywords: 'history changes who changed security log', gated: true },
  { href: '/c/account/payouts', label: 'Payouts', icon: <BanknoteIcon />, keywords: 'money revenue invoices' },
  { href: '/c/account/profile', label: 'Profile', icon: <UserIcon />, keywords: 'account settings' },
  { href: '/c/apps', label: 'Apps', icon: <AppWindowIcon />, keywords: 'multiplai connected' },
]

/** The area's links the user's roles open; the team's settings link stands alone only when the members page is not open to them. */
const linksOf = (area: AppShellProps['area'], allowed: readonly string[] = []) =>
  (area === 'coach' ? COACH_LINKS : CLIENT_LINKS).filter(
    (l) => (!l.gated || allowed.includes(l.href)) && !(l.href === '/c/settings' && allowed.includes('/c/team')),
  )

/** The legal pages of the area: in the sidebar's footer, not among the places people work in. */
export const legalLinks = (area: AppShellProps['area']) => {
  const prefix = area === 'coach' ? '/c' : '/b'
  return [
    { href: `${prefix}/privacy-policy`, label: 'Privacy Policy' },
    { href: `${prefix}/terms-and-conditions`, label: 'Terms & Conditions' },
  ]
}

export function navigation({ area, canCoach, counts, allowed }: Pick<AppShellProps, 'area' | 'canCoach' | 'counts' | 'allowed'>): SidebarItem[] {
  const links = linksOf(area, allowed)
  const items: SidebarItem[] = links.map((l) => ({
    href: l.href,
    label: l.label,
    icon: l.icon,
    exact: l.exact,
    also: l.also,
    badge: counts?.[l.href] ? counts[l.href] : undefined,
  }))
  if (area === 'client' && canCoach) items.push({ href: '/c', label: 'Coach area', icon: <BriefcaseIcon />, exact: true })
  if (area === 'coach') items.push({ href: '/b', label: 'Client area', icon: <UserIcon />, exact: true })
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
    // The team's settings tab, found by its own name when the sidebar's Team entry leads to the members.
    ...(props.area === 'coach' && props.allowed?.includes('/c/team') && props.allowed.includes('/c/settings')
      ? [{ group: 'Pages' as const, label: 'Team settings', href: '/c/settings', keywords: 'plan limits name upgrade refund policy' }]
      : []),
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
