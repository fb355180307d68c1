/**
 * `ConfirmDialog`: asks before an action (delete, cancel, unlink, publish) on Ark's Dialog, as an
 * `alertdialog`: a title, a description, optional content, and Cancel / Confirm. `tone="danger"`
 * paints the confirm button red and focuses Cancel first (Enter never destroys by accident);
 * otherwise Confirm has the focus. `onConfirm` may return a promise: the dialog is busy until it
 * settles (confirm button spinning, Cancel, Escape and outside clicks disabled), closes when it
 * resolves and stays open when it rejects or resolves `false` (the API client shows the error).
 * Focus returns to the element that opened it.
 *
 *   <ConfirmDialog tone="danger" title="Delete this schedule?" description="It leaves your workshop."
 *     confirmLabel="Delete" trigger={<Button variant="outline">Delete</Button>}
 *     onConfirm={() => del(`/v1/workshop-schedules/${id}`)} />
 */
import { type ReactElement, type ReactNode, useRef, useState } from 'react'
import { Button } from '../button/button'
import { Dialog } from '../dialog/dialog'

export type ConfirmDialogProps = {
  title: ReactNode
  description?: ReactNode
  /** More than a sentence: what happens, a reason field... */
  children?: ReactNode
  /** Default "Confirm". */
  confirmLabel?: ReactNode
  /** Default "Cancel". */
  cancelLabel?: ReactNode
  /** Shown on the confirm button while busy (default: its label). */
  busyLabel?: ReactNode
  /** `danger` for what cannot be undone (red confirm button, Cancel focused first). */
  tone?: 'default' | 'danger'
  /** Busy from outside (a request the caller runs); a promise from onConfirm sets it too. */
  busy?: boolean
  /** Return `false` (or a promise of it) to keep the dialog open. */
  onConfirm: () => unknown
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** The element that opens it (rendered asChild). */
  trigger?: ReactElement
  lazyMount?: boolean
}

export function ConfirmDialog({
  title,
  description,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busyLabel,
  tone = 'default',
  busy: busyProp = false,
  onConfirm,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  lazyMount,
}: ConfirmDialogProps) {
  const [openState, setOpenState] = useState(defaultOpen)
  const [pending, setPending] = useState(false)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const open = openProp ?? openState
  const busy = busyProp || pending
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOpenState(next)
    onOpenChange?.(next)
  }
  const confirm = async () => {
    if (busy) return
    const result = onConfirm()
    if (result instanceof Promise) {
      setPending(true)
      try {
        if ((await result) !== false) setOpen(false)
      } catch {
        // stays open: the caller (or the API client's toast) tells what went wrong
      } finally {
        setPending(false)
      }
    } else if (result !== false) setOpen(false)
  }
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title={title}
      description={description}
      open={open}
      onOpenChange={(next) => (busy ? undefined : setOpen(next))}
      trigger={trigger}
      dismissible={!busy}
      lazyMount={lazyMount}
      initialFocusEl={() => (tone === 'danger' ? cancelRef.current : confirmRef.current)}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" disabled={busy} onClick={() => setOpen(false)} data-part="cancel">
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            tone={tone === 'danger' ? 'danger' : undefined}
            loading={busy}
            loadingText={busyLabel}
            onClick={() => void confirm()}
            data-part="confirm"
            data-tone={tone}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
