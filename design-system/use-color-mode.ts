import { useCallback, useSyncExternalStore } from 'react'
import { type ColorModePreference, getColorModePreference, setColorMode, subscribeColorMode } from './color-mode'

/**
 * The colour-mode preference as React state. `serverPreference` is what the server rendered
 * (from the cookie) so hydration matches.
 */
export function useColorMode(serverPreference: ColorModePreference = 'auto') {
  const preference = useSyncExternalStore(subscribeColorMode, getColorModePreference, () => serverPreference)
  const setPreference = useCallback((value: ColorModePreference) => setColorMode(value), [])
  return { preference, setPreference }
}
