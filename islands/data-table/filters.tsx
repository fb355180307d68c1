/**
 * The filter bar of a list table: a GET form (it works without JavaScript), applied at once
 * with JavaScript (selects and dates on change, the search after a pause in typing).
 */
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Input } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { formatSort, type TableState } from '../../design-system/components/table/table-state'
import type { TableFilter } from './props'

const BAR = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-end' })
const FIELD = css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'xs', color: 'fg.muted', minW: '0' })
/** The filters keep their content's width (the recipes fill their container). */
const CONTROL = css({ w: 'auto', minW: '0', maxW: 'full', color: 'fg.default' })
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
              <Input
                type="search"
                size="sm"
                name={name}
                value={value}
                placeholder={f.placeholder}
                className={SEARCH}
                onChange={(e) => set(f.key, e.target.value, true)}
              />
            </label>
          )
        if (f.type === 'date')
          return (
            <label key={f.key} className={FIELD}>
              {f.label}
              <Input type="date" size="sm" name={name} value={value} className={CONTROL} onChange={(e) => set(f.key, e.target.value)} />
            </label>
          )
        const options = f.options
        return (
          <label key={f.key} className={FIELD}>
            {f.label}
            <NativeSelect
              size="sm"
              name={name}
              value={value}
              className={CONTROL}
              placeholder={f.all}
              options={options.map(([v, l]) => ({ value: v, label: l }))}
              onChange={(e) => set(f.key, e.target.value)}
            />
          </label>
        )
      })}
      <Button type="submit" variant="outline" size="sm">
        Filter
      </Button>
      {p.children}
    </form>
  )
}
