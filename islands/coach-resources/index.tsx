/**
 * A workshop's resources: add each type (files uploaded), reorder by dragging (or with the move
 * buttons, keyboard and touch friendly), show or hide, broadcast by email, delete.
 */
import { lazy, Suspense, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Confirm } from '../coach-common/confirm'
import { Modal } from '../coach-common/dialog'
import { hintCss } from '../coach-common/styles'
import { del, patch } from '../lib/api'
import { notify } from '../lib/toast'

// The add form (with the resource schema) loads when its dialog first opens.
const AddResource = lazy(() => import('./add').then((m) => ({ default: m.AddResource })))

import { Button } from '../../design-system/components/button/button'
import type { CoachResourceItem, CoachResourcesProps } from './props'

export default function CoachResources(props: CoachResourcesProps) {
  const [items, setItems] = useState<CoachResourceItem[]>(props.resources)
  const [adding, setAdding] = useState(false)
  const [dragging, setDragging] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  // The resource a delete asks about (kept while the dialog closes, so its text stays).
  const [deleting, setDeleting] = useState<CoachResourceItem | null>(null)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const base = `/v1/workshops/${props.workshopId}/resources`

  const persistOrder = async (next: CoachResourceItem[]) => {
    const before = items
    setItems(next.map((r, i) => ({ ...r, sortOrder: i })))
    setBusy(true)
    try {
      for (const [i, r] of next.entries()) if (r.sortOrder !== i) await patch(`${base}/${r.id}`, { sortOrder: i })
      notify({ type: 'success', title: 'Order saved' })
    } catch {
      setItems(before)
    } finally {
      setBusy(false)
    }
  }
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return
    const next = [...items]
    const [x] = next.splice(from, 1)
    next.splice(to, 0, x)
    void persistOrder(next)
  }
  const update = async (r: CoachResourceItem, change: Partial<CoachResourceItem>, done: string) => {
    setBusy(true)
    try {
      await patch(`${base}/${r.id}`, change)
      setItems((xs) =>
        xs.map((x) =>
          x.id === r.id
            ? { ...x, ...change, ...(change.isBroadcast && (change.isVisible ?? x.isVisible) ? { broadcastAt: new Date().toISOString() } : {}) }
            : x,
        ),
      )
      notify({ type: 'success', title: done })
    } finally {
      setBusy(false)
    }
  }
  const remove = async (r: CoachResourceItem) => {
    setBusy(true)
    try {
      await del(`${base}/${r.id}`)
      setItems((xs) => xs.filter((x) => x.id !== r.id))
      notify({ type: 'success', title: 'Resource deleted', description: r.title })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="res-h" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
        <h2 id="res-h" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Resources
        </h2>
        <Button onClick={() => setAdding(true)}>Add resource</Button>
      </div>
      <p className={hintCss}>Confirmed attendees see visible resources. Drag a row by its handle, or use the arrows, to change the order.</p>
      {items.length === 0 ? (
        <p className={hintCss}>No resources yet.</p>
      ) : (
        <ol
          className={css({ display: 'flex', flexDir: 'column', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', bg: 'bg.default' })}
          aria-busy={busy}
        >
          {items.map((r, i) => (
            <li
              key={r.id}
              data-resource={r.title}
              draggable
              onDragStart={(e) => {
                setDragging(i)
                e.dataTransfer.effectAllowed = 'move'
                e.dataTransfer.setData('text/plain', String(i))
              }}
              onDragOver={(e) => {
                e.preventDefault()
                e.dataTransfer.dropEffect = 'move'
              }}
              onDrop={(e) => {
                e.preventDefault()
                const from = dragging ?? Number(e.dataTransfer.getData('text/plain'))
                setDragging(null)
                move(from, i)
              }}
              onDragEnd={() => setDragging(null)}
              className={cx(
                css({
                  display: 'flex',
                  gap: '3',
                  alignItems: 'center',
                  px: '3',
                  py: '2.5',
                  borderBottomWidth: '1px',
                  borderColor: 'border.subtle',
                  _last: { borderBottomWidth: '0' },
                  flexWrap: { base: 'wrap', md: 'nowrap' },
                }),
                dragging === i ? css({ opacity: 0.5 }) : undefined,
              )}
            >
              <span aria-hidden className={css({ cursor: 'grab', color: 'fg.muted', fontSize: 'lg', userSelect: 'none' })} title="Drag to reorder">
                ⠿
              </span>
              <div className={css({ flex: '1', minW: '0' })}>
                <div className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>
                  {r.url || r.filePath ? (
                    <a href={(r.url ?? r.filePath)!} className={css({ textDecoration: 'underline' })} rel="noopener noreferrer">
                      {r.title}
                    </a>
                  ) : (
                    r.title
                  )}
                </div>
                <div className={hintCss}>
                  {r.type}
                  {r.fileSize ? ` · ${Math.ceil(r.fileSize / 1024)} KB` : ''} · {r.isVisible ? 'visible' : 'hidden'}
                  {r.isPublic ? ' · public' : ''}
                  {r.broadcastAt ? ' · emailed to attendees' : ''}
                </div>
              </div>
              <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })}>
                <Button variant="outline" size="xs" aria-label={`Move ${r.title} up`} disabled={busy || i === 0} onClick={() => move(i, i - 1)}>
                  ↑
                </Button>
                <Button
                  variant="outline"
                  size="xs"
                  aria-label={`Move ${r.title} down`}
                  disabled={busy || i === items.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  ↓
                </Button>
                <Button
                  variant="outline"
                  size="xs"
                  disabled={busy}
                  onClick={() => update(r, { isVisible: !r.isVisible }, r.isVisible ? 'Hidden from attendees' : 'Visible to attendees')}
                >
                  {r.isVisible ? 'Hide' : 'Show'}
                </Button>
                <Button
                  variant="outline"
                  size="xs"
                  disabled={busy}
                  aria-pressed={r.isPublic}
                  title="Public resources show to everyone on the workshop's public page"
                  onClick={() => update(r, { isPublic: !r.isPublic }, r.isPublic ? 'No longer on the public page' : 'Shown on the public page')}
                >
                  {r.isPublic ? 'Make private' : 'Make public'}
                </Button>
                {!r.broadcastAt && (
                  <Button
                    variant="outline"
                    size="xs"
                    disabled={busy || !r.isVisible}
                    title={r.isVisible ? undefined : 'Show it first'}
                    onClick={() => update(r, { isBroadcast: true }, 'Emailed to confirmed attendees')}
                  >
                    Broadcast
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="xs"
                  disabled={busy}
                  aria-label={`Delete ${r.title}`}
                  onClick={() => {
                    setDeleting(r)
                    setConfirmOpen(true)
                  }}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Confirm
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={deleting ? `Delete "${deleting.title}"?` : 'Delete this resource?'}
        description={deleting?.isPublic ? 'Attendees no longer see it, and it leaves the public page.' : 'Attendees no longer see it.'}
        confirmLabel="Delete resource"
        busyLabel="Deleting..."
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
      <Modal open={adding} onClose={() => setAdding(false)} title="Add resource">
        {adding && (
          <Suspense fallback={<p className={hintCss}>Loading…</p>}>
            <AddResource workshopId={props.workshopId} nextOrder={items.length} onDone={() => location.reload()} onCancel={() => setAdding(false)} />
          </Suspense>
        )}
      </Modal>
    </section>
  )
}
