/** The navigation search (meta+/): pages, bookings and workshops; says so when nothing matched. */

import { SearchIcon } from 'lucide-react'
import { forwardRef, useId, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { Input } from '../../design-system/components/input/input'
import { count } from '../../src/shared/words'
import { search } from './nav'
import type { AppShellProps } from './props'

const resultLink = css({
  display: 'flex',
  flexDir: 'column',
  px: '2',
  py: '1.5',
  borderRadius: 'l2',
  textDecoration: 'none',
  color: 'fg.default',
  fontSize: 'sm',
  _hover: { bg: 'bg.muted' },
  '&[data-active]': { bg: 'colorPalette.a3' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
})

export const NavSearch = forwardRef<HTMLInputElement, Pick<AppShellProps, 'area' | 'canCoach' | 'entries' | 'allowed'>>(function NavSearch(props, ref) {
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const id = useId()
  const results = useMemo(() => search(query, props), [query, props])
  const open = query.trim().length > 0
  return (
    <div className={css({ position: 'relative', w: 'full', 'aside[data-state=closed] &': { display: 'none' } })}>
      <label className={css({ position: 'relative', display: 'flex', alignItems: 'center' })}>
        <span className={css({ srOnly: true })}>Search</span>
        <SearchIcon aria-hidden className={css({ position: 'absolute', left: '2.5', zIndex: '1', pointerEvents: 'none', w: '4', h: '4', color: 'fg.muted' })} />
        <Input
          ref={ref}
          size="sm"
          type="search"
          placeholder="Search (⌘/)"
          value={query}
          aria-controls={open ? `${id}-results` : undefined}
          aria-describedby={`${id}-status`}
          onChange={(e) => {
            setQuery(e.target.value)
            setActive(0)
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') e.preventDefault(), setActive((a) => Math.min(a + 1, results.length - 1))
            if (e.key === 'ArrowUp') e.preventDefault(), setActive((a) => Math.max(a - 1, 0))
            if (e.key === 'Enter' && results[active]) location.assign(results[active].href)
            if (e.key === 'Escape') setQuery('')
          }}
          className={css({ ps: '8', pe: '2', bg: 'bg.default' })}
        />
      </label>
      <p id={`${id}-status`} aria-live="polite" className={css({ srOnly: !open || results.length > 0, fontSize: 'xs', color: 'fg.muted', pt: '2', px: '1' })}>
        {open ? (results.length ? count(results.length, 'result') : `Nothing matched “${query.trim()}”.`) : ''}
      </p>
      {open && results.length ? (
        <div
          id={`${id}-results`}
          role="region"
          aria-label="Search results"
          className={css({
            mt: '2',
            display: 'flex',
            flexDir: 'column',
            gap: '0.5',
            maxH: '72',
            overflowY: 'auto',
            borderWidth: '1px',
            borderColor: 'border.subtle',
            borderRadius: 'l2',
            p: '1',
            bg: 'bg.default',
          })}
        >
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '0.5' })}>
            {results.map((r, i) => (
              <li key={`${r.group}${r.href}`}>
                <a href={r.href} className={resultLink} data-active={i === active ? '' : undefined}>
                  <span className={css({ fontWeight: 'medium', truncate: true })}>{r.label}</span>
                  <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{r.hint ?? r.group}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
})
