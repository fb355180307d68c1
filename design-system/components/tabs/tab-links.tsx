/**
 * A row of tabs that are links (each tab is its own page): the section tabs of a workshop, a
 * booking, the team. Plain elements with static classes (no Ark machine: server pages ship no
 * script for it). On a phone every tab shows, as a grid of small segments, so none hides past
 * the screen's edge; from `md` up, a row of underlined tabs.
 */
import { css } from 'styled-system/css'
import { tabLink } from 'styled-system/recipes/tab-link'

const NAV = css({ borderBottomWidth: { md: '1px' }, borderColor: 'border.subtle' })
const LIST = css({
  display: { base: 'grid', md: 'flex' },
  gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))',
  gap: { base: '1.5', md: '1' },
  listStyle: 'none',
  m: '0',
  p: '0',
})

/** One class name for every tab (a recipe, tab-links.recipe.ts): a page with six tabs no longer repeats 30 atomic classes six times. */
const TAB = tabLink()

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
