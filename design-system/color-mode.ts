/**
 * Colour mode: the preference (auto | light | dark) lives in the `color-mode` cookie so the
 * server renders <html> with the right attributes on the first byte. `auto` is resolved in
 * the browser before first paint by `colorModeScript` (inline, in <head>) and, without
 * JavaScript, by the stylesheet's `prefers-color-scheme` media query on `[data-color-mode=auto]`.
 */
import { COLOR_MODE_COOKIE, COLOR_MODES, type ColorModePreference, DEFAULT_COLOR_MODE, type ResolvedColorMode } from './constants'

export type { ColorModePreference, ResolvedColorMode }
export { COLOR_MODE_COOKIE, COLOR_MODES, DEFAULT_COLOR_MODE }

const ONE_YEAR = 60 * 60 * 24 * 365

export function isColorMode(value: unknown): value is ColorModePreference {
  return typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value)
}

/** A cookie value (or anything) to a preference; unknown values mean `auto`. */
export function parseColorMode(value: unknown): ColorModePreference {
  return isColorMode(value) ? value : DEFAULT_COLOR_MODE
}

/** Reads the preference from a Cookie header (server side). */
export function colorModeFromCookieHeader(header: string | null | undefined): ColorModePreference {
  if (!header) return DEFAULT_COLOR_MODE
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === COLOR_MODE_COOKIE) return parseColorMode(decodeURIComponent(rest.join('=')))
  }
  return DEFAULT_COLOR_MODE
}

/** `auto` resolved against the system preference (`systemDark`). */
export function resolveColorMode(preference: ColorModePreference, systemDark: boolean): ResolvedColorMode {
  if (preference === 'auto') return systemDark ? 'dark' : 'light'
  return preference
}

/**
 * Attributes for the server-rendered <html>: `data-color-mode` always; the `dark`/`light`
 * class only when the preference is explicit (for `auto` the inline script adds it).
 * Pass `forced` for pages that always use one mode (e.g. /workshops is light).
 */
export function htmlColorModeAttributes(preference: ColorModePreference, forced?: ResolvedColorMode) {
  const mode = forced ?? preference
  return {
    'data-color-mode': mode,
    className: mode === 'auto' ? undefined : mode,
    style: mode === 'auto' ? undefined : { colorScheme: mode },
  } as { 'data-color-mode': ColorModePreference; className?: string; style?: { colorScheme: string } }
}

/** Same as htmlColorModeAttributes, as an attribute string for hand-written HTML. */
export function htmlColorModeAttributeString(preference: ColorModePreference, forced?: ResolvedColorMode): string {
  const mode = forced ?? preference
  return mode === 'auto' ? `data-color-mode="auto"` : `data-color-mode="${mode}" class="${mode}" style="color-scheme:${mode}"`
}

/**
 * Inline <head> script (runs before the body paints): for `auto`, adds the `dark`/`light`
 * class from the system preference and follows changes of it. Tiny and dependency-free.
 */
export const colorModeScript = `(function(){try{var d=document.documentElement,m=window.matchMedia("(prefers-color-scheme: dark)");function a(){if(d.getAttribute("data-color-mode")!=="auto")return;var k=m.matches?"dark":"light";d.classList.remove(k==="dark"?"light":"dark");d.classList.add(k);d.style.colorScheme=k}a();m.addEventListener("change",a)}catch(e){}})()`

/**
 * Inline <head> script for a page rendered the same for everyone (a page a shared cache keeps
 * ignores the cookie): applies the visitor's own `color-mode` cookie before the body paints,
 * where the page left the mode to the visitor (`data-color-mode="auto"`).
 */
export const cookieColorModeScript = `(function(){try{var m=/(?:^|;\\s*)${COLOR_MODE_COOKIE}=(light|dark)(?:;|$)/.exec(document.cookie),d=document.documentElement;if(!m||d.getAttribute("data-color-mode")!=="auto")return;d.setAttribute("data-color-mode",m[1]);d.classList.add(m[1]);d.style.colorScheme=m[1];var c=document.querySelector('meta[name="color-scheme"]');if(c)c.setAttribute("content",m[1])}catch(e){}})()`

/** Browser: the current preference as written on <html>. */
export function getColorModePreference(): ColorModePreference {
  if (typeof document === 'undefined') return DEFAULT_COLOR_MODE
  return parseColorMode(document.documentElement.getAttribute('data-color-mode'))
}

/** Browser: the mode actually shown now. */
export function getResolvedColorMode(): ResolvedColorMode {
  if (typeof document === 'undefined') return 'light'
  const preference = getColorModePreference()
  return resolveColorMode(preference, window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false)
}

const listeners = new Set<() => void>()

/** Browser: applies a preference to <html> (no cookie). */
export function applyColorMode(preference: ColorModePreference) {
  if (typeof document === 'undefined') return
  const html = document.documentElement
  const resolved = resolveColorMode(preference, window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false)
  html.setAttribute('data-color-mode', preference)
  html.classList.remove(resolved === 'dark' ? 'light' : 'dark')
  html.classList.add(resolved)
  html.style.colorScheme = resolved
  for (const listener of listeners) listener()
}

/** Browser: applies a preference and stores it in the cookie the server reads. */
export function setColorMode(preference: ColorModePreference) {
  if (typeof document === 'undefined') return
  document.cookie = `${COLOR_MODE_COOKIE}=${preference}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`
  applyColorMode(preference)
}

/** Browser: dark <-> light from what is shown now (the meta+shift+D shortcut). */
export function toggleColorMode(): ResolvedColorMode {
  const next: ResolvedColorMode = getResolvedColorMode() === 'dark' ? 'light' : 'dark'
  setColorMode(next)
  return next
}

/** Subscribe to preference changes made through applyColorMode/setColorMode. */
export function subscribeColorMode(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
