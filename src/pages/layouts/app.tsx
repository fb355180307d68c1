/**
 * Client (/b) and coach (/c) areas: the app shell island (sidebar with counts, search over pages,
 * bookings and workshops, shortcuts, user menu, phone drawer; in the coach area the team
 * switcher and the team's pages the user's roles open), the Settings dialog island (its code
 * loads when first opened), and the page. The shell's counts and search entries come from one
 * SQL statement per request, streamed after the first bytes (the shell is sent at once without
 * them and picks them up when they arrive); the current team comes before (src/pages/team.ts).
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import { type ReactNode, Suspense, use } from 'react'
import { css } from 'styled-system/css'
import { SHELL_SUMMARY_EVENT } from '../../../islands/app-shell/summary'
import { clientShellSummary, coachShellSummary, type ShellSummary } from '../../modules/bookings'
import type { User } from '../../modules/users'
import { serializeUser } from '../../modules/users'
import { isCoachArea } from '../guards'
import { escapeJson, Island } from '../island'
import { useRequest } from '../request'
import { type PageTeam, pageTeam } from '../team'

const summaries = new WeakMap<object, Promise<ShellSummary>>()
/** Stable per request (React retries a suspended component with the same promise). */
function summaryOf(em: EntityManager | undefined, area: 'client' | 'coach', user: User): Promise<ShellSummary> {
  const key = (em ?? user) as object
  let p = summaries.get(key)
  if (!p) {
    p = !em
      ? Promise.resolve({ counts: {}, entries: [] })
      : (area === 'coach' ? pageTeam({ em, user }).then((t) => coachShellSummary(em, user, t.tenant?.id ?? null)) : clientShellSummary(em, user)).catch(() => ({
          counts: {},
          entries: [],
        }))
    summaries.set(key, p)
  }
  return p
}

/** Starts the shell's summary query before rendering (renderPage runs it beside the page's data). */
export function prefetchShell(em: EntityManager, area: 'client' | 'coach', user: User) {
  void summaryOf(em, area, user)
}

/** The sidebar counts and search entries, after the first bytes: handed to the shell island (islands/app-shell/summary.ts). */
function SummaryScript({ summary, nonce }: { summary: Promise<ShellSummary>; nonce?: string }) {
  const data = escapeJson(use(summary))
  const js = `window.__SS=${data};dispatchEvent(new CustomEvent(${JSON.stringify(SHELL_SUMMARY_EVENT)},{detail:window.__SS}))`
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: js }} />
}

/** The team-gated links of the coach sidebar the user's roles open in the current team. */
function allowedLinks(t: PageTeam) {
  if (!t.tenant) return []
  return [
    ...(t.may['members.view'] ? ['/c/team'] : []),
    ...(t.may['vouchers.manage'] ? ['/c/vouchers'] : []),
    '/c/settings',
    ...(t.may['invoices.view'] ? ['/c/invoices'] : []),
    ...(t.may['audit.view'] ? ['/c/audit'] : []),
  ]
}

export function AppLayout({ area, user, path, em, children }: { area: 'client' | 'coach'; user: User; path: string; em?: EntityManager; children: ReactNode }) {
  const req = useRequest()
  const me = serializeUser(user)
  // The coach area's current team (resolved beside the page's data, before the first byte).
  const team = area === 'coach' ? use(pageTeam({ em, user })) : null
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDir: { base: 'column', md: 'row' }, bg: 'bg.canvas', color: 'fg.default' })}>
      <Island
        name="app-shell"
        props={{
          area,
          path,
          canCoach: isCoachArea(user),
          user: {
            id: me.id,
            email: me.email,
            username: me.username,
            avatarUrl: me.avatarUrl,
            name: [me.profile.firstName, me.profile.lastName].filter(Boolean).join(' ') || me.email,
          },
          counts: {},
          entries: [],
          ...(team
            ? {
                team: {
                  current: team.tenant && { slug: team.tenant.slug, name: team.tenant.name },
                  teams: team.teams.map(({ slug, name }) => ({ slug, name })),
                },
                allowed: allowedLinks(team),
              }
            : {}),
        }}
      />
      {/* The notification bell: its count is fetched by the island, never kept in the page's HTML. */}
      <div className={css({ position: 'fixed', top: { base: '2.5', md: '2' }, right: { base: '3', md: '4' }, zIndex: 'sticky' })}>
        <Island name="inbox-bell" props={{ area }} />
      </div>
      <main id="main" className={css({ flex: '1', minW: '0', px: { base: '4', md: '8' }, py: { base: '5', md: '8' } })}>
        <div className={css({ maxW: '6xl', mx: 'auto' })}>{children}</div>
      </main>
      <Island name="settings-dialog" props={{ user: JSON.parse(JSON.stringify(me)), colorMode: req.colorMode as 'auto' | 'light' | 'dark' }} />
      <Suspense fallback={null}>
        <SummaryScript summary={summaryOf(em, area, user)} nonce={req.nonce} />
      </Suspense>
    </div>
  )
}
