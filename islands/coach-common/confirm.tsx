/**
 * The coach islands' "are you sure?" before a delete: the design system's ConfirmDialog (an
 * `alertdialog` on Ark's Dialog: focus trapped, Escape and Cancel change nothing, focus back to
 * the opener), fetched when it first opens, like `Modal`: a page that only shows its Delete
 * buttons does not carry Ark's dialog machine (about 33 KB gzip).
 *
 *   <Confirm open={!!deleting} onClose={() => setDeleting(null)} title="Delete this schedule?"
 *     confirmLabel="Delete schedule" onConfirm={() => del(`/v1/workshop-schedules/${id}`)} />
 *
 * `onConfirm` may return a promise: the dialog stays busy until it settles, closes when it
 * resolves, and stays open when it rejects (the API client has shown the error).
 */
import { lazy, type ReactNode, Suspense, useState } from 'react'

const ConfirmDialog = lazy(() => import('../../design-system/components/confirm-dialog/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })))

export interface ConfirmProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  /** What the button does, e.g. "Delete schedule". */
  confirmLabel: string
  busyLabel?: string
  /** Default `danger` (a delete). */
  tone?: 'default' | 'danger'
  onConfirm: () => unknown
}

export function Confirm({ open, onClose, tone = 'danger', ...rest }: ConfirmProps) {
  // Once opened it stays mounted, so closing plays the Dialog's own close (focus back to the opener).
  const [used, setUsed] = useState(open)
  if (open && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...rest} tone={tone} open={open} onOpenChange={(next) => (next ? undefined : onClose())} />
    </Suspense>
  )
}
