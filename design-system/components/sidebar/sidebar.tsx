import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react'
import { css, cx } from 'styled-system/css'
// Direct recipe modules: the recipes barrel would bring every recipe into the shell of every page.
import { badge } from 'styled-system/recipes/badge'
import { button } from 'styled-system/recipes/button'
import { sidebar } from 'styled-system/recipes/sidebar'
import { createStyleContext } from '../../utils/create-style-context'
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
  Toggle: withContext('button', 'toggle'),
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

const TOGGLE_SQUARE = css({ px: '0', aspectRatio: 'square' })

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
                  <span className={badge({ size: 'sm', variant: 'subtle' })}>{item.badge}</span>
                </SidebarParts.ItemBadge>
              ) : null}
            </SidebarParts.Item>
          )
          // Collapsed: the label stays the accessible name (visually hidden) and shows as the native tooltip.
          return open ? (
            link
          ) : (
            <SidebarParts.Item key={item.href} href={item.href} title={item.label} aria-current={isActive(item, currentPath) ? 'page' : undefined}>
              {link.props.children}
            </SidebarParts.Item>
          )
        })}
      </SidebarParts.Nav>
      <SidebarParts.Footer>
        {footer}
        <SidebarParts.Toggle
          type="button"
          aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-expanded={open}
          // The button recipe's classes on a plain button: the shell of every page skips the styled() runtime.
          className={cx(button({ variant: 'ghost', size: 'sm' }), TOGGLE_SQUARE)}
          onClick={toggle}
        >
          {open ? <PanelLeftCloseIcon /> : <PanelLeftOpenIcon />}
        </SidebarParts.Toggle>
      </SidebarParts.Footer>
    </SidebarParts.Root>
  )
}
