/**
 * The coach islands' modal: the design system's Dialog (Ark: focus trap, Escape, outside click,
 * focus back to the opener) with the coach pages' simpler API. `wide` is the two-column size.
 * The form inside brings its own buttons.
 */
import type { ReactNode } from 'react'
import { Dialog } from '../../design-system/components/dialog/dialog'

export function Modal({ open, onClose, title, children, wide }: { open: boolean; onClose: () => void; title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={title} size={wide ? 'wide' : 'md'}>
      {children}
    </Dialog>
  )
}
