/**
 * URL checks shared by the API, the pages and the forms (no server imports here).
 *
 * `safeRedirect` is the one check for every `redirect=` target (page guards, /login and
 * /register, the sign-in endpoints, the external provider): only a path on this site.
 * Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\t/evil.example`
 * and `/\evil.example` would leave the site just like `//evil.example`.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
/** Control characters, and U+FFFD: what a control character in a page's query was turned into. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const REFUSED_IN_REDIRECT = /[\u0000-\u001f\u007f-\u009f\ufffd]/
const PLACEHOLDER_ORIGIN = 'http://redirect.check.invalid'

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** A same-origin path (`/b/bookings?tab=2`), or null for anything that could leave the site. */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null
  if (!value.startsWith('/')) return null
  const decoded = decodeOnce(value)
  if (decoded === null) return null
  for (const s of [value, decoded]) {
    if (REFUSED_IN_REDIRECT.test(s) || s.includes('\\')) return null
    // `//` anywhere in the path part: `//host` is another origin, and `/a//b` has no use.
    const path = s.split(/[?#]/, 1)[0]
    if (path.includes('//')) return null
  }
  try {
    const url = new URL(value, PLACEHOLDER_ORIGIN)
    if (url.origin !== PLACEHOLDER_ORIGIN) return null
  } catch {
    return null
  }
  return value
}

export const isSafeRedirect = (value: unknown): value is string => safeRedirect(value) !== null

/**
 * http(s) only, with a host: `javascript:`, `data:`, `vbscript:`, `file:` and friends would
 * run or open something in a visitor's browser when shown as a link or an embed.
 */
export function isHttpUrl(s: string): boolean {
  if (typeof s !== 'string' || !/^https?:\/\//i.test(s) || CONTROL.test(s)) return false
  try {
    const u = new URL(s)
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname
  } catch {
    return false
  }
}
