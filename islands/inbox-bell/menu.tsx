/**
 * The notification centre's dropdown (the design system's menu: arrow keys, Enter, Escape) of
 * the newest items, loaded on the bell's first press (index.tsx): the menu's code is not part of
 * a page's first load. Choosing an item marks it read and opens it; "Mark all as read" clears the
 * count; "Show more" pages back.
 */
import { BellIcon } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { IconButton } from '../../design-system/components/icon-button/icon-button'
import { Menu } from '../../design-system/components/menu/menu'
import type { InboxItemRow } from '../../src/modules/inbox/inbox.schema'
import { get, post } from '../lib/api'
import { BellBadge, bellLabel } from './badge'

interface Page {
  data: InboxItemRow[]
  meta: { page: number; lastPage: number; unread: number }
}

const ago = (iso: string) => {
  const s = Math.max(0, (Date.now() - Date.parse(iso)) / 1000)
  if (s < 60) return 'just now'
  if (s < 3600) return `${Math.floor(s / 60)} min ago`
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`
  return `${Math.floor(s / 86_400)} d ago`
}

export default function InboxMenu({ unread, onUnread }: { unread: number | null; onUnread: (n: number) => void }) {
  const [items, setItems] = useState<InboxItemRow[]>([])
  const [page, setPage] = useState(1)
  const [lastPage, setLastPage] = useState(1)

  const load = useCallback(
    async (p = 1) => {
      const r = await get<Page>('/v1/notifications', { query: { page: p, perPage: 10 }, silent: true })
      setItems((old) => (p === 1 ? r.data : [...old, ...r.data.filter((x) => !old.some((o) => o.id === x.id))]))
      onUnread(r.meta.unread)
      setPage(p)
      setLastPage(r.meta.lastPage)
    },
    [onUnread],
  )
  useEffect(() => {
    void load(1).catch(() => {})
  }, [load])

  const open = async (id: string) => {
    const item = items.find((i) => i.id === id)
    if (!item) return
    if (!item.read) await post('/v1/notifications/read', { ids: [id] }, { silent: true }).catch(() => {})
    location.assign(item.url)
  }
  const readAll = async () => {
    const r = await post<{ data: { unread: number } }>('/v1/notifications/read', { all: true })
    onUnread(r.data.unread)
    setItems((old) => old.map((i) => ({ ...i, read: true })))
  }

  return (
    <Menu.Root
      defaultOpen
      positioning={{ placement: 'bottom-end' }}
      onOpenChange={(d) => d.open && void load(1).catch(() => {})}
      onSelect={(d) => {
        if (d.value === 'read-all') void readAll()
        else if (d.value === 'more') void load(page + 1)
        else void open(d.value)
      }}
    >
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={bellLabel(unread)}
          data-testid="inbox-bell"
          className={css({ position: 'relative', bg: 'bg.default' })}
        >
          <BellIcon aria-hidden />
          <BellBadge unread={unread} />
        </IconButton>
      </Menu.Trigger>
      <Menu.Content aria-label="Notifications" className={css({ w: { base: '80vw', sm: '96' }, maxH: '70vh', overflowY: 'auto' })}>
        {items.length === 0 ? (
          <p className={css({ px: '3', py: '4', color: 'fg.muted', fontSize: 'sm' })}>Nothing new. Messages, offers and changes to your bookings show here.</p>
        ) : (
          items.map((i) => (
            <Menu.Item
              key={i.id}
              value={i.id}
              data-testid="inbox-item"
              data-unread={i.read ? undefined : ''}
              className={css({ h: 'auto', py: '2', alignItems: 'flex-start', flexDir: 'column', gap: '0.5', whiteSpace: 'normal' })}
            >
              <span className={css({ fontSize: 'sm', fontWeight: i.read ? 'normal' : 'semibold', display: 'flex', gap: '2', alignItems: 'center' })}>
                {!i.read && <span aria-hidden className={css({ w: '2', h: '2', borderRadius: 'full', bg: 'colorPalette.default', flexShrink: 0 })} />}
                {i.title}
                {i.count > 1 ? ` (${i.count})` : ''}
                {!i.read && <span className={css({ srOnly: true })}>, unread</span>}
              </span>
              {i.body && <span className={css({ fontSize: 'xs', color: 'fg.muted', lineClamp: '2' })}>{i.body}</span>}
              <span className={css({ fontSize: '2xs', color: 'fg.subtle' })}>{ago(String(i.createdAt))}</span>
            </Menu.Item>
          ))
        )}
        {(page < lastPage || unread) && <Menu.Separator />}
        {page < lastPage && <Menu.Item value="more">Show more</Menu.Item>}
        {unread ? <Menu.Item value="read-all">Mark all as read</Menu.Item> : null}
      </Menu.Content>
    </Menu.Root>
  )
}
