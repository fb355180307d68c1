/**
 * Storage drivers: the local disk and an S3-compatible service. The S3 driver talks through
 * Bun's real S3 client to a minimal S3-compatible server on loopback (path-style PUT, GET,
 * HEAD, DELETE), so requests, keys and content types are exercised end to end.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assertKey, localDriver, type StorageDriver, s3Driver } from '../../src/platform/storage'

const objects = new Map<string, { bytes: Uint8Array; type: string }>()
const seen: string[] = []
const s3 = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    const path = decodeURIComponent(new URL(req.url).pathname)
    seen.push(`${req.method} ${path}`)
    if (!req.headers.get('authorization')?.startsWith('AWS4-HMAC-SHA256')) return new Response('unsigned', { status: 403 })
    const obj = objects.get(path)
    switch (req.method) {
      case 'PUT':
        objects.set(path, { bytes: new Uint8Array(await req.arrayBuffer()), type: req.headers.get('content-type') ?? 'application/octet-stream' })
        return new Response(null, { status: 200, headers: { etag: '"1"' } })
      case 'HEAD':
      case 'GET':
        if (!obj)
          return new Response(req.method === 'GET' ? '<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>' : null, {
            status: 404,
            headers: { 'content-type': 'application/xml' },
          })
        return new Response(req.method === 'GET' ? (obj.bytes as BodyInit) : null, {
          headers: { 'content-type': obj.type, 'content-length': String(obj.bytes.length), etag: '"1"', 'last-modified': new Date().toUTCString() },
        })
      case 'DELETE':
        objects.delete(path)
        return new Response(null, { status: 204 })
    }
    return new Response('no', { status: 405 })
  },
})

const dirs: string[] = []
afterAll(async () => {
  s3.stop(true)
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

async function roundTrip(d: StorageDriver) {
  const bytes = new TextEncoder().encode('summit bytes')
  await d.put('avatars/a1.png', bytes, 'image/png')
  const got = await d.get('avatars/a1.png')
  expect(got).not.toBeNull()
  expect(got!.size).toBe(bytes.length)
  expect(new Uint8Array(await got!.body.arrayBuffer())).toEqual(bytes)
  expect(await d.get('avatars/missing.png')).toBeNull()
  await d.delete('avatars/a1.png')
  expect(await d.get('avatars/a1.png')).toBeNull()
  await d.delete('avatars/a1.png') // deleting twice is fine
}

describe('storage', () => {
  test('local disk driver', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'summit-storage-'))
    dirs.push(dir)
    await roundTrip(localDriver(dir))
  })

  test('S3-compatible driver through Bun.S3Client', async () => {
    const d = s3Driver({ bucket: 'summit', endpoint: `http://127.0.0.1:${s3.port}`, region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret' })
    await roundTrip(d)
    expect(seen).toContain('PUT /summit/avatars/a1.png')
    expect(seen).toContain('DELETE /summit/avatars/a1.png')
  })

  test('keys cannot escape the storage root', () => {
    for (const bad of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', '', 'a/.hidden/../x']) expect(() => assertKey(bad)).toThrow()
    expect(assertKey('temp/0190-abc.txt')).toBe('temp/0190-abc.txt')
  })
})
