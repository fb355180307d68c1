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

export function setSidebarOpen(open: boolean) {
  try {
    window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(open))
  } catch {}
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
