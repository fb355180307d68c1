/**
 * Keyboard shortcuts of section 2: meta+shift+L logs out, meta+/ focuses search,
 * meta+shift+D toggles dark and light. Ctrl works too on keyboards without a meta key.
 */
export type Shortcut = 'logout' | 'search' | 'toggle-color-mode'

export function shortcutOf(e: Pick<KeyboardEvent, 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'key' | 'code'>): Shortcut | null {
  if (!(e.metaKey || e.ctrlKey) || e.altKey) return null
  if (e.shiftKey && (e.code === 'KeyL' || e.key.toLowerCase() === 'l')) return 'logout'
  if (e.shiftKey && (e.code === 'KeyD' || e.key.toLowerCase() === 'd')) return 'toggle-color-mode'
  if (!e.shiftKey && (e.key === '/' || e.code === 'Slash')) return 'search'
  return null
}
