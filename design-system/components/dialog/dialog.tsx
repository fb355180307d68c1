import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { XIcon } from 'lucide-react'
import { type FormHTMLAttributes, type ReactNode, useRef } from 'react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx/box'
import { styled } from 'styled-system/jsx/factory'
import { dialog } from 'styled-system/recipes/dialog'
import { createStyleContext } from '../../utils/create-style-context'
import { PortalContainerProvider } from '../../utils/layer-portal'
import { IconButton } from '../icon-button/icon-button'

const { withRootProvider, withContext } = createStyleContext(dialog)

export const DialogParts = {
  Root: withRootProvider(ArkDialog.Root),
  Trigger: withContext(ArkDialog.Trigger, 'trigger'),
  Backdrop: withContext(ArkDialog.Backdrop, 'backdrop'),
  Positioner: withContext(ArkDialog.Positioner, 'positioner'),
  Content: withContext(ArkDialog.Content, 'content'),
  Title: withContext(ArkDialog.Title, 'title'),
  Description: withContext(ArkDialog.Description, 'description'),
  CloseTrigger: withContext(ArkDialog.CloseTrigger, 'closeTrigger'),
}

export type DialogProps = {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  title: React.ReactNode
  description?: React.ReactNode
  /** Element that opens the dialog (rendered asChild). */
  trigger?: React.ReactElement
  /** `sm`, `md` (default), `wide` (a form of two columns) or `lg` (large and scrollable, Settings). */
  size?: 'sm' | 'md' | 'wide' | 'lg'
  /** When false, outside clicks and Escape are ignored and there is no close button. */
  dismissible?: boolean
  footer?: React.ReactNode
  children?: React.ReactNode
  lazyMount?: boolean
  /** `alertdialog` for a confirmation that interrupts (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog'
  /** The element focused on open (default: the first focusable one inside). */
  initialFocusEl?: () => HTMLElement | null
  /** Body and footer inside one `<form>` with these attributes (FormDialog): the footer's submit button submits it. */
  form?: FormHTMLAttributes<HTMLFormElement>
}

/** Escape/outside-click handling of a (non-)dismissible dialog; exported for tests. */
export const dismissProps = (dismissible: boolean) => ({ closeOnEscape: dismissible, closeOnInteractOutside: dismissible }) as const

/**
 * The toast region (the Toaster portals it to <body>). A modal dialog keeps it usable: a click
 * on a toast neither closes the dialog nor is blocked, and the region, a live region directly
 * under <body>, stays outside the set the dialog hides from assistive technology.
 */
export const toastRegion = () => (typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('[data-scope=toast][data-part=group]'))
const persistentElements = [toastRegion]

const formCss = css({ display: 'flex', flexDirection: 'column', flex: '1', minH: '0' })

/**
 * A modal dialog with a title, a scrolling body and an optional footer. `size="lg"` is the
 * large scrollable variant; `dismissible={false}` ignores outside clicks and Escape.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  title,
  description,
  trigger,
  size = 'md',
  dismissible = true,
  footer,
  children,
  lazyMount = true,
  role,
  initialFocusEl,
  form,
}: DialogProps) {
  const contentRef = useRef<HTMLDivElement>(null)
  const body: ReactNode = (
    <>
      {/* No body when there is nothing in it (a confirmation's question): no empty gap above the footer. */}
      {children == null || children === false ? null : (
        <styled.div flex="1" minH="0" overflowY="auto" px="6" pb="6" data-part="body">
          {children}
        </styled.div>
      )}
      {footer ? (
        <styled.div display="flex" justifyContent="flex-end" gap="3" px="6" py="4" borderTopWidth="1px" data-part="footer">
          {footer}
        </styled.div>
      ) : null}
    </>
  )
  return (
    <DialogParts.Root
      size={size}
      {...(role ? { role } : {})}
      {...(initialFocusEl ? { initialFocusEl } : {})}
      persistentElements={persistentElements}
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={(details: { open: boolean }) => onOpenChange?.(details.open)}
      lazyMount={lazyMount}
      unmountOnExit
      {...dismissProps(dismissible)}
    >
      {trigger ? <DialogParts.Trigger asChild>{trigger}</DialogParts.Trigger> : null}
      <Portal>
        <DialogParts.Backdrop />
        <DialogParts.Positioner>
          <DialogParts.Content ref={contentRef}>
            <PortalContainerProvider value={contentRef}>
              <Box px="6" pt="6" pb="4" pe="12">
                <DialogParts.Title>{title}</DialogParts.Title>
                {description ? <DialogParts.Description>{description}</DialogParts.Description> : null}
              </Box>
              {form ? (
                <form {...form} className={formCss}>
                  {body}
                </form>
              ) : (
                body
              )}
              {dismissible ? (
                <DialogParts.CloseTrigger asChild>
                  <IconButton aria-label="Close" variant="ghost" size="sm">
                    <XIcon />
                  </IconButton>
                </DialogParts.CloseTrigger>
              ) : null}
            </PortalContainerProvider>
          </DialogParts.Content>
        </DialogParts.Positioner>
      </Portal>
    </DialogParts.Root>
  )
}
