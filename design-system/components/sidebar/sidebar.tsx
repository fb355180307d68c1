import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react'
import { sidebar } from 'styled-system/recipes'
import { createStyleContext } from '../../utils/create-style-context'
import { Badge } from '../badge/badge'
import { IconButton } from '../icon-button/icon-button'
import { Tooltip } from '../tooltip/tooltip'
import { useSidebarOpen } from './use-sidebar-open'

const { withProvider, withContext } = createStyleContext(sidebar)

export const SidebarParts = {
  Root: withProvider('aside', 'root'),
  Header: withContext('div', 'header'),
  Nav: withContext('nav', 'nav'),
  Item: withContext('a', 'item'),
  ItemIcon: withContext('span', 'itemIcon'),
  ItemLabel: withContext('span', 'itemLabel'),
  ItemBadge: withContext('span', 'itemBadge'),
  Footer: withContext('div', 'footer'),
  Toggle: withContext(IconButton, 'toggle'),
}

export type SidebarItem = {
  href: string
  label: string
  icon?: React.ReactNode
  badge?: React.ReactNode
  /** Matches sub-paths too (default true, except for '/' roots like '/c'). */
  exact?: boolean
}

export type SidebarProps = {
  items: SidebarItem[]
  /** The current path, to mark the active item. */
  currentPath: string
  header?: React.ReactNode
  footer?: React.ReactNode
  label?: string
}

/** Whether a nav item is the current page. */
export function isActive(item: SidebarItem, path: string) {
  if (item.exact || item.href.split('/').filter(Boolean).length <= 1) return path === item.href
  return path === item.href || path.startsWith(`${item.href}/`)
}

/**
 * Side navigation whose open/collapsed state is kept in localStorage (default open). Put
 * `headScript` (or <HeadScript/>) in <head> so a stored "closed" shows before hydration.
 */
export function Sidebar({ items, currentPath, header, footer, label = 'Main' }: SidebarProps) {
  const { open, toggle } = useSidebarOpen()
  return (
    <SidebarParts.Root data-state={open ? 'open' : 'closed'}>
      {header ? <SidebarParts.Header>{header}</SidebarParts.Header> : null}
      <SidebarParts.Nav aria-label={label}>
        {items.map((item) => {
          const link = (
            <SidebarParts.Item key={item.href} href={item.href} aria-current={isActive(item, currentPath) ? 'page' : undefined}>
              {item.icon ? <SidebarParts.ItemIcon aria-hidden>{item.icon}</SidebarParts.ItemIcon> : null}
              <SidebarParts.ItemLabel>{item.label}</SidebarParts.ItemLabel>
              {item.badge ? (
                <SidebarParts.ItemBadge>
                  <Badge size="sm" variant="subtle">
                    {item.badge}
                  </Badge>
                </SidebarParts.ItemBadge>
              ) : null}
            </SidebarParts.Item>
          )
          return open ? (
            link
          ) : (
            <Tooltip key={item.href} content={item.label} positioning={{ placement: 'right' }}>
              {link}
            </Tooltip>
          )
        })}
      </SidebarParts.Nav>
      <SidebarParts.Footer>
        {footer}
        <SidebarParts.Toggle
          aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-expanded={open}
          variant="ghost"
          size="sm"
          onClick={toggle}
        >
          {open ? <PanelLeftCloseIcon /> : <PanelLeftOpenIcon />}
        </SidebarParts.Toggle>
      </SidebarParts.Footer>
    </SidebarParts.Root>
  )
}
