/** Client (/b) and coach (/c) areas: the app shell island (sidebar, search, shortcuts, menu), the Settings dialog island, and the page. */
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { serializeUser } from '../../modules/users/user.serialize'
import type { User } from '../../modules/users/user.entity'
import { Island } from '../island'
import { isCoachArea } from '../guards'
import { useRequest } from '../request'

export function AppLayout({ area, user, path, children }: { area: 'client' | 'coach'; user: User; path: string; children: ReactNode }) {
  const req = useRequest()
  const me = serializeUser(user)
  return (
    <div className={css({ minH: '100dvh', display: 'flex', bg: 'bg.canvas', color: 'fg.default' })}>
      <Island
        name="app-shell"
        props={{
          area,
          path,
          canCoach: isCoachArea(user),
          user: { id: me.id, email: me.email, username: me.username, avatarUrl: me.avatarUrl, name: [me.profile.firstName, me.profile.lastName].filter(Boolean).join(' ') || me.email },
        }}
      />
      <main id="main" className={css({ flex: '1', minW: '0', px: { base: '4', md: '8' }, py: '8' })}>
        <div className={css({ maxW: '5xl', mx: 'auto' })}>{children}</div>
      </main>
      <Island name="settings-dialog" props={{ user: JSON.parse(JSON.stringify(me)), colorMode: req.colorMode as 'auto' | 'light' | 'dark' }} />
    </div>
  )
}
