/**
 * The social preview of a workshop page (Open Graph and Twitter cards): a 1200x630 JPEG drawn
 * with sharp from the workshop's picture (when it is stored here: pictures elsewhere are never
 * fetched) under an SVG of the title, date and time on the venue's clock, place, coach and price.
 *
 * Made once per content and kept in storage (`og/workshops/<schedule id>/<version>.jpg`, so any
 * app server can answer it); the version is a hash of everything drawn, so the page links
 * `...?v=<version>` and a changed workshop gets a new address that social networks fetch again.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import sharp from 'sharp'
import { config } from '../../config'
import { publicImageBytes } from '../../modules/uploads'
import type { SchedulePage } from '../../modules/workshops'
import { getObject, putObject } from '../../platform/storage'
import { dayOf, hoursOf, MODE_LABEL, money, placeOf } from '../screens/marketplace/parts'

export const OG_WIDTH = 1200
export const OG_HEIGHT = 630
/** Changes whenever the drawing changes, so every image is made again. */
const DRAWING = 3

export interface OgInput {
  title: string
  when: string
  place: string
  coach: string
  price: string
  image: string | null
}

/** What the image of a schedule's page shows. */
export function ogInput(p: SchedulePage): OgInput {
  const coach = p.coach as { name?: string | null; username?: string | null } | undefined
  const mode = MODE_LABEL[p.mode] ?? p.mode
  const place = placeOf(p)
  return {
    title: p.workshop.title,
    when: `${dayOf(p.startDate, p.timezone)} · ${hoursOf(p.startDate, p.endDate, p.timezone)}`,
    place: p.mode === 'ONLINE' ? 'Online' : `${mode} · ${place}`,
    coach: coach?.name || coach?.username || '',
    price: money(p.price, p.currency),
    image: p.image,
  }
}

/** The version of an image: a short hash of what it draws. */
export function ogVersion(input: OgInput) {
  return new Bun.CryptoHasher('sha256')
    .update(JSON.stringify([DRAWING, input]))
    .digest('hex')
    .slice(0, 16)
}

/** The absolute address of a schedule's image, versioned. */
export const ogImageUrl = (scheduleId: string, input: OgInput) => `${config.APP_URL}/workshops/${scheduleId}/og-image.jpg?v=${ogVersion(input)}`

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Rough advance widths of Liberation Sans Bold, in em: enough to wrap a title inside its box. */
function widthEm(text: string) {
  let w = 0
  for (const ch of text) {
    if (" .,:;'!|iljtfr()[]".includes(ch)) w += 0.3
    else if ('mwMW@'.includes(ch)) w += 0.86
    else if (ch >= 'A' && ch <= 'Z') w += 0.7
    else if (ch >= '0' && ch <= '9') w += 0.56
    else w += 0.58
  }
  return w
}

/** Words into at most `max` lines of `width` px at `size` px; the last one ends with an ellipsis when cut. */
export function wrap(text: string, size: number, width: number, max: number): string[] {
  const words = text.trim().split(/\s+/)
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    const next = line ? `${line} ${word}` : word
    if (widthEm(next) * size <= width || !line) line = next
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length <= max) return lines.map((l) => fit(l, size, width))
  const kept = lines.slice(0, max)
  kept[max - 1] = fit(`${kept[max - 1]}…`, size, width)
  return kept
}

/** A line cut to `width` (ending with an ellipsis when cut). */
function fit(line: string, size: number, width: number) {
  if (widthEm(line) * size <= width) return line
  let out = line.replace(/…$/, '')
  while (out.length > 1 && widthEm(`${out}…`) * size > width) out = out.slice(0, -1)
  return `${out.trimEnd()}…`
}

function overlay(input: OgInput, photo: boolean) {
  const title = wrap(input.title, 64, 780, 3)
  const titleTop = 250 - (title.length - 1) * 36
  const text = (x: number, y: number, size: number, fill: string, s: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${esc(s)}</text>`
  const priceWidth = Math.ceil(widthEm(input.price) * 34) + 56
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#0c0a09" stop-opacity="0.95"/>
      <stop offset="0.62" stop-color="#0c0a09" stop-opacity="0.86"/>
      <stop offset="1" stop-color="#0c0a09" stop-opacity="${photo ? 0.25 : 0.9}"/>
    </linearGradient>
  </defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${photo ? 'url(#shade)' : '#1c1917'}"/>
  ${photo ? '' : `<path d="M700 630 L930 210 L1060 400 L1150 280 L1290 630 Z" fill="#ffdc00" fill-opacity="0.14"/>`}
  <g transform="translate(72 64)">
    <rect width="52" height="52" rx="13" fill="#ffdc00"/>
    <path d="M10 39 L21 18 L28 28 L32 21 L42 39 Z" fill="#1c1917"/>
  </g>
  ${text(140, 102, 34, '#fafaf9', config.SITE_NAME, 700)}
  ${title.map((l, i) => text(72, titleTop + i * 74, 64, '#fafaf9', l, 700)).join('\n  ')}
  <rect x="72" y="${titleTop + (title.length - 1) * 74 + 34}" width="96" height="6" rx="3" fill="#ffdc00"/>
  ${text(72, titleTop + (title.length - 1) * 74 + 96, 32, '#f5f5f4', fit(input.when, 32, 1056))}
  ${text(72, titleTop + (title.length - 1) * 74 + 142, 28, '#d6d3d1', fit(input.place, 28, 1056))}
  ${input.coach ? text(72, 566, 30, '#f5f5f4', fit(`with ${input.coach}`, 30, OG_WIDTH - 72 * 2 - priceWidth - 40), 700) : ''}
  <rect x="${OG_WIDTH - 72 - priceWidth}" y="524" width="${priceWidth}" height="60" rx="30" fill="#ffdc00"/>
  ${text(OG_WIDTH - 72 - priceWidth + 28, 566, 34, '#1c1917', input.price, 700)}
</svg>`
}

/** Draws the image (JPEG bytes). */
export async function drawOgImage(input: OgInput, picture: Uint8Array | null): Promise<Uint8Array> {
  const svg = Buffer.from(overlay(input, !!picture))
  const base = picture
    ? sharp(picture, { failOn: 'none' }).rotate().resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover', position: 'attention' })
    : sharp({ create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: '#1c1917' } })
  const out = await base
    .composite([{ input: svg, top: 0, left: 0 }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer()
  return new Uint8Array(out)
}

const making = new Map<string, Promise<Uint8Array>>()

/** The image of a schedule's page: from storage when made before, else drawn now (once per server at a time) and stored. */
export async function ogImage(em: EntityManager, scheduleId: string, input: OgInput): Promise<{ version: string; body: Blob | Uint8Array }> {
  const version = ogVersion(input)
  const key = `og/workshops/${scheduleId}/${version}.jpg`
  const kept = await getObject(key)
  if (kept) return { version, body: kept.body }
  let job = making.get(key)
  if (!job) {
    job = (async () => {
      const picture = await publicImageBytes(em, input.image).catch(() => null)
      const bytes = await drawOgImage(input, picture).catch(() => drawOgImage(input, null))
      await putObject(key, bytes, 'image/jpeg')
      return bytes
    })().finally(() => making.delete(key))
    making.set(key, job)
  }
  return { version, body: await job }
}
