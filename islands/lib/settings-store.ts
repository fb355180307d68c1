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
    return sessionStorage.getItem(SETTINGS_KEY) === 'true'
  } catch {
    return false
  }
}

export function setSettingsOpen(open: boolean) {
  try {
    sessionStorage.setItem(SETTINGS_KEY, String(open))
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
