/**
 * The signed-in shell: sidebar navigation with every area link (active state, counts), the
 * search (meta+/), the user menu with Settings and Log out, keyboard shortcuts, the page's
 * toaster, and below 768 px a top bar whose menu button opens the sidebar as a drawer.
 */

import { LogOutIcon, MenuIcon, SettingsIcon, UserIcon, XIcon } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { toggleColorMode } from '../../design-system/color-mode'
import { Button } from '../../design-system/components/button/button'
import { IconButton } from '../../design-system/components/icon-button/icon-button'
import { PageLoadingBar } from '../../design-system/components/page-loading-bar/page-loading-bar'
import { Sidebar } from '../../design-system/components/sidebar/sidebar'
import { post } from '../lib/api'
import { openSettings } from '../lib/settings-store'
import { split } from '../lib/split'
import { mountToaster } from '../lib/toast'
import { onUserUpdated } from '../lib/user-events'
import { AvatarLite } from './avatar-lite'
import { legalLinks, navigation } from './nav'
import type { AppShellProps } from './props'
import { NavSearch } from './search'
import { shortcutOf } from './shortcuts'
import { onShellSummary, type ShellSummary } from './summary'
import { UserMenu } from './user-menu'

// The team switcher's code comes after first paint (the server's HTML shows it meanwhile): most users have one team.
const TeamSwitcher = split(() => import('./team-switcher'))

export async function logout() {
  try {
    await post('/v1/auth/logout', undefined, { silent: true })
  } finally {
    location.assign('/login')
  }
}

/** The viewer's time zone, so server-rendered dates follow it from the next page on. */
function rememberTimeZone() {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (tz && !document.cookie.includes(`tz=${encodeURIComponent(tz)}`))
      document.cookie = `tz=${encodeURIComponent(tz)}; path=/; max-age=31536000; samesite=lax`
  } catch {}
}

const iconSize = css({ color: 'fg.default', '& svg': { w: '5', h: '5' } })
// The legal pages: small links under the account menu (hidden when the sidebar is collapsed).
const legalNav = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '3',
  rowGap: '1',
  px: '2',
  pt: '1',
  fontSize: 'xs',
  '& a': { color: 'fg.muted', textDecoration: 'none', _hover: { color: 'fg.default', textDecoration: 'underline' } },
  '& a[aria-current=page]': { color: 'fg.default' },
  'aside[data-state=closed] &': { display: 'none' },
})

export default function AppShell(props: AppShellProps) {
  const { area, path, canCoach, allowed } = props
  // Counts and search entries stream in after the first bytes (summary.ts).
  const [{ counts, entries }, setSummary] = useState<ShellSummary>({ counts: props.counts, entries: props.entries })
  useEffect(() => onShellSummary(setSummary), [])
  const searchRef = useRef<HTMLInputElement>(null)
  const [user, setUser] = useState(props.user)
  const [drawer, setDrawer] = useState(false)
  // The page loading bar (section 9: throttle 200 ms, duration 2000 ms) while the next page loads.
  const [leaving, setLeaving] = useState(false)
  const items = useMemo(() => navigation({ area, canCoach, counts, allowed }), [area, canCoach, counts, allowed])

  useEffect(() => {
    mountToaster()
    rememberTimeZone()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawer(false)
      const s = shortcutOf(e)
      if (!s) return
      e.preventDefault()
      if (s === 'logout') void logout()
      else if (s === 'search') {
        // The field is in the drawer on a phone (focused once it has rendered), in the sidebar otherwise
        // (focused at once, so no key typed right after the shortcut is lost).
        if (window.matchMedia('(max-width: 767px)').matches) {
          setDrawer(true)
          setTimeout(() => searchRef.current?.focus(), 0)
        } else searchRef.current?.focus()
      } else toggleColorMode()
    }
    window.addEventListener('keydown', onKey)
    const onLeave = () => setLeaving(true)
    const onShow = () => setLeaving(false)
    window.addEventListener('beforeunload', onLeave)
    window.addEventListener('pageshow', onShow)
    const off = onUserUpdated((u) =>
      setUser((old) => ({
        ...old,
        email: u.email,
        avatarUrl: u.avatarUrl,
        name: [u.profile?.firstName, u.profile?.lastName].filter(Boolean).join(' ') || u.email,
      })),
    )
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('beforeunload', onLeave)
      window.removeEventListener('pageshow', onShow)
      off()
    }
  }, [])

  const current = items.find((i) => i.href === path) ?? items.find((i) => !i.exact && path.startsWith(`${i.href}/`))

  return (
    <>
      <PageLoadingBar loading={leaving} />
      <header
        className={css({
          display: { base: 'flex', md: 'none' },
          alignItems: 'center',
          gap: '2',
          h: '14',
          px: '2',
          borderBottomWidth: '1px',
          borderColor: 'border.subtle',
          bg: 'bg.default',
          position: 'sticky',
          top: '0',
          zIndex: 'sticky',
        })}
      >
        <IconButton
          variant="ghost"
          size="md"
          className={iconSize}
          aria-label="Open menu"
          aria-expanded={drawer}
          aria-controls="area-drawer"
          onClick={() => setDrawer(true)}
        >
          <MenuIcon aria-hidden />
        </IconButton>
        <a href={area === 'coach' ? '/c' : '/b'} className={css({ fontWeight: 'bold', color: 'fg.default', textDecoration: 'none' })}>
          Summit
        </a>
        <span className={css({ color: 'fg.muted', fontSize: 'sm', truncate: true })}>{current ? `· ${current.label}` : ''}</span>
      </header>
      {drawer ? (
        <div
          aria-hidden
          className={css({ display: { base: 'block', md: 'none' }, position: 'fixed', inset: '0', bg: 'black/40', zIndex: 'overlay' })}
          onClick={() => setDrawer(false)}
        />
      ) : null}
      <div
        id="area-drawer"
        data-drawer={drawer ? 'open' : 'closed'}
        className={css({
          position: { base: 'fixed', md: 'sticky' },
          top: '0',
          left: '0',
          bottom: { base: '0', md: 'auto' },
          zIndex: { base: 'modal', md: 'auto' },
          alignSelf: 'flex-start',
          transition: 'transform 200ms ease',
          transform: { base: 'translateX(-100%)', md: 'none' },
          visibility: { base: 'hidden', md: 'visible' },
          '&[data-drawer=open]': { transform: 'none', visibility: 'visible', boxShadow: { base: 'xl', md: 'none' } },
        })}
      >
        <IconButton
          variant="ghost"
          size="md"
          className={`${iconSize} ${css({ display: { base: 'inline-flex', md: 'none' }, position: 'absolute', top: '2', right: '2', zIndex: '1' })}`}
          aria-label="Close menu"
          onClick={() => setDrawer(false)}
        >
          <XIcon aria-hidden />
        </IconButton>
        <Sidebar
          items={items}
          currentPath={path}
          label={area === 'coach' ? 'Coach navigation' : 'Client navigation'}
          header={
            <div className={css({ display: 'flex', flexDir: 'column', gap: '3', w: 'full', pt: '3' })}>
              <a
                href={area === 'coach' ? '/c' : '/b'}
                className={css({
                  fontWeight: 'bold',
                  fontSize: 'lg',
                  color: 'fg.default',
                  textDecoration: 'none',
                  'aside[data-state=closed] &': { srOnly: true },
                })}
              >
                Summit
              </a>
              {area === 'coach' ? <TeamSwitcher team={props.team} path={path} /> : null}
              <NavSearch ref={searchRef} area={area} canCoach={canCoach} entries={entries} allowed={allowed} />
            </div>
          }
          footer={
            <div className={css({ display: 'flex', flexDir: 'column', gap: '1', flex: '1', minW: '0' })}>
              <Button
                variant="ghost"
                onClick={() => (setDrawer(false), openSettings())}
                aria-label="Settings"
                className={css({ justifyContent: 'flex-start', px: '2', fontWeight: 'medium', color: 'fg.default', '& svg': { w: '4', h: '4' } })}
              >
                <SettingsIcon aria-hidden />
                <span className={css({ 'aside[data-state=closed] &': { display: 'none' } })}>Settings</span>
              </Button>
              <UserMenu
                triggerClass={css({
                  justifyContent: 'flex-start',
                  gap: '2',
                  h: 'auto',
                  p: '1.5',
                  minW: '0',
                  flex: '1',
                  textAlign: 'left',
                  fontWeight: 'normal',
                  color: 'fg.default',
                })}
                trigger={
                  <>
                    <AvatarLite src={user.avatarUrl} alt={user.name} />
                    <span className={css({ minW: '0', display: 'flex', flexDir: 'column', 'aside[data-state=closed] &': { display: 'none' } })}>
                      <span data-testid="shell-user-name" className={css({ fontSize: 'sm', fontWeight: 'medium', truncate: true })}>
                        {user.name}
                      </span>
                      <span className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })}>{user.email}</span>
                    </span>
                    <span className={css({ srOnly: true })}>Account menu</span>
                  </>
                }
                items={[
                  {
                    label: (
                      <>
                        <UserIcon aria-hidden /> Profile
                      </>
                    ),
                    onSelect: () => location.assign(area === 'coach' ? '/c/account/profile' : '/b/account/profile'),
                  },
                  {
                    label: (
                      <>
                        <SettingsIcon aria-hidden /> Settings
                      </>
                    ),
                    onSelect: () => (setDrawer(false), openSettings()),
                  },
                  {
                    label: (
                      <>
                        <LogOutIcon aria-hidden /> Log out
                      </>
                    ),
                    onSelect: () => void logout(),
                    separatorBefore: true,
                  },
                ]}
              />
              <nav aria-label="Legal" className={legalNav}>
                {legalLinks(area).map((l) => (
                  <a key={l.href} href={l.href} aria-current={path === l.href ? 'page' : undefined}>
                    {l.label}
                  </a>
                ))}
              </nav>
            </div>
          }
        />
      </div>
    </>
  )
}

// The coach shell hydrates once the team switcher's code is there: hydrating without it, the
// first streamed update (the counts) would replace the switcher's server HTML with nothing until
// its code arrived (the sidebar jumped on every coach page).
AppShell.prepare = (props: AppShellProps) => (props.area === 'coach' ? TeamSwitcher.preload() : undefined)
