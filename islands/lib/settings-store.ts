/**
 * The stored Settings flag (section 2: the dialog is toggled by a stored flag): kept in
 * sessionStorage so a reload keeps the dialog where it was. Shared by the shell (the Settings
 * entry) and the settings-dialog island through the common chunk.
 */
import { useSyncExternalStore } from 'react'

export const SETTINGS_KEY = 'summit.settings-open'
const listeners = new Set<() => void>()

function read() {
  try {
    // A mailed link (`?settings=security`) opens the dialog.
    if (new URLSearchParams(location.search).has('settings')) return true
    return sessionStorage.getItem(SETTINGS_KEY) === 'true'
  } catch {
    return false
  }
}

export function setSettingsOpen(open: boolean) {
  try {
    sessionStorage.setItem(SETTINGS_KEY, String(open))
    // Closed: the mailed link's `?settings=` has done its work.
    const url = new URL(location.href)
    if (!open && url.searchParams.has('settings')) {
      url.searchParams.delete('settings')
      history.replaceState(history.state, '', url)
    }
  } catch {}
  for (const l of listeners) l()
}

export const openSettings = () => setSettingsOpen(true)

export function useSettingsOpen() {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    read,
    () => false,
  )
}
