/** The image provider: `GET /v1/files/{key}?w=&format=` resizes and converts stored images. */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import sharp from 'sharp'
import { IMAGE_WIDTHS, variantKey } from '../../src/modules/uploads/image.service'
import { getObject } from '../../src/platform/storage'
import { actor, app } from '../client'

setDefaultTimeout(60_000)

/** A real 1800x1200 PNG (gradient), wider than every width asked below. */
async function bigPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#2563eb"/></linearGradient></defs><rect width="1800" height="1200" fill="url(#g)"/></svg>`
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer())
}

async function upload() {
  const { client } = await actor()
  const f = new FormData()
  f.append('file', new File([(await bigPng()) as BlobPart], 'cover.png', { type: 'image/png' }))
  const r = await client.post('/v1/uploads/avatar', f)
  expect(r.status).toBe(201)
  return r.body.data as { id: string; url: string }
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(app().url + path, { headers })

describe('image provider', () => {
  test('the widths are the section 9 breakpoints at densities 1 and 2', () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072])
  })

  test('?w=640 answers a webp 640 pixels wide, cached for a year with an ETag, kept in storage', async () => {
    const file = await upload()
    const res = await get(`${file.url}?w=640`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = res.headers.get('etag')!
    expect(etag).toContain('640')
    const bytes = Buffer.from(await res.arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(640)
    expect(meta.height).toBe(427)
    // Made once: the variant is in storage for every server.
    expect(await getObject(variantKey({ id: file.id }, { width: 640, format: 'webp' }))).not.toBeNull()
    expect((await get(`${file.url}?w=640`, { 'if-none-match': etag })).status).toBe(304)
    // Another width is another variant.
    const small = await sharp(Buffer.from(await (await get(`${file.url}?w=320&format=webp`)).arrayBuffer())).metadata()
    expect(small.width).toBe(320)
  })

  test('avif when the browser accepts it and no format is asked; an explicit format wins', async () => {
    const file = await upload()
    const avif = await get(`${file.url}?w=320`, { accept: 'image/avif,image/webp,*/*' })
    expect(avif.status).toBe(200)
    expect(avif.headers.get('content-type')).toBe('image/avif')
    expect(avif.headers.get('vary')).toContain('accept')
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(320)
    const webp = await get(`${file.url}?w=320&format=webp`, { accept: 'image/avif,*/*' })
    expect(webp.headers.get('content-type')).toBe('image/webp')
  })

  test('without w or format the stored bytes come back as they are', async () => {
    const file = await upload()
    const res = await get(file.url)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(await bigPng())
  })

  test('an unsupported width or format is a 422; an unknown key is a 404', async () => {
    const file = await upload()
    for (const w of ['641', '0', '99999', 'abc', '-320']) {
      const res = await get(`${file.url}?w=${w}`, { accept: 'application/json' })
      expect(res.status).toBe(422)
      expect((await res.json()).errors.w[0]).toContain('320, 640, 768')
    }
    const fmt = await get(`${file.url}?w=640&format=bmp`, { accept: 'application/json' })
    expect(fmt.status).toBe(422)
    expect(Object.keys((await fmt.json()).errors)).toEqual(['format'])
    expect((await get(`/v1/files/${crypto.randomUUID()}?w=640`)).status).toBe(404)
    expect((await get('/v1/files/not-a-key?w=640')).status).toBe(404)
  })

  test('a file that is not an image cannot be resized (422); private files stay private', async () => {
    const { client } = await actor()
    const f = new FormData()
    f.append('file', new File(['plain text'], 'notes.txt', { type: 'text/plain' }))
    const r = await client.post('/v1/upload-temp', f)
    expect(r.status).toBe(201)
    // Anonymous: the private file does not exist for them, with or without a width.
    expect((await get(`${r.body.data.url}?w=640`)).status).toBe(404)
    const own = await client.get(`${r.body.data.url}?w=640`)
    expect(own.status).toBe(422)
  })
})
