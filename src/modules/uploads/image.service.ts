/**
 * The default image provider behind `GET /v1/files/{key}?w=&format=`: resizes and converts
 * stored images with sharp (libvips, prebuilt inside the npm package). Widths are the section 9
 * breakpoints at pixel densities 1 and 2; the format is webp by default, avif when the browser
 * accepts it and none was asked for. Each variant is made once and kept in storage beside the
 * original (`variants/<file id>/<width>.<format>`), so any app server can answer it.
 */
import sharp from 'sharp'
import { IMAGE } from '../../../design-system/constants'
import { fieldError } from '../../platform/http/errors'
import { getObject, putObject, type StoredObject } from '../../platform/storage'
import type { StoredFile } from './file.entity'

// One libvips worker thread per image and a small cache: the box is shared with the app.
sharp.concurrency(1)
sharp.cache({ memory: 64, items: 50, files: 0 })

const densities = IMAGE.densities as readonly number[]
/** Every width the provider makes: each breakpoint at each density (320 ... 3072). */
export const IMAGE_WIDTHS: readonly number[] = [...new Set(Object.values(IMAGE.breakpoints).flatMap((w) => densities.map((d) => w * d)))].sort((a, b) => a - b)

export const IMAGE_FORMATS = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpeg: 'image/jpeg' } as const
export type ImageFormat = keyof typeof IMAGE_FORMATS
/** Stored types the provider can read. */
const SOURCE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'])

export interface VariantRequest {
  width: number | null
  format: ImageFormat
}

/**
 * The variant a request asks for, or null for the stored bytes as they are (no `w`, no
 * `format`). An unsupported width or format is a 422 naming the parameter.
 */
export function variantRequest(sp: URLSearchParams, accept: string | null): VariantRequest | null {
  const w = sp.get('w') ?? sp.get('width')
  const f = (sp.get('format') ?? sp.get('fm'))?.toLowerCase()
  if (w === null && !f) return null
  let width: number | null = null
  if (w !== null) {
    width = /^\d{1,5}$/.test(w) ? Number(w) : NaN
    if (!IMAGE_WIDTHS.includes(width)) throw fieldError('w', `The width must be one of ${IMAGE_WIDTHS.join(', ')}.`)
  }
  let format: ImageFormat
  if (!f || f === 'auto') format = accept && /\bimage\/avif\b/.test(accept) ? 'avif' : 'webp'
  else if (f === 'jpg') format = 'jpeg'
  else if (f in IMAGE_FORMATS) format = f as ImageFormat
  else throw fieldError('format', `The format must be one of ${Object.keys(IMAGE_FORMATS).join(', ')} or auto.`)
  return { width, format }
}

export const isImage = (file: Pick<StoredFile, 'mimeType'>) => SOURCE_TYPES.has(file.mimeType)
export const variantKey = (file: Pick<StoredFile, 'id'>, v: VariantRequest) => `variants/${file.id}/${v.width ?? 'full'}.${v.format}`

/** Converts bytes: resize to `width` (never enlarged, aspect kept), encode as `format`. */
export async function convertImage(input: Uint8Array, v: VariantRequest): Promise<Uint8Array> {
  let img = sharp(input, { failOn: 'error' }).rotate()
  if (v.width) img = img.resize({ width: v.width, withoutEnlargement: true })
  const out =
    v.format === 'webp'
      ? img.webp({ quality: 78, effort: 4 })
      : v.format === 'avif'
        ? img.avif({ quality: 55, effort: 2 })
        : v.format === 'png'
          ? img.png({ compressionLevel: 8 })
          : img.jpeg({ quality: 80, mozjpeg: true })
  return new Uint8Array(await out.toBuffer())
}

// Requests for a variant being made right now wait for that one run (per server).
const making = new Map<string, Promise<Uint8Array | null>>()

/** The variant's bytes: from storage when made before, else made now from the original and stored. */
export async function imageVariant(file: StoredFile, v: VariantRequest): Promise<StoredObject | Uint8Array | null> {
  const key = variantKey(file, v)
  const kept = await getObject(key)
  if (kept) return kept
  let job = making.get(key)
  if (!job) {
    job = (async () => {
      const original = await getObject(file.key)
      if (!original) return null
      const bytes = await convertImage(new Uint8Array(await original.body.arrayBuffer()), v)
      await putObject(key, bytes, IMAGE_FORMATS[v.format])
      return bytes
    })().finally(() => making.delete(key))
    making.set(key, job)
  }
  return job
}

/** Every variant key a file may have (removed with the file). */
export const variantKeys = (file: Pick<StoredFile, 'id'>) =>
  [null, ...IMAGE_WIDTHS].flatMap((width) => (Object.keys(IMAGE_FORMATS) as ImageFormat[]).map((format) => variantKey(file, { width, format })))
