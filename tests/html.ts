/**
 * What a page runs: its `<script>` elements, leaving out the two every page served the same to
 * everyone may carry (the colour-mode cookie's inline script, which only sets an attribute
 * before the body paints, and JSON-LD, which is data).
 */
import { cookieColorModeScript } from '../design-system/color-mode'

export function scriptsOf(html: string): string[] {
  const bare = html.replace(`<script>${cookieColorModeScript}</script>`, '')
  return [...bare.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/type="application\/ld\+json"/.test(tag))
}
