/** A list of rows that can be added, removed and reordered by dragging (or with the arrow buttons). */
import { type ReactNode, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { hintCss } from '../coach-common/form'

export function SortableRows<T>({
  items,
  onChange,
  render,
  label,
  empty,
  make,
}: {
  items: T[]
  onChange: (next: T[]) => void
  render: (item: T, i: number, update: (patch: Partial<T>) => void) => ReactNode
  label: (item: T, i: number) => string
  empty: string
  make: () => T
}) {
  const [dragging, setDragging] = useState<number | null>(null)
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return
    const next = [...items]
    const [x] = next.splice(from, 1)
    next.splice(to, 0, x)
    onChange(next)
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      {items.length === 0 && <p className={hintCss}>{empty}</p>}
      <ol className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        {items.map((item, i) => (
          <li
            key={i}
            draggable
            onDragStart={(e) => {
              setDragging(i)
              e.dataTransfer.effectAllowed = 'move'
              e.dataTransfer.setData('text/plain', String(i))
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault()
              move(dragging ?? Number(e.dataTransfer.getData('text/plain')), i)
              setDragging(null)
            }}
            onDragEnd={() => setDragging(null)}
            data-row={label(item, i)}
            className={cx(
              css({
                display: 'flex',
                gap: '2',
                alignItems: 'flex-start',
                p: '3',
                borderWidth: '1px',
                borderColor: 'border.subtle',
                borderRadius: 'l2',
                bg: 'bg.default',
              }),
              dragging === i ? css({ opacity: 0.5 }) : undefined,
            )}
          >
            <span aria-hidden title="Drag to reorder" className={css({ cursor: 'grab', color: 'fg.muted', pt: '7', userSelect: 'none' })}>
              ⠿
            </span>
            <div className={css({ flex: '1', minW: '0' })}>{render(item, i, (patch) => onChange(items.map((x, j) => (j === i ? { ...x, ...patch } : x))))}</div>
            <div className={css({ display: 'flex', flexDir: 'column', gap: '1', pt: '6' })}>
              <Button variant="outline" size="xs" aria-label={`Move ${label(item, i)} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                ↑
              </Button>
              <Button variant="outline" size="xs" aria-label={`Move ${label(item, i)} down`} disabled={i === items.length - 1} onClick={() => move(i, i + 1)}>
                ↓
              </Button>
              <Button variant="outline" size="xs" aria-label={`Remove ${label(item, i)}`} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                ✕
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="outline" onClick={() => onChange([...items, make()])}>
          Add
        </Button>
      </div>
    </div>
  )
}
