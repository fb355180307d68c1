/**
 * The signed-in shell: sidebar navigation (stored open flag), search (meta+/), the user menu
 * with the Settings entry and Log out, keyboard shortcuts and the page's toaster.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { HomeIcon, LogOutIcon, SearchIcon, SettingsIcon, ScaleIcon, ShieldIcon, BriefcaseIcon, UserIcon } from 'lucide-react'
import { css } from 'styled-system/css'
import { Sidebar, type SidebarItem } from '../../design-system/components/sidebar/sidebar'
import { Avatar } from '../../design-system/components/avatar/avatar'
import { Menu } from '../../design-system/components/menu/menu'
import { PageLoadingBar } from '../../design-system/components/page-loading-bar/page-loading-bar'
import { toggleColorMode } from '../../design-system/color-mode'
import { post } from '../lib/api'
import { mountToaster } from '../lib/toast'
import { openSettings } from '../lib/settings-store'
import { shortcutOf } from './shortcuts'
import type { AppShellProps } from './props'

export async function logout() {
  try {
    await post('/v1/auth/logout', undefined, { silent: true })
  } finally {
    location.assign('/login')
  }
}

function navigation(area: AppShellProps['area'], canCoach: boolean): SidebarItem[] {
  const prefix = area === 'coach' ? '/c' : '/b'
  const items: SidebarItem[] = [{ href: prefix, label: area === 'coach' ? 'Coach Dashboard' : 'Dashboard', icon: <HomeIcon />, exact: true }]
  if (area === 'client' && canCoach) items.push({ href: '/c', label: 'Coach area', icon: <BriefcaseIcon />, exact: true })
  if (area === 'coach') items.push({ href: '/b', label: 'Client area', icon: <UserIcon />, exact: true })
  items.push(
    { href: `${prefix}/privacy-policy`, label: 'Privacy Policy', icon: <ShieldIcon /> },
    { href: `${prefix}/terms-and-conditions`, label: 'Terms & Conditions', icon: <ScaleIcon /> },
  )
  return items
}

export default function AppShell({ area, path, canCoach, user }: AppShellProps) {
  const search = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  // The page loading bar (section 9: throttle 200 ms, duration 2000 ms) while the next page loads.
  const [leaving, setLeaving] = useState(false)
  const all = useMemo(() => navigation(area, canCoach), [area, canCoach])
  const items = query ? all.filter((i) => i.label.toLowerCase().includes(query.trim().toLowerCase())) : all

  useEffect(() => {
    mountToaster()
    const onKey = (e: KeyboardEvent) => {
      const s = shortcutOf(e)
      if (!s) return
      e.preventDefault()
      if (s === 'logout') void logout()
      else if (s === 'search') search.current?.focus()
      else toggleColorMode()
    }
    window.addEventListener('keydown', onKey)
    const onLeave = () => setLeaving(true)
    const onShow = () => setLeaving(false)
    window.addEventListener('beforeunload', onLeave)
    window.addEventListener('pageshow', onShow)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('beforeunload', onLeave)
      window.removeEventListener('pageshow', onShow)
    }
  }, [])

  return (
    <>
    <PageLoadingBar loading={leaving} />
    <Sidebar
      items={items}
      currentPath={path}
      label={area === 'coach' ? 'Coach navigation' : 'Client navigation'}
      header={
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', w: 'full' })}>
          <a href={area === 'coach' ? '/c' : '/b'} className={css({ fontWeight: 'bold', fontSize: 'lg', color: 'fg.default', textDecoration: 'none', 'aside[data-state=closed] &': { srOnly: true } })}>
            Summit
          </a>
          <label className={css({ position: 'relative', display: 'flex', alignItems: 'center', 'aside[data-state=closed] &': { display: 'none' } })}>
            <span className={css({ srOnly: true })}>Search</span>
            <SearchIcon aria-hidden className={css({ position: 'absolute', left: '2.5', w: '4', h: '4', color: 'fg.muted' })} />
            <input
              ref={search}
              type="search"
              placeholder="Search (⌘/)"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && items[0]) location.assign(items[0].href)
                if (e.key === 'Escape') setQuery('')
              }}
              className={css({ w: 'full', h: '9', pl: '8', pr: '2', borderRadius: 'l2', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.default', color: 'fg.default', fontSize: 'sm', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '0' } })}
            />
          </label>
        </div>
      }
      footer={
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1', flex: '1', minW: '0' })}>
        <button
          type="button"
          onClick={openSettings}
          aria-label="Settings"
          className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '2', h: '9', borderRadius: 'l2', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', _hover: { bg: 'bg.muted' }, '& svg': { w: '4', h: '4' } })}
        >
          <SettingsIcon aria-hidden />
          <span className={css({ 'aside[data-state=closed] &': { display: 'none' } })}>Settings</span>
        </button>
        <Menu.Root positioning={{ placement: 'top-start' }}>
          <Menu.Trigger asChild>
            <button type="button" aria-label="Account menu" className={css({ display: 'flex', alignItems: 'center', gap: '2', p: '1.5', borderRadius: 'l2', minW: '0', flex: '1', textAlign: 'left', _hover: { bg: 'bg.muted' } })}>
              <Avatar src={user.avatarUrl} alt={user.name} size="sm" />
              <span className={css({ minW: '0', display: 'flex', flexDir: 'column', 'aside[data-state=closed] &': { display: 'none' } })}>
                <span className={css({ fontSize: 'sm', fontWeight: 'medium', truncate: true })}>{user.name}</span>
                <span className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })}>{user.email}</span>
              </span>
            </button>
          </Menu.Trigger>
          <Menu.Content>
            <Menu.Item value="settings" onClick={openSettings}>
              <SettingsIcon aria-hidden /> Settings
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" onClick={() => void logout()}>
              <LogOutIcon aria-hidden /> Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Root>
        </div>
      }
    />
    </>
  )
}
