/**
 * Image sources (section 9): sources that are neither absolute URLs nor root paths are file
 * keys served by the default image provider (`/v1/files/<key>`); responsive candidates use the
 * breakpoints xs 320 ... 2xl 1536, pixel densities 1 and 2, and webp by default.
 */
import { IMAGE } from '../../constants'

export type ImageFormat = 'webp' | 'avif' | 'png' | 'jpeg'
export type Breakpoint = keyof typeof IMAGE.breakpoints

/** A source as the browser can load it, or undefined when there is none. */
export function imageProviderUrl(src: string | null | undefined): string | undefined {
  if (!src) return undefined
  if (/^(https?:)?\/\//i.test(src) || src.startsWith('/') || src.startsWith('data:') || src.startsWith('blob:')) return src
  return IMAGE.providerBase + src.split('/').map(encodeURIComponent).join('/')
}

/** Whether the source goes through our own provider (which understands width/format hints). */
function isProvided(url: string) {
  return url.startsWith(IMAGE.providerBase)
}

/** One candidate URL: provider sources get `w` and `format` query hints; others are left alone. */
export function imageUrl(src: string, options: { width?: number; format?: ImageFormat } = {}): string {
  const url = imageProviderUrl(src) ?? ''
  if (!isProvided(url)) return url
  const params = new URLSearchParams()
  if (options.width) params.set('w', String(Math.round(options.width)))
  params.set('format', options.format ?? IMAGE.format)
  return `${url}${url.includes('?') ? '&' : '?'}${params}`
}

/** Breakpoint widths without duplicates (xxl and 2xl are both 1536), ascending. */
export function breakpointWidths(): number[] {
  return [...new Set(Object.values(IMAGE.breakpoints))].sort((a, b) => a - b)
}

/**
 * `srcset` for an image. With `width` (a fixed CSS width): density candidates `1x, 2x`.
 * Without: width candidates for every breakpoint (`320w ... 1536w`), to be paired with `sizes`.
 */
export function imageSrcSet(src: string | null | undefined, options: { width?: number; format?: ImageFormat } = {}): string | undefined {
  const url = imageProviderUrl(src)
  if (!url || !isProvided(url)) return undefined
  const format = options.format ?? IMAGE.format
  if (options.width) {
    return IMAGE.densities.map((d) => `${imageUrl(url, { width: options.width! * d, format })} ${d}x`).join(', ')
  }
  return breakpointWidths()
    .map((w) => `${imageUrl(url, { width: w, format })} ${w}w`)
    .join(', ')
}

/**
 * `sizes` from per-breakpoint widths, e.g. `{ base: '100vw', md: '50vw', lg: '400px' }` ->
 * `(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw`.
 */
export function imageSizes(sizes: Partial<Record<Breakpoint | 'base', string>>): string {
  const entries = (Object.keys(IMAGE.breakpoints) as Breakpoint[])
    .filter((bp) => sizes[bp])
    .sort((a, b) => IMAGE.breakpoints[b] - IMAGE.breakpoints[a])
    .map((bp) => `(min-width: ${IMAGE.breakpoints[bp]}px) ${sizes[bp]}`)
  return [...entries, sizes.base ?? '100vw'].join(', ')
}
