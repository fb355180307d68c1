/**
 * The cover of a workshop without a picture: the product's mountain mark and the title's
 * initials on a tone picked from the title (the same title, the same cover). Inline SVG: no
 * request, no script, the same on the home page, the marketplace and the workshop page, so no
 * card shows an empty block. Decorative (hidden from assistive technology: the title is beside it).
 */
import { css, cx } from 'styled-system/css'

const COVER_TONES = [
  ['#1c1917', '#ffdc00'],
  ['#1e3a5f', '#7dd3fc'],
  ['#14532d', '#86efac'],
  ['#4c1d95', '#c4b5fd'],
  ['#7c2d12', '#fdba74'],
  ['#134e4a', '#5eead4'],
] as const
const coverSvg = css({ display: 'block', w: 'full', h: 'full' })
function toneOf(seed: string) {
  let h = 0
  for (let i = 0; i < seed.length; i++) h = (h * 31 + seed.charCodeAt(i)) >>> 0
  return COVER_TONES[h % COVER_TONES.length]!
}
/** The cover of a workshop without a picture (inline SVG: no request, same look everywhere). */
export function GeneratedCover({ title, className }: { title: string; className?: string }) {
  const [bg, accent] = toneOf(title)
  const initials = title
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('')
  return (
    <svg viewBox="0 0 640 400" aria-hidden="true" className={cx(coverSvg, className)} preserveAspectRatio="xMidYMid slice">
      <rect width="640" height="400" fill={bg} />
      <path d="M0 400 L170 190 L260 290 L380 120 L640 400 Z" fill={accent} fillOpacity="0.22" />
      <path d="M120 400 L300 210 L400 300 L500 230 L640 340 L640 400 Z" fill={accent} fillOpacity="0.35" />
      <text x="40" y="92" fill="#fafaf9" fontFamily="Liberation Sans, Arial, sans-serif" fontWeight="700" fontSize="64">
        {initials}
      </text>
    </svg>
  )
}
