/**
 * `FormDialog`: a form in a modal dialog (Ark's Dialog): the fields in the body, Cancel and the
 * submit button in the footer, all inside one `<form>` so Enter submits and the browser's form
 * semantics hold. `onSubmit` gets the event with its default prevented; while `busy` the submit
 * button spins and Cancel, Escape and outside clicks are disabled. Focus starts on the first
 * field and returns to the opener. `size="wide"` for two columns of fields.
 *
 *   <FormDialog title="New schedule" size="wide" open={open} onOpenChange={setOpen}
 *     submitLabel="Create schedule" busy={saving} onSubmit={save} error={form.generalError}>
 *     <FormField label="Starts">...</FormField>
 *   </FormDialog>
 */
import { type FormEvent, type ReactElement, type ReactNode, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../button/button'
import { Dialog } from '../dialog/dialog'

export type FormDialogProps = {
  title: ReactNode
  description?: ReactNode
  /** The fields. */
  children?: ReactNode
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** Default "Save". */
  submitLabel?: ReactNode
  /** Default "Cancel". */
  cancelLabel?: ReactNode
  /** Shown on the submit button while busy (default: its label). */
  busyLabel?: ReactNode
  busy?: boolean
  /** `danger` paints the submit button red (cancel a schedule with a reason). */
  tone?: 'default' | 'danger'
  /** A message about the whole form (not one field), announced as an alert. */
  error?: ReactNode
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  trigger?: ReactElement
  size?: 'sm' | 'md' | 'wide' | 'lg'
  /** The form's accessible name (default: none beyond the dialog's title). */
  'aria-label'?: string
  /** Let the browser validate (default false: the schema's messages are shown instead). */
  nativeValidation?: boolean
  lazyMount?: boolean
}

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const errorCss = css({ color: 'fg.error', fontSize: 'sm' })

export function FormDialog({
  title,
  description,
  children,
  onSubmit,
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  tone = 'default',
  error,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  size = 'md',
  'aria-label': ariaLabel,
  nativeValidation = false,
  lazyMount,
}: FormDialogProps) {
  const [openState, setOpenState] = useState(defaultOpen)
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOpenState(next)
    onOpenChange?.(next)
  }
  return (
    <Dialog
      title={title}
      description={description}
      open={openProp ?? openState}
      onOpenChange={(next) => (busy ? undefined : setOpen(next))}
      trigger={trigger}
      size={size}
      dismissible={!busy}
      lazyMount={lazyMount}
      form={{
        noValidate: !nativeValidation,
        'aria-label': ariaLabel,
        'aria-busy': busy || undefined,
        onSubmit: (event) => {
          event.preventDefault()
          if (!busy) onSubmit(event)
        },
      }}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={() => setOpen(false)} data-part="cancel">
            {cancelLabel}
          </Button>
          <Button type="submit" tone={tone === 'danger' ? 'danger' : undefined} loading={busy} loadingText={busyLabel} data-part="submit">
            {submitLabel}
          </Button>
        </>
      }
    >
      <div className={stack}>
        {children}
        {error ? (
          <p role="alert" className={errorCss}>
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  )
}
