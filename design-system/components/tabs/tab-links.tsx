/**
 * A row of tabs that are links (each tab is its own page): the section tabs of a workshop, a
 * booking, the team. Plain elements with static classes (no Ark machine: server pages ship no
 * script for it). On a phone every tab shows, as a grid of small segments, so none hides past
 * the screen's edge; from `md` up, a row of underlined tabs.
 */
import { css } from 'styled-system/css'

const NAV = css({ borderBottomWidth: { md: '1px' }, borderColor: 'border.subtle' })
const LIST = css({
  display: { base: 'grid', md: 'flex' },
  gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))',
  gap: { base: '1.5', md: '1' },
  listStyle: 'none',
  m: '0',
  p: '0',
})
const TAB = css({
  display: 'block',
  px: '3',
  py: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  textAlign: { base: 'center', md: 'start' },
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  color: 'fg.muted',
  borderWidth: { base: '1px', md: '0' },
  borderBottomWidth: { md: '2px' },
  borderRadius: { base: 'l2', md: '0' },
  borderColor: { base: 'border.subtle', md: 'transparent' },
  mb: { md: '-1px' },
  _hover: { color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
  '&[aria-current=page]': {
    color: 'fg.default',
    borderColor: 'colorPalette.default',
    bg: { base: 'colorPalette.a3', md: 'transparent' },
  },
})

export interface TabLink {
  href: string
  label: string
}

export function TabLinks({ tabs, current, label }: { tabs: TabLink[]; current: string; label: string }) {
  return (
    <nav aria-label={label} className={NAV}>
      <ul className={LIST}>
        {tabs.map((t) => (
          <li key={t.href}>
            <a href={t.href} aria-current={t.href === current ? 'page' : undefined} className={TAB}>
              {t.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
