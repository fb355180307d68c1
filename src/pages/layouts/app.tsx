/**
 * Client (/b) and coach (/c) areas: the app shell island (sidebar with counts, search over pages,
 * bookings and workshops, shortcuts, user menu, phone drawer), the Settings dialog island
 * (its code loads when first opened), and the page. The shell's counts and search entries
 * come from one SQL statement per request.
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import { type ReactNode, use } from 'react'
import { css } from 'styled-system/css'
import { clientShellSummary, coachShellSummary, type ShellSummary } from '../../modules/bookings'
import type { User } from '../../modules/users'
import { serializeUser } from '../../modules/users'
import { isCoachArea } from '../guards'
import { Island } from '../island'
import { useRequest } from '../request'

const summaries = new WeakMap<object, Promise<ShellSummary>>()
/** Stable per request (React retries a suspended component with the same promise). */
function summaryOf(em: EntityManager | undefined, area: 'client' | 'coach', user: User): Promise<ShellSummary> {
  const key = (em ?? user) as object
  let p = summaries.get(key)
  if (!p) {
    p = !em
      ? Promise.resolve({ counts: {}, entries: [] })
      : (area === 'coach' ? coachShellSummary(em, user) : clientShellSummary(em, user)).catch(() => ({ counts: {}, entries: [] }))
    summaries.set(key, p)
  }
  return p
}

export function AppLayout({ area, user, path, em, children }: { area: 'client' | 'coach'; user: User; path: string; em?: EntityManager; children: ReactNode }) {
  const req = useRequest()
  const me = serializeUser(user)
  const summary = use(summaryOf(em, area, user))
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
          counts: summary.counts,
          entries: summary.entries,
        }}
      />
      <main id="main" className={css({ flex: '1', minW: '0', px: { base: '4', md: '8' }, py: { base: '5', md: '8' } })}>
        <div className={css({ maxW: '6xl', mx: 'auto' })}>{children}</div>
      </main>
      <Island name="settings-dialog" props={{ user: JSON.parse(JSON.stringify(me)), colorMode: req.colorMode as 'auto' | 'light' | 'dark' }} />
    </div>
  )
}
