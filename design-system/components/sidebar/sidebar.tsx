import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react'
import { css, cx } from 'styled-system/css'
// Direct recipe modules: the recipes barrel would bring every recipe into the shell of every page.
import { badge } from 'styled-system/recipes/badge'
import { button } from 'styled-system/recipes/button'
import { sidebar } from 'styled-system/recipes/sidebar'
import { useSidebarOpen } from './use-sidebar-open'

export type SidebarItem = {
  href: string
  label: string
  icon?: React.ReactNode
  badge?: React.ReactNode
  /** Matches sub-paths too (default true, except for '/' roots like '/c'). */
  exact?: boolean
  /** Other pages (and their sub-paths) this entry stands for: one entry for a section's tabs. */
  also?: string[]
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
  if (item.also?.some((p) => path === p || path.startsWith(`${p}/`))) return true
  if (item.exact || item.href.split('/').filter(Boolean).length <= 1) return path === item.href
  return path === item.href || path.startsWith(`${item.href}/`)
}

/**
 * Side navigation whose open/collapsed state is kept in localStorage (default open). Put
 * `headScript` (or <HeadScript/>) in <head> so a stored "closed" shows before hydration.
 */
export function Sidebar({ items, currentPath, header, footer, label = 'Main' }: SidebarProps) {
  const { open, toggle } = useSidebarOpen()
  // The recipe's slot classes on plain elements (the recipe has no variants): not styled() parts,
  // so the shell of every area page skips Panda's style-prop runtime (about 5 KB gzip).
  const s = sidebar()
  return (
    <aside className={s.root} data-state={open ? 'open' : 'closed'}>
      {header ? <div className={s.header}>{header}</div> : null}
      <nav className={s.nav} aria-label={label}>
        {items.map((item) => {
          const link = (
            <a className={s.item} key={item.href} href={item.href} aria-current={isActive(item, currentPath) ? 'page' : undefined}>
              {item.icon ? (
                <span className={s.itemIcon} aria-hidden>
                  {item.icon}
                </span>
              ) : null}
              <span className={s.itemLabel}>{item.label}</span>
              {item.badge ? (
                <span className={s.itemBadge}>
                  <span className={badge({ size: 'sm', variant: 'subtle' })}>{item.badge}</span>
                </span>
              ) : null}
            </a>
          )
          // Collapsed: the label stays the accessible name (visually hidden) and shows as the native tooltip.
          return open ? (
            link
          ) : (
            <a className={s.item} key={item.href} href={item.href} title={item.label} aria-current={isActive(item, currentPath) ? 'page' : undefined}>
              {link.props.children}
            </a>
          )
        })}
      </nav>
      <div className={s.footer}>
        {footer}
        <button
          type="button"
          aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-expanded={open}
          // The button recipe's classes on a plain button: the shell of every page skips the styled() runtime.
          className={cx(s.toggle, button({ variant: 'ghost', size: 'sm' }), TOGGLE_SQUARE)}
          onClick={toggle}
        >
          {open ? <PanelLeftCloseIcon /> : <PanelLeftOpenIcon />}
        </button>
      </div>
    </aside>
  )
}
