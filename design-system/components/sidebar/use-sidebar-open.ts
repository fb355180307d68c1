import { useCallback, useSyncExternalStore } from 'react'
import { SIDEBAR_DEFAULT_OPEN, SIDEBAR_STORAGE_KEY } from '../../constants'

const listeners = new Set<() => void>()

/** The stored flag ('true'/'false'); anything else (or no storage) means the default: open. */
export function parseSidebarOpen(stored: string | null | undefined): boolean {
  if (stored === 'false') return false
  if (stored === 'true') return true
  return SIDEBAR_DEFAULT_OPEN
}

function read(): boolean {
  try {
    return parseSidebarOpen(window.localStorage.getItem(SIDEBAR_STORAGE_KEY))
  } catch {
    return SIDEBAR_DEFAULT_OPEN
  }
}

/**
 * Inline <head> script: marks <html data-sidebar="closed"> before first paint when the stored
 * flag says closed, so a server-rendered (open) sidebar shows collapsed with no flash.
 */
export const sidebarStateScript = `try{if(localStorage.getItem(${JSON.stringify(SIDEBAR_STORAGE_KEY)})==="false")document.documentElement.setAttribute("data-sidebar","closed")}catch(e){}`

export function setSidebarOpen(open: boolean) {
  try {
    window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(open))
  } catch {}
  document.documentElement.setAttribute('data-sidebar', open ? 'open' : 'closed')
  for (const l of listeners) l()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => e.key === SIDEBAR_STORAGE_KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The sidebar open flag kept in localStorage (default open; the server renders it open). */
export function useSidebarOpen() {
  const open = useSyncExternalStore(subscribe, read, () => SIDEBAR_DEFAULT_OPEN)
  const setOpen = useCallback((value: boolean) => setSidebarOpen(value), [])
  const toggle = useCallback(() => setSidebarOpen(!read()), [])
  return { open, setOpen, toggle }
}
