/**
 * The S3 storage driver (Bun's S3 client) against an S3-compatible server on loopback (s3rver,
 * started here; it speaks the S3 REST API and keeps objects on disk): put, get, ranged reads,
 * delete, key checks, and the image variants cache of GET /v1/files/{id} on top of it.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import S3rver from 's3rver'
import sharp from 'sharp'
import { assertKey, type StorageDriver, s3Driver, setStorage } from '../../src/platform/storage'
import { actor, app } from '../client'

setDefaultTimeout(60_000)

const BUCKET = 'summit-test'
const dir = mkdtempSync(join(process.env.SUMMIT_TMP ?? '/tmp', 'summit-s3-'))
let server: S3rver
let endpoint = ''
let driver: StorageDriver
let raw: InstanceType<typeof Bun.S3Client>

beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] })
  const { port } = await server.run()
  endpoint = `http://127.0.0.1:${port}`
  const creds = { bucket: BUCKET, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  driver = s3Driver(creds)
  raw = new Bun.S3Client(creds)
})

afterAll(async () => {
  setStorage(null)
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Avatars are public files: fetched as a browser would. */
const fetchFile = (path: string, headers: Record<string, string> = {}) => fetch(app().url + path, { headers })
const text = (s: string) => new TextEncoder().encode(s)

describe('S3 storage driver', () => {
  test('put, get with size and type, ranged reads, delete', async () => {
    const body = text('0123456789abcdefghij')
    await driver.put('docs/a.txt', body, 'text/plain')
    // In the bucket under that key.
    expect(await raw.file('docs/a.txt').text()).toBe('0123456789abcdefghij')
    const got = await driver.get('docs/a.txt')
    expect(got).not.toBeNull()
    expect(got!.size).toBe(20)
    expect(got!.contentType).toStartWith('text/plain')
    expect(await got!.body.text()).toBe('0123456789abcdefghij')
    // A range read asks the store for those bytes only.
    expect(await got!.body.slice(5, 10).text()).toBe('56789')
    expect(await new Response(got!.send({ start: 10, end: 14 })).text()).toBe('abcde')
    expect(await new Response(got!.send()).text()).toBe('0123456789abcdefghij')
    // A Response with headers takes the body (Bun refuses an S3 file there).
    const res = new Response(got!.send(), { headers: { 'content-type': 'text/plain' } })
    expect(await res.text()).toBe('0123456789abcdefghij')

    await driver.delete('docs/a.txt')
    expect(await driver.get('docs/a.txt')).toBeNull()
    expect(await raw.file('docs/a.txt').exists()).toBe(false)
    // Deleting what is not there is fine; reading it is null, not an error.
    await driver.delete('docs/a.txt')
    expect(await driver.get('docs/never.txt')).toBeNull()
  })

  test('binary bytes round-trip unchanged; a Blob body works too', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256)
    await driver.put('bin/x.bin', new Blob([bytes]), 'application/octet-stream')
    const got = await driver.get('bin/x.bin')
    expect(new Uint8Array(await got!.body.arrayBuffer())).toEqual(bytes)
    expect(new Uint8Array(await got!.body.slice(65_536, 65_546).arrayBuffer())).toEqual(bytes.subarray(65_536, 65_546))
  })

  test('unsafe keys are refused before any request', async () => {
    for (const key of ['../x', '/abs', 'a/../b', 'a//b', 'a b', '', `${'a'.repeat(256)}`]) {
      expect(() => assertKey(key)).toThrow()
      await expect(driver.put(key, text('x'), 'text/plain')).rejects.toThrow()
    }
  })

  test('a store that does not answer is an error, not a missing file', async () => {
    const gone = s3Driver({ bucket: BUCKET, endpoint: 'http://127.0.0.1:9', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' })
    await expect(gone.get('docs/a.txt')).rejects.toBeDefined()
  })
})

describe('files and image variants on S3', () => {
  test('an upload lands in the bucket; variants are made once, kept there and served from there', async () => {
    setStorage(driver)
    try {
      const a = await actor()
      const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } } })
        .png()
        .toBuffer()
      const form = new FormData()
      form.append('file', new File([png], 'p.png', { type: 'image/png' }))
      const up = await a.client.post('/v1/uploads/avatar', form)
      expect(up.status).toBe(201)
      const id = up.body.data.id as string
      const keys = async () => {
        const list = await raw.list({ prefix: '' })
        return (list.contents ?? []).map((o) => o.key)
      }
      const original = (await keys()).find((k) => k.includes(id))
      expect(original).toBeDefined()

      const whole = await fetchFile(`/v1/files/${id}`)
      expect(whole.status).toBe(200)
      expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(true)
      const part = await fetchFile(`/v1/files/${id}`, { range: 'bytes=-16' })
      expect(part.status).toBe(206)
      expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(png.length - 16))).toBe(true)
      expect((await fetchFile(`/v1/files/${id}`, { range: `bytes=${png.length}-` })).status).toBe(416)

      const v1 = await fetchFile(`/v1/files/${id}?w=640&format=webp`)
      expect(v1.status).toBe(200)
      const made = Buffer.from(await v1.arrayBuffer())
      expect((await sharp(made).metadata()).width).toBe(640)
      expect(await keys()).toContain(`variants/${id}/640.webp`)
      // Served from the bucket afterwards: still there with the original gone...
      await raw.delete(original!)
      const v2 = await fetchFile(`/v1/files/${id}?w=640&format=webp`)
      expect(v2.status).toBe(200)
      expect(Buffer.from(await v2.arrayBuffer()).equals(made)).toBe(true)
      // ...while a variant not made yet cannot be.
      expect((await fetchFile(`/v1/files/${id}?w=320&format=webp`)).status).toBe(404)
    } finally {
      setStorage(null)
    }
  })
})
