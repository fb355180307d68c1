/**
 * The app's toaster (section 9): at most 10 toasts, 5000 ms each, a dismissed toast removed
 * after 1,000,000 ms, F8 focuses the region, a horizontal swipe over 50 px dismisses.
 * `toaster.create({ title, description, type: 'error' })` from anywhere; render <Toaster />
 * once per page (the shell does).
 *
 * The region (a polite live region) is portalled to <body>, so it is a direct child of <body>
 * wherever <Toaster/> is mounted: a modal dialog hides everything outside itself from assistive
 * technology (aria-hidden on <body>'s other children) but leaves live regions alone, so "User
 * Updated" is still announced while the Settings dialog is open. Dialogs also keep the region
 * clickable (`persistentElements`, see dialog.tsx).
 */
import { Portal } from '@ark-ui/react/portal'
import { Toast as ArkToast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast'
import { XIcon } from 'lucide-react'
import { type PointerEvent, useRef } from 'react'
import { toast as toastRecipe } from 'styled-system/recipes/toast'
import { TOAST } from '../../constants'
import { createStyleContext } from '../../utils/create-style-context'
import { IconButton } from '../icon-button/icon-button'

export const toaster = createToaster({
  placement: 'bottom-end',
  overlap: true,
  gap: 16,
  max: TOAST.max,
  duration: TOAST.duration,
  removeDelay: TOAST.removeDelay,
  hotkey: TOAST.hotkey,
})

const { withProvider, withContext } = createStyleContext(toastRecipe)

export const Toast = {
  Root: withProvider(ArkToast.Root, 'root'),
  Title: withContext(ArkToast.Title, 'title'),
  Description: withContext(ArkToast.Description, 'description'),
  ActionTrigger: withContext(ArkToast.ActionTrigger, 'actionTrigger'),
  CloseTrigger: withContext(ArkToast.CloseTrigger, 'closeTrigger'),
}

/** Whether a horizontal pointer travel dismisses the toast (swipe threshold of section 9). */
export const isSwipeDismiss = (deltaX: number) => Math.abs(deltaX) >= TOAST.swipeThreshold

function SwipeToDismiss({ id, children }: { id: string; children: React.ReactNode }) {
  const start = useRef<number | null>(null)
  return (
    <div
      onPointerDown={(event: PointerEvent) => {
        start.current = event.clientX
      }}
      onPointerUp={(event: PointerEvent) => {
        if (start.current !== null && isSwipeDismiss(event.clientX - start.current)) toaster.dismiss(id)
        start.current = null
      }}
    >
      {children}
    </div>
  )
}

export function Toaster() {
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(toast) => (
          <Toast.Root key={toast.id}>
            <SwipeToDismiss id={toast.id!}>
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
              {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            </SwipeToDismiss>
            <Toast.CloseTrigger asChild>
              <IconButton aria-label="Dismiss" variant="ghost" size="xs">
                <XIcon />
              </IconButton>
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  )
}
