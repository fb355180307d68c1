/** Avatar and temporary uploads, type by content, size limit, serving files back, _method=PUT. */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { config } from '../../src/config'
import { StoredFile } from '../../src/modules/uploads/file.entity'
import { allowFileAccess, claimTempFile, cleanupOrphanAvatars, cleanupTempFiles } from '../../src/modules/uploads/upload.service'
import { getObject } from '../../src/platform/storage'
import { actor, app, Client, em, superAdmin } from '../client'

// Each test makes many requests; a busy machine must not turn slowness into failures.
setDefaultTimeout(60_000)

/** A real 1x1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
/** A real 1x1 JPEG. */
const JPEG = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  ),
  (c) => c.charCodeAt(0),
)

const form = (bytes: Uint8Array | string, name: string, type: string, extra: Record<string, string> = {}) => {
  const f = new FormData()
  f.append('file', new File([bytes as BlobPart], name, { type }))
  for (const [k, v] of Object.entries(extra)) f.append(k, v)
  return f
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer())

describe('avatar upload', () => {
  test('a real PNG is accepted, stored and served back byte for byte, publicly and cached', async () => {
    const { client, user } = await actor()
    const r = await client.post('/v1/uploads/avatar', form(PNG, 'me.png', 'image/png'))
    expect(r.status).toBe(201)
    expect(r.body.data.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(r.body.data.url).toBe(`/v1/files/${r.body.data.id}`)
    const row = await em().findOneOrFail(StoredFile, { id: r.body.data.id })
    expect(row).toMatchObject({ kind: 'avatar', mimeType: 'image/png', size: PNG.length })
    expect(row.owner?.id).toBe(user.id)

    const res = await fetch(app().url + r.body.data.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toContain('public')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await bytesOf(res)).toEqual(PNG)
    const again = await fetch(app().url + r.body.data.url, { headers: { 'if-none-match': res.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  test('the type is read from the content: a text file named .png is refused, a JPEG named .txt is accepted', async () => {
    const { client } = await actor()
    const fake = await client.post('/v1/uploads/avatar', form('just some text, not an image', 'photo.png', 'image/png'))
    expect(fake.status).toBe(422)
    expect(fake.body.errors.file).toEqual(['The avatar must be an image of type: png, jpeg, jpg, webp.'])
    const gif = await client.post(
      '/v1/uploads/avatar',
      form(Uint8Array.from([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0]), 'a.gif', 'image/gif'),
    )
    expect(gif.status).toBe(422)
    const jpeg = await client.post('/v1/uploads/avatar', form(JPEG, 'notes.txt', 'text/plain'))
    expect(jpeg.status).toBe(201)
    const row = await em().findOneOrFail(StoredFile, { id: jpeg.body.data.id })
    expect(row.mimeType).toBe('image/jpeg')
    expect(row.key.endsWith('.jpg')).toBe(true)
  })

  test('an oversize file is refused with a clear message; a missing file too', async () => {
    const { client } = await actor()
    const big = new Uint8Array(config.UPLOAD_MAX_BYTES + 1)
    big.set(PNG)
    const r = await client.post('/v1/uploads/avatar', form(big, 'big.png', 'image/png'))
    expect(r.status).toBe(413)
    expect(r.body.errors.file).toEqual([`The file may not be larger than ${config.UPLOAD_MAX_BYTES / 1024 / 1024} MB.`])
    const none = new FormData()
    none.append('other', 'x')
    const missing = await client.post('/v1/uploads/avatar', none)
    expect(missing.status).toBe(422)
    expect(missing.body.errors.file).toEqual(['Please choose a file to upload.'])
    const json = await client.post('/v1/uploads/avatar', { file: 'data:image/png;base64,AAAA' })
    expect(json.status).toBe(422)
    expect(json.body.errors.file).toEqual(['Please choose a file to upload.'])
    const temp = await client.post('/v1/upload-temp', { file: 'x' })
    expect(temp.status).toBe(422)
  })

  test('401 without a session', async () => {
    expect((await new Client().post('/v1/uploads/avatar', form(PNG, 'a.png', 'image/png'))).status).toBe(401)
  })

  test("the id becomes the avatar through PATCH; another user's file is refused", async () => {
    const a = await actor()
    const b = await actor()
    const up = await a.client.post('/v1/uploads/avatar', form(PNG, 'a.png', 'image/png'))
    const theirs = await b.client.patch(`/v1/users/${b.user.id}`, { avatar: up.body.data.id })
    expect(theirs.status).toBe(422)
    expect(theirs.body.errors.avatar).toEqual(['The selected avatar is invalid.'])
    const mine = await a.client.patch(`/v1/users/${a.user.id}`, { avatar: up.body.data.id })
    expect(mine.status).toBe(200)
    expect(mine.body.data.avatar).toBe(up.body.data.id)
    expect(mine.body.data.avatarUrl).toBe(`/v1/files/${up.body.data.id}`)
    // temp files are not avatars
    const temp = await a.client.post('/v1/upload-temp', form(PNG, 't.png', 'image/png'))
    expect((await a.client.patch(`/v1/users/${a.user.id}`, { avatar: temp.body.data.id })).status).toBe(422)
    const cleared = await a.client.patch(`/v1/users/${a.user.id}`, { avatar: null })
    expect(cleared.body.data.avatar).toBeNull()
  })

  test('?apply=1 makes it the avatar at once; the public profile shows it', async () => {
    const a = await actor({ roles: ['coach'] })
    const up = await a.client.post('/v1/uploads/avatar?apply=1', form(PNG, 'a.png', 'image/png'))
    expect(up.status).toBe(201)
    const pub = await new Client().get(`/v1/public/users/${a.user.id}`)
    expect(pub.body.data.avatarUrl).toBe(up.body.data.url)
  })

  test('a multipart POST with _method=PUT reaches PUT /v1/users/{id}/avatar', async () => {
    const a = await actor()
    const r = await a.client.post(`/v1/users/${a.user.id}/avatar`, form(PNG, 'a.png', 'image/png', { _method: 'PUT' }))
    expect(r.status).toBe(200)
    expect(r.body.data.avatar).toMatch(/^[0-9a-f-]{36}$/)
    const res = await fetch(app().url + r.body.data.avatarUrl)
    expect(await bytesOf(res)).toEqual(PNG)
    // without the override the POST has no route
    const plain = await a.client.post(`/v1/users/${a.user.id}/avatar`, form(PNG, 'a.png', 'image/png'))
    expect(plain.status).toBe(404)
    // and another user's avatar is off limits, unless a super-admin changes it
    const b = await actor()
    expect((await b.client.post(`/v1/users/${a.user.id}/avatar`, form(PNG, 'a.png', 'image/png', { _method: 'PUT' }))).status).toBe(403)
    const admin = await superAdmin()
    const byAdmin = await admin.client.post(`/v1/users/${a.user.id}/avatar?_method=PUT`, form(JPEG, 'a.jpg', 'image/jpeg'))
    expect(byAdmin.status).toBe(200)
    expect(byAdmin.body.data.id).toBe(a.user.id)
  })
})

describe('temporary upload', () => {
  test('any signed-in user; answers id, url, name, size, mimeType; only the owner can fetch it', async () => {
    const a = await actor()
    const text = 'hello, summit\n'
    const r = await a.client.post('/v1/upload-temp', form(text, '../../notes.txt', 'text/plain'))
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ name: 'notes.txt', size: text.length, mimeType: 'text/plain', url: `/v1/files/${r.body.data.id}` })
    const own = await a.client.get(r.body.data.url)
    expect(own.status).toBe(200)
    expect(own.body).toBe(text)
    expect(own.headers.get('content-disposition')).toStartWith('attachment')
    expect(own.headers.get('cache-control')).toContain('private')
    const other = await actor()
    expect((await other.client.get(r.body.data.url)).status).toBe(404)
    expect((await new Client().get(r.body.data.url)).status).toBe(404)
    expect((await new Client().post('/v1/upload-temp', form(text, 'n.txt', 'text/plain'))).status).toBe(401)
    // HTML is never served as a page
    const html = await a.client.post('/v1/upload-temp', form('<script>alert(1)</script>', 'x.html', 'text/html'))
    const served = await a.client.get(html.body.data.url)
    expect(served.headers.get('content-disposition')).toStartWith('attachment')
    expect(served.headers.get('content-security-policy')).toContain('sandbox')
  })

  test('the mime type comes from the content when it is recognisable', async () => {
    const a = await actor()
    const r = await a.client.post('/v1/upload-temp', form(PNG, 'data.bin', 'application/octet-stream'))
    expect(r.body.data.mimeType).toBe('image/png')
  })

  test('temporary files older than a day are cleaned up, newer ones kept', async () => {
    const a = await actor()
    const oldUp = await a.client.post('/v1/upload-temp', form('old', 'old.txt', 'text/plain'))
    const newUp = await a.client.post('/v1/upload-temp', form('new', 'new.txt', 'text/plain'))
    const m = em()
    const old = await m.findOneOrFail(StoredFile, { id: oldUp.body.data.id })
    await m.nativeUpdate(StoredFile, { id: old.id }, { createdAt: new Date(Date.now() - 25 * 3600_000) })
    const removed = await cleanupTempFiles(em())
    expect(removed).toBeGreaterThanOrEqual(1)
    expect(await em().count(StoredFile, { id: old.id })).toBe(0)
    expect(await getObject(old.key)).toBeNull()
    expect(await em().count(StoredFile, { id: newUp.body.data.id })).toBe(1)
    expect((await a.client.get(oldUp.body.data.url)).status).toBe(404)
    expect((await a.client.get(newUp.body.data.url)).status).toBe(200)
  })

  test('day-old avatars that no user points at are cleaned up; the one in use stays', async () => {
    const a = await actor()
    const unused = await a.client.post('/v1/uploads/avatar', form(PNG, 'a.png', 'image/png'))
    const first = await a.client.post('/v1/uploads/avatar?apply=1', form(PNG, 'b.png', 'image/png'))
    const current = await a.client.post('/v1/uploads/avatar', form(PNG, 'c.png', 'image/png'))
    await a.client.patch(`/v1/users/${a.user.id}`, { avatar: current.body.data.id }) // replaces `first`
    const ids = [unused, first, current].map((r) => r.body.data.id)
    await em().nativeUpdate(StoredFile, { id: { $in: ids } }, { createdAt: new Date(Date.now() - 25 * 3600_000) })
    await cleanupOrphanAvatars(em())
    expect(await em().count(StoredFile, { id: ids[0] })).toBe(0)
    expect(await em().count(StoredFile, { id: ids[1] })).toBe(0)
    expect(await em().count(StoredFile, { id: ids[2] })).toBe(1)
    expect((await fetch(app().url + current.body.data.url)).status).toBe(200)
    // a fresh upload waiting for its PATCH is kept
    const fresh = await a.client.post('/v1/uploads/avatar', form(PNG, 'd.png', 'image/png'))
    await cleanupOrphanAvatars(em())
    expect(await em().count(StoredFile, { id: fresh.body.data.id })).toBe(1)
  })

  test('a claimed temp file survives the sweep; a module can open its kind to other readers', async () => {
    const a = await actor()
    const b = await actor()
    const up = await a.client.post('/v1/upload-temp', form('handout', 'handout.txt', 'text/plain'))
    expect(await claimTempFile(em(), up.body.data.id, b.user.id)).toBeNull() // not b's upload
    const claimed = await claimTempFile(em(), up.body.data.id, a.user.id)
    expect(claimed?.kind).toBe('resource')
    await em().nativeUpdate(StoredFile, { id: up.body.data.id }, { createdAt: new Date(Date.now() - 48 * 3600_000) })
    await cleanupTempFiles(em())
    expect((await a.client.get(up.body.data.url)).status).toBe(200)
    expect((await b.client.get(up.body.data.url)).status).toBe(404)
    allowFileAccess('resource', (_file, user) => user?.id === b.user.id)
    expect((await b.client.get(up.body.data.url)).body).toBe('handout')
    expect((await new Client().get(up.body.data.url)).status).toBe(404)
  })

  test('uploads are rate limited per user (429)', async () => {
    const { UPLOADS_PER_HOUR } = await import('../../src/modules/uploads/upload.routes')
    const a = await actor()
    const m = em()
    await m
      .getConnection()
      .execute("insert into rate_limits (key, hits, reset_at) values (?, ?, now() + interval '1 hour')", [`uploads:${a.user.id}`, UPLOADS_PER_HOUR])
    const r = await a.client.post('/v1/upload-temp', form('x', 'x.txt', 'text/plain'))
    expect(r.status).toBe(429)
    expect(r.headers.get('retry-after')).toBeString()
    expect((await a.client.post('/v1/uploads/avatar', form(PNG, 'a.png', 'image/png'))).status).toBe(429)
  })

  test('unknown or malformed file ids are 404', async () => {
    expect((await new Client().get('/v1/files/01900000-0000-7000-8000-000000000000')).status).toBe(404)
    expect((await new Client().get('/v1/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404)
  })
})
