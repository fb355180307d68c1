/**
 * The filter bar of a list table: a GET form (it works without JavaScript), applied at once
 * with JavaScript (selects and dates on change, the search after a pause in typing).
 */
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { formatSort, type TableState } from '../../design-system/components/table/table-state'
import type { TableFilter } from './props'

const BAR = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-end' })
const FIELD = css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'xs', color: 'fg.muted', minW: '0' })
const CONTROL = css({
  h: '9',
  px: '2.5',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.default',
  color: 'fg.default',
  fontSize: 'sm',
  minW: '0',
  maxW: 'full',
})
const SEARCH = css({ w: { base: 'full', sm: '56' } })

export function Filters(p: {
  filters: TableFilter[]
  label: string
  prefix: string
  path: string
  state: TableState
  onChange: (filters: Record<string, string>) => void
  children?: ReactNode
}) {
  const [text, setText] = useState<Record<string, string>>(p.state.filters)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Back/forward or "clear the filters" changes the state: the controls follow.
  useEffect(() => setText(p.state.filters), [p.state.filters])
  useEffect(() => () => clearTimeout(timer.current), [])

  const apply = (next: Record<string, string>) => {
    clearTimeout(timer.current)
    const clean: Record<string, string> = {}
    for (const [k, v] of Object.entries(next)) if (v.trim()) clean[k] = v.trim()
    p.onChange(clean)
  }
  const set = (key: string, value: string, later = false) => {
    const next = { ...text, [key]: value }
    setText(next)
    clearTimeout(timer.current)
    if (later) timer.current = setTimeout(() => apply(next), 350)
    else apply(next)
  }

  return (
    <form
      method="get"
      action={p.path}
      className={BAR}
      aria-label={`Filter ${p.label.toLowerCase()}`}
      onSubmit={(e) => {
        e.preventDefault()
        apply(text)
      }}
    >
      {p.state.sort.length ? <input type="hidden" name={`${p.prefix}sort`} value={formatSort(p.state.sort)} /> : null}
      {p.filters.map((f) => {
        const name = p.prefix + f.key
        const value = text[f.key] ?? ''
        if (f.type === 'search')
          return (
            <label key={f.key} className={FIELD}>
              {f.label}
              <input
                type="search"
                name={name}
                value={value}
                placeholder={f.placeholder}
                className={cx(CONTROL, SEARCH)}
                onChange={(e) => set(f.key, e.target.value, true)}
              />
            </label>
          )
        if (f.type === 'date')
          return (
            <label key={f.key} className={FIELD}>
              {f.label}
              <input type="date" name={name} value={value} className={CONTROL} onChange={(e) => set(f.key, e.target.value)} />
            </label>
          )
        const options = f.options
        return (
          <label key={f.key} className={FIELD}>
            {f.label}
            <select name={name} value={value} className={CONTROL} onChange={(e) => set(f.key, e.target.value)}>
              <option value="">{f.all}</option>
              {options.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        )
      })}
      <button type="submit" className={button({ variant: 'outline', size: 'sm' })}>
        Filter
      </button>
      {p.children}
    </form>
  )
}
