/**
 * The coach islands' modal: the design system's Dialog (Ark: focus trap, Escape, outside click,
 * focus back to the opener) with the coach pages' simpler API. `wide` is the two-column size.
 * The form inside brings its own buttons. The Dialog (and Ark's dialog machine, about 33 KB
 * gzip) is fetched when the modal first opens, so a page that only shows its buttons stays small.
 */
import { lazy, type ReactNode, Suspense, useState } from 'react'

const Dialog = lazy(() => import('../../design-system/components/dialog/dialog').then((m) => ({ default: m.Dialog })))

export function Modal({ open, onClose, title, children, wide }: { open: boolean; onClose: () => void; title: string; children: ReactNode; wide?: boolean }) {
  // Once opened it stays mounted, so closing plays the Dialog's own close (focus back to the opener).
  const [used, setUsed] = useState(open)
  if (open && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={title} size={wide ? 'wide' : 'md'}>
        {children}
      </Dialog>
    </Suspense>
  )
}
