/**
 * Uploaded files: checks (size, type by content), storage, the StoredFile row, and the
 * clean-up of temporary files. Other modules store files through `storeUpload`.
 */

import { type FilterQuery, raw } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { fileTypeFromBuffer } from 'file-type'
import { config } from '../../config'
import { fieldError, HttpError } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { log } from '../../platform/log'
import { deleteObject, getObject, putObject } from '../../platform/storage'
import type { ViewOf } from '../../shared/view'
import type { User } from '../users'
import { StoredFile } from './file.entity'
import { isImage, variantKeys } from './image.service'
import type { FileView } from './upload.schema'

export type FileKind = 'avatar' | 'temp' | 'resource' | 'image'

/** Kinds anyone may fetch (avatars, workshop pictures); the rest only their owner and the rules below. */
export const isPublicKind = (kind: string) => kind === 'avatar' || kind === 'image'

/** Avatar types of the spec (png, jpeg, jpg, webp), recognised by their bytes. */
export const AVATAR_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }

export const UPLOAD_MESSAGES = {
  missing: 'Please choose a file to upload.',
  empty: 'The file is empty.',
  avatarType: 'The avatar must be an image of type: png, jpeg, jpg, webp.',
  tooLarge: (max: number) => `The file may not be larger than ${formatBytes(max)}.`,
} as const

export function formatBytes(n: number) {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`
  return `${n} bytes`
}

export const fileUrl = (f: Pick<StoredFile, 'id'>) => `/v1/files/${f.id}`

/**
 * The stored bytes of a public image (an avatar or a workshop picture) named by its address on
 * this site (`/v1/files/{id}`, relative or under APP_URL), else null: never fetched from elsewhere.
 */
export async function publicImageBytes(em: EntityManager, src: string | null | undefined): Promise<Uint8Array | null> {
  if (!src) return null
  const path = src.startsWith(config.APP_URL) ? src.slice(config.APP_URL.length) : src
  const id = /^\/v1\/files\/([0-9a-f-]{36})$/i.exec(path)?.[1]
  if (!id || !isId(id)) return null
  const file = await em.findOne(StoredFile, { id }, { filters: false })
  if (!file || !isPublicKind(file.kind) || !isImage(file)) return null
  const obj = await getObject(file.key)
  return obj ? new Uint8Array(await obj.body.arrayBuffer()) : null
}

/** The `file` field of a multipart body, or a 422 on `file`. */
export function fileFromBody(body: unknown, field = 'file'): File {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined
  const file = Array.isArray(value) ? value[0] : value
  if (!(file instanceof Blob)) throw fieldError(field, UPLOAD_MESSAGES.missing)
  return file as File
}

/** Basename only, no control or path characters, at most 255 characters. */
export function safeName(name: string | undefined | null) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  const clean = base
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .trim()
    .slice(-255)
  return clean || null
}

const DECLARED = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/

/**
 * Checks and stores an upload. The type is read from the content (magic bytes), never from
 * the name; `allowed` limits it (mime -> extension). Without `allowed`, a type the content
 * does not reveal falls back to the declared one (served as a download).
 */
export async function storeUpload(
  em: EntityManager,
  opts: { file: File; owner: User | null; kind: FileKind; allowed?: Record<string, string>; typeMessage?: string; field?: string },
) {
  const field = opts.field ?? 'file'
  const { file } = opts
  if (file.size > config.UPLOAD_MAX_BYTES) {
    const message = UPLOAD_MESSAGES.tooLarge(config.UPLOAD_MAX_BYTES)
    throw new HttpError(413, message, { [field]: [message] })
  }
  if (file.size === 0) throw fieldError(field, UPLOAD_MESSAGES.empty)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const detected = await fileTypeFromBuffer(bytes)
  let mimeType: string
  let ext: string | undefined
  if (opts.allowed) {
    if (!detected || !opts.allowed[detected.mime]) throw fieldError(field, opts.typeMessage ?? 'The file type is not allowed.')
    mimeType = detected.mime
    ext = opts.allowed[detected.mime]
  } else {
    const declared = (file.type || '').split(';')[0].trim().toLowerCase()
    mimeType = detected?.mime ?? (DECLARED.test(declared) ? declared : 'application/octet-stream')
    ext = detected?.ext
  }
  const id = Bun.randomUUIDv7()
  const folder = opts.kind === 'avatar' ? 'avatars' : opts.kind === 'temp' ? 'temp' : opts.kind === 'image' ? 'images' : 'files'
  const key = `${folder}/${id}${ext ? `.${ext}` : ''}`
  await putObject(key, bytes, mimeType)
  const row = em.create(StoredFile, {
    id,
    owner: opts.owner,
    kind: opts.kind,
    key,
    originalName: safeName(file.name),
    mimeType,
    size: bytes.byteLength,
  })
  try {
    await em.flush()
  } catch (e) {
    await deleteObject(key).catch(() => {})
    throw e
  }
  return row
}

/**
 * Makes a temporary upload permanent for another resource (e.g. a workshop resource's file),
 * so the daily sweep leaves it alone. Only the uploader's own temp file can be claimed;
 * answers null otherwise.
 */
export async function claimTempFile(em: EntityManager, id: string, ownerId: string, kind: Exclude<FileKind, 'temp'> = 'resource') {
  if (!isId(id)) return null
  const file = await em.findOne(StoredFile, { id, kind: 'temp', owner: ownerId })
  if (!file) return null
  file.kind = kind
  await em.flush()
  return file
}

/** Who may download a non-public file: by default its owner; modules add rules per kind. */
/** `user` is null for a visitor who is not signed in (a rule may still open a file to everyone). */
export type FileAccessRule = (file: StoredFile, user: User | null) => Promise<boolean> | boolean
const accessRules = new Map<string, FileAccessRule>()
export function allowFileAccess(kind: FileKind, rule: FileAccessRule) {
  accessRules.set(kind, rule)
}
export async function mayRead(file: StoredFile, user: User | null, superAdmin: boolean) {
  if (isPublicKind(file.kind)) return true
  if (user && (superAdmin || file.owner?.id === user.id)) return true
  const rule = accessRules.get(file.kind)
  return rule ? Boolean(await rule(file, user)) : false
}

export const serializeFile = (f: StoredFile): ViewOf<typeof FileView> => ({
  id: f.id,
  url: fileUrl(f),
  name: f.originalName ?? null,
  size: f.size,
  mimeType: f.mimeType,
  kind: f.kind,
  createdAt: f.createdAt,
})

async function sweep(em: EntityManager, where: FilterQuery<StoredFile>) {
  let removed = 0
  for (;;) {
    const batch = await em.find(StoredFile, where, { limit: 200, orderBy: { createdAt: 'asc' } })
    if (!batch.length) break
    for (const f of batch) {
      await deleteObject(f.key).catch((err) => log.warn({ err, key: f.key }, 'could not delete a stored file'))
      // Resized copies made by the image provider go with their original.
      if (isImage(f)) for (const key of variantKeys(f)) await deleteObject(key).catch(() => {})
    }
    await em.nativeDelete(StoredFile, { id: { $in: batch.map((f) => f.id) } })
    removed += batch.length
    if (batch.length < 200) break
  }
  return removed
}

/** Deletes temporary files older than `maxAgeMs` (default a day); answers how many went. */
export function cleanupTempFiles(em: EntityManager, maxAgeMs = 86_400_000, now = new Date()) {
  return sweep(em, { kind: 'temp', createdAt: { $lt: new Date(now.getTime() - maxAgeMs) } })
}

/**
 * Deletes avatars that no user (deleted ones included) points at and that are older than
 * `maxAgeMs`: uploads never applied, and avatars since replaced. The grace period lets a
 * client PATCH the id it just got, and cached copies of a replaced avatar expire first.
 */
export function cleanupOrphanAvatars(em: EntityManager, maxAgeMs = 86_400_000, now = new Date()) {
  return sweep(em, {
    kind: 'avatar',
    createdAt: { $lt: new Date(now.getTime() - maxAgeMs) },
    [raw((a) => `not exists (select 1 from users u where u.avatar = ${a}.id)`)]: [],
  } as FilterQuery<StoredFile>)
}
