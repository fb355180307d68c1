/**
 * File storage: local disk under STORAGE_DIR by default, any S3-compatible service (AWS S3,
 * MinIO, R2, ...) when S3_BUCKET is set, through Bun's built-in S3 client. Keys are
 * relative paths such as `avatars/<id>.png`; callers never see which backend holds them.
 */
import { constants } from 'node:fs'
import { access, mkdir, rm, stat } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import { config } from '../../config'

export interface StoredObject {
  /** A Blob read lazily from disk or from the bucket (BunFile / S3File): `arrayBuffer()`, `slice()`. */
  body: Blob
  size: number
  contentType?: string
  /**
   * The bytes as a Response body, all or `start`..`end` (inclusive; a ranged read of the
   * object, not the whole). Use it for answers: Bun refuses `new Response(s3File, init)`.
   */
  send(range?: { start: number; end: number }): Blob | ReadableStream<Uint8Array>
}

export interface StorageDriver {
  readonly name: 'local' | 's3'
  put(key: string, bytes: Uint8Array | ArrayBuffer | Blob, contentType: string): Promise<void>
  get(key: string): Promise<StoredObject | null>
  delete(key: string): Promise<void>
  /** Throws when the store cannot be used (readiness): the folder is not writable, the bucket does not answer. */
  ping?(): Promise<void>
}

/** A key is a relative path of safe segments: no `..`, no absolute paths, no odd bytes. */
export function assertKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.split('/').includes('..') || key.length > 255)
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
  return key
}

export function localDriver(root: string): StorageDriver {
  const base = resolve(root)
  const pathOf = (key: string) => {
    const full = resolve(base, assertKey(key))
    if (!full.startsWith(base + sep)) throw new Error('Invalid storage key')
    return full
  }
  return {
    name: 'local',
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await Bun.write(path, bytes)
    },
    async get(key) {
      const path = pathOf(key)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile()) return null
      const file = Bun.file(path)
      return { body: file, size: info.size, send: (r) => (r ? file.slice(r.start, r.end + 1) : file) }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    async ping() {
      await mkdir(base, { recursive: true })
      await access(base, constants.W_OK)
    },
  }
}

export function s3Driver(opts: { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string }): StorageDriver {
  const client = new Bun.S3Client({
    bucket: opts.bucket,
    endpoint: opts.endpoint,
    region: opts.region,
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
  })
  return {
    name: 's3',
    async put(key, bytes, contentType) {
      await client.write(assertKey(key), bytes, { type: contentType })
    },
    async get(key) {
      const file = client.file(assertKey(key))
      // One HEAD: a missing key is null; any other failure throws (never a false 404).
      const info = await file.stat().catch((e: { code?: string }) => {
        if (e?.code === 'NoSuchKey' || e?.code === 'ERR_S3_FILE_NOT_FOUND') return null
        throw e
      })
      if (!info) return null
      return { body: file, size: info.size, contentType: info.type, send: (r) => (r ? file.slice(r.start, r.end + 1) : file).stream() }
    },
    async delete(key) {
      await client.delete(assertKey(key)).catch((e: any) => {
        if (e?.code !== 'NoSuchKey') throw e
      })
    },
    async ping() {
      // The bucket answers a listing of one key (a missing bucket or bad credentials throw).
      await client.list({ maxKeys: 1 })
    },
  }
}

let driver: StorageDriver | null = null

/** The driver in force: S3 when S3_BUCKET is configured, else the local disk. */
export function storage(): StorageDriver {
  driver ??= config.S3_BUCKET
    ? s3Driver({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      })
    : localDriver(config.STORAGE_DIR)
  return driver
}

/** Replaces the driver (tests, or a custom backend). */
export function setStorage(d: StorageDriver | null) {
  driver = d
}

export const putObject = (key: string, bytes: Uint8Array | ArrayBuffer | Blob, contentType: string) => storage().put(key, bytes, contentType)
export const getObject = (key: string) => storage().get(key)
export const deleteObject = (key: string) => storage().delete(key)
export const pingStorage = () => storage().ping?.() ?? Promise.resolve()
