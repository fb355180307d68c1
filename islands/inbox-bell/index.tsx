/**
 * The notification centre: a bell with the unread count (polled each minute and on focus). Its
 * dropdown (menu.tsx) is loaded on the first press, so the menu's code is not part of every
 * area page's first load; the press opens it at once when loaded.
 */
import { BellIcon } from 'lucide-react'
import { type ComponentType, useCallback, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { IconButton } from '../../design-system/components/icon-button/icon-button'
import { get } from '../lib/api'
import { BellBadge, bellLabel } from './badge'
import type { InboxBellProps } from './props'

type MenuProps = { unread: number | null; onUnread: (n: number) => void }

export default function InboxBell(_props: InboxBellProps) {
  const [unread, setUnread] = useState<number | null>(null)
  const [InboxMenu, setMenu] = useState<ComponentType<MenuProps> | null>(null)

  const refresh = useCallback(async () => {
    const r = await get<{ meta: { unread: number } }>('/v1/notifications', { query: { page: 1, perPage: 1 }, silent: true })
    setUnread(r.meta.unread)
  }, [])
  useEffect(() => {
    const run = () => void refresh().catch(() => {})
    run()
    const t = setInterval(() => document.visibilityState === 'visible' && run(), 60_000)
    window.addEventListener('focus', run)
    return () => {
      clearInterval(t)
      window.removeEventListener('focus', run)
    }
  }, [refresh])

  const openMenu = async () => {
    const mod = await import('./menu')
    setMenu(() => mod.default)
  }

  if (InboxMenu) return <InboxMenu unread={unread} onUnread={setUnread} />
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={bellLabel(unread)}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="inbox-bell"
      className={css({ position: 'relative', bg: 'bg.default' })}
      onClick={() => void openMenu()}
    >
      <BellIcon aria-hidden />
      <BellBadge unread={unread} />
    </IconButton>
  )
}
