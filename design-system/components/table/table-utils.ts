import { useCallback, useEffect, useRef, useState } from 'react'
import { TABLE } from '../../constants'

/** A copy of `items` with the element at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice()
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved as T)
  return next
}

/** Page count for a total row count (at least 1). */
export function pageCount(rowCount: number, pageSize: number = TABLE.pageSize): number {
  return Math.max(1, Math.ceil(rowCount / pageSize))
}

/**
 * True for `ms` after `suppress()` is called: the row hover highlight stays off after a drag
 * so the row under the pointer does not flash (6000 ms, section 9).
 */
export function useHoverSuppression(ms: number = TABLE.hoverSuppressMs) {
  const [suppressed, setSuppressed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const suppress = useCallback(() => {
    clearTimeout(timer.current)
    setSuppressed(true)
    timer.current = setTimeout(() => setSuppressed(false), ms)
  }, [ms])
  return { suppressed, suppress }
}

/** The role of each column on a phone: the first data column leads the card unless one says otherwise. */
export function columnRoles(columns: { id: string; role?: 'primary' | 'actions' }[]) {
  const primary = columns.find((c) => c.role === 'primary')?.id ?? columns.find((c) => c.role !== 'actions')?.id
  return (c: { id: string; role?: 'primary' | 'actions' }) => (c.role === 'actions' ? 'actions' : c.id === primary ? 'primary' : 'field')
}

/** The attributes a cell needs to show as a card line on a phone. */
export function cardCellAttrs(role: 'primary' | 'actions' | 'field', header: string) {
  return role === 'primary' ? { 'data-primary': '' } : role === 'actions' ? { 'data-actions': '' } : { 'data-label': header }
}
