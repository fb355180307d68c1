/** The six layouts of section 2: onboarding, marketing, coach, client, auth, default (+ none). */

import type { EntityManager } from '@mikro-orm/postgresql'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { User } from '../../modules/users'
import type { LayoutName } from '../routes'
import { AppLayout, prefetchShell } from './app'
import { Footer, Logo, MarketingHeader } from './parts'

const page = css({ minH: '100dvh', display: 'flex', flexDir: 'column', bg: 'bg.canvas', color: 'fg.default' })

export function Layout({ name, user, path, em, children }: { name: LayoutName; user: User | null; path: string; em?: EntityManager; children: ReactNode }) {
  switch (name) {
    case 'none':
      return <main className={page}>{children}</main>
    case 'marketing':
    case 'default':
      return (
        <div className={page}>
          <MarketingHeader user={user} />
          <main id="main" className={css({ flex: '1' })}>
            {children}
          </main>
          <Footer />
        </div>
      )
    case 'auth':
      return (
        <div className={page}>
          <main id="main" className={css({ flex: '1', display: 'flex', alignItems: 'center', justifyContent: 'center', px: '4', py: '12' })}>
            <div className={css({ w: 'full', maxW: 'md', display: 'flex', flexDir: 'column', gap: '6', alignItems: 'center' })}>
              <Logo />
              <div
                className={css({
                  w: 'full',
                  bg: 'bg.default',
                  borderWidth: '1px',
                  borderColor: 'border.subtle',
                  borderRadius: 'l3',
                  boxShadow: 'sm',
                  p: { base: '6', md: '8' },
                })}
              >
                {children}
              </div>
            </div>
          </main>
          <Footer />
        </div>
      )
    case 'onboarding':
      return (
        <div className={page}>
          <header
            className={css({
              px: '6',
              h: '16',
              display: 'flex',
              alignItems: 'center',
              borderBottomWidth: '1px',
              borderColor: 'border.subtle',
              bg: 'bg.default',
            })}
          >
            <Logo href="/onboarding/1" />
          </header>
          <main id="main" className={css({ flex: '1', display: 'flex', justifyContent: 'center', px: '4', py: '12' })}>
            <div className={css({ w: 'full', maxW: 'xl' })}>{children}</div>
          </main>
        </div>
      )
    case 'client':
    case 'coach':
      return (
        <AppLayout area={name} user={user!} path={path} em={em}>
          {children}
        </AppLayout>
      )
  }
}

/** Starts the area layout's own query early (side by side with the page's), where it has one. */
export function prefetchLayout(name: LayoutName, user: User | null, em: EntityManager) {
  if (user && (name === 'client' || name === 'coach')) prefetchShell(em, name, user)
}

/** A 404 or error under /b or /c keeps the area's layout for a signed-in user who may be there. */
export function areaLayoutFor(path: string, user: User | null, coachAllowed: boolean): LayoutName | null {
  if (!user || user.status === 'pending') return null
  if (/^\/b(\/|$)/.test(path)) return 'client'
  if (/^\/c(\/|$)/.test(path) && coachAllowed) return 'coach'
  return null
}
