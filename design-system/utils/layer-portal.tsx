/**
 * Portals for floating layers (lists, menus, tooltips). Inside a modal Dialog they render
 * into the dialog's content instead of <body>: the dialog hides everything outside itself
 * from assistive technology (aria-hidden), which would otherwise include an open list.
 */
import { Portal } from '@ark-ui/react/portal'
import { createContext, type ReactNode, type RefObject, useContext } from 'react'

const PortalContainer = createContext<RefObject<HTMLElement | null> | null>(null)

export const PortalContainerProvider = PortalContainer.Provider

export function LayerPortal({ children }: { children: ReactNode }) {
  const container = useContext(PortalContainer)
  return <Portal container={container ?? undefined}>{children}</Portal>
}
