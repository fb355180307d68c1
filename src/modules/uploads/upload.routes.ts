import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { getOrm } from '../../platform/db/current'
import { platform, type RequestContext } from '../../platform/http/context'
import { fieldError, forbidden, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { hit } from '../../platform/http/rate-limit'
import { log } from '../../platform/log'
import { created, dataOf, file, ok } from '../../platform/openapi/responses'
import { getObject } from '../../platform/storage'
import { registerService } from '../../services'
import { serializeUser, User, UserView } from '../users'
import { StoredFile } from './file.entity'
import { IMAGE_FORMATS, IMAGE_WIDTHS, imageVariant, isImage, variantRequest } from './image.service'
import { FileView } from './upload.schema'
import {
  AVATAR_TYPES,
  cleanupOrphanAvatars,
  cleanupTempFiles,
  fileFromBody,
  fileUrl,
  isPublicKind,
  mayRead,
  serializeFile,
  storeUpload,
  UPLOAD_MESSAGES,
} from './upload.service'

const multipart = (description: string) => ({
  content: {
    'multipart/form-data': {
      schema: { type: 'object' as const, required: ['file'], properties: { file: { type: 'string' as const, format: 'binary', description } } },
    },
  },
})

/** Uploads per user per hour (429 past it): storage is not free. */
export const UPLOADS_PER_HOUR = 120
const throttle = (ctx: RequestContext) => hit(ctx.em, `uploads:${ctx.requireUser().id}`, UPLOADS_PER_HOUR, 3600)

async function uploadAvatar(ctx: RequestContext, owner: User, body: unknown) {
  await throttle(ctx)
  return storeUpload(ctx.em, { file: fileFromBody(body), owner, kind: 'avatar', allowed: AVATAR_TYPES, typeMessage: UPLOAD_MESSAGES.avatarType })
}

async function serveFile(ctx: RequestContext, id: string, request: Request) {
  // Bad width/format first: a clear 422 whatever the key.
  const variant = variantRequest(new URL(request.url).searchParams, request.headers.get('accept'))
  const file = isId(id) ? await ctx.em.findOne(StoredFile, { id }) : null
  if (!file) throw notFound('File')
  const isPublic = isPublicKind(file.kind)
  // Private files answer 404 to anyone who may not read them: no hint they exist.
  if (!(await mayRead(file, ctx.user, ctx.isSuperAdmin))) throw notFound('File')
  if (variant && !isImage(file)) throw fieldError(new URL(request.url).searchParams.has('w') ? 'w' : 'format', 'Only images can be resized or converted.')
  const etag = variant ? `"${file.id}-${variant.width ?? 'full'}.${variant.format}"` : `"${file.id}"`
  const headers: Record<string, string> = {
    'content-type': variant ? IMAGE_FORMATS[variant.format] : file.mimeType,
    etag,
    'x-content-type-options': 'nosniff',
    // Stored bytes never change under an id: public files cache for a year.
    'cache-control': isPublic ? 'public, max-age=31536000, immutable' : 'private, no-cache',
    'content-security-policy': "default-src 'none'; sandbox",
  }
  // Without an explicit format the answer depends on what the browser accepts.
  if (variant && !new URL(request.url).searchParams.get('format')) headers.vary = 'accept'
  const inline = file.mimeType in AVATAR_TYPES || isImage(file)
  const name = (file.originalName ?? file.id).replace(/[^\w.-]+/g, '_')
  headers['content-disposition'] = `${inline ? 'inline' : 'attachment'}; filename="${variant ? `${name.replace(/\.\w+$/, '')}.${variant.format}` : name}"`
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  if (variant) {
    const body = await imageVariant(file, variant).catch((err) => {
      log.warn({ err, id: file.id }, 'image variant failed')
      throw fieldError('file', 'This image cannot be converted.')
    })
    if (!body) throw notFound('File')
    headers['content-length'] = String('size' in body ? body.size : body.byteLength)
    return new Response('send' in body ? body.send() : (body as BodyInit), { headers })
  }
  const obj = await getObject(file.key)
  if (!obj) throw notFound('File')
  headers['accept-ranges'] = 'bytes'
  // One byte range (resumed downloads, media players): read from storage as a range, not whole.
  const range = byteRange(request.headers.get('range'), obj.size)
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${obj.size}` } })
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${obj.size}`
    headers['content-length'] = String(range.end - range.start + 1)
    return new Response(obj.send(range), { status: 206, headers })
  }
  headers['content-length'] = String(obj.size)
  return new Response(obj.send(), { headers })
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null for none (or several: the whole file is sent). */
export function byteRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]))
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

export const uploadRoutes = new Elysia({ name: 'uploads' })
  .use(platform)
  .post(
    '/uploads/avatar',
    async ({ ctx, body, query, set }) => {
      const me = ctx.requireUser()
      const file = await uploadAvatar(ctx, me, body)
      if (query.apply === '1' || query.apply === 'true') {
        me.avatar = file.id
        await ctx.em.flush()
      }
      set.status = 201
      return { data: { id: file.id, url: fileUrl(file) } }
    },
    {
      auth: true,
      query: t.Object({ apply: t.Optional(t.String({ description: "1: also make it the signed-in user's avatar at once" })) }),
      detail: {
        responses: created(dataOf(v.object({ id: v.string(), url: v.string() })), 'The stored image'),
        tags: ['Uploads'],
        summary: 'Upload an avatar image (png, jpeg, jpg, webp)',
        description:
          'Multipart field `file`. The type is read from the content, not the name; at most UPLOAD_MAX_BYTES (5 MB by default). Answers `{ data: { id, url } }`; send the id as `avatar` in `PATCH /v1/users/{id}`, or pass `?apply=1`.',
        requestBody: multipart('A png, jpeg or webp image'),
      },
    },
  )
  .put(
    '/users/:id/avatar',
    async ({ ctx, params, body }) => {
      const me = ctx.requireUser()
      if (params.id !== me.id && !(await ctx.can('users.manage'))) throw forbidden()
      const user = params.id === me.id ? me : isId(params.id) ? await ctx.em.findOne(User, { id: params.id }) : null
      if (!user) throw notFound('User')
      if (user.id !== me.id && user.roles.includes('super-admin') && !ctx.isSuperAdmin) throw forbidden('Only a super-admin can change a super-admin.')
      const file = await uploadAvatar(ctx, user, body)
      user.avatar = file.id
      await ctx.em.flush()
      return { data: serializeUser(user) }
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      detail: {
        responses: ok(dataOf(UserView), 'The updated user'),
        tags: ['Users'],
        summary: "Replace a user's avatar in one call (self or user manager)",
        description: 'Multipart field `file`. Browsers may send it as a POST with `_method=PUT`. Answers the updated user.',
        requestBody: multipart('A png, jpeg or webp image'),
      },
    },
  )
  .post(
    '/upload-temp',
    async ({ ctx, body, set }) => {
      const me = ctx.requireUser()
      await throttle(ctx)
      const file = await storeUpload(ctx.em, { file: fileFromBody(body), owner: me, kind: 'temp' })
      set.status = 201
      const { id, url, name, size, mimeType } = serializeFile(file)
      return { data: { id, url, name, size, mimeType } }
    },
    {
      auth: true,
      detail: {
        responses: created(dataOf(v.pick(FileView, ['id', 'url', 'name', 'size', 'mimeType'])), 'The stored file'),
        tags: ['Uploads'],
        summary: 'Upload a temporary file',
        description:
          'Multipart field `file`, any type, at most UPLOAD_MAX_BYTES. Answers `{ data: { id, url, name, size, mimeType } }` (mimeType read from the content when it is recognisable). Only the owner can fetch it; temporary files are removed after a day unless another resource takes them over.',
        requestBody: multipart('Any file'),
      },
    },
  )
  .get('/files/:id', ({ ctx, params, request }) => serveFile(ctx, params.id, request), {
    params: t.Object({ id: t.String() }),
    query: t.Object(
      {
        w: t.Optional(t.String({ description: `Image width: one of ${IMAGE_WIDTHS.join(', ')} (breakpoints at densities 1 and 2); never enlarged` })),
        format: t.Optional(t.String({ description: 'webp, avif, png, jpeg or auto (default with w: avif when the Accept header allows it, else webp)' })),
      },
      { additionalProperties: true },
    ),
    detail: {
      responses: {
        ...file('The file (an image resized or converted when asked)'),
        206: { description: 'The byte range asked with a `Range: bytes=a-b` header (originals only)' },
        304: { description: 'Not modified (ETag)' },
        416: { description: 'The range lies outside the file' },
      },
      tags: ['Uploads'],
      summary: 'Download a stored file (avatars and workshop images are public and cached; other files only for their owner)',
      description:
        'The default image provider: with `w` and/or `format` an image comes back resized and converted (made once, kept in storage). An unknown key is 404; an unsupported width or format, or resizing a file that is not an image, is 422.',
    },
  })

// Hourly sweep of day-old temporary files and unused avatars (idempotent, safe on many servers).
let timer: ReturnType<typeof setInterval> | null = null
registerService({
  name: 'temp-file-cleanup',
  async start() {
    const sweep = async () => {
      try {
        await cleanupTempFiles(getOrm().em.fork() as EntityManager)
        await cleanupOrphanAvatars(getOrm().em.fork() as EntityManager)
      } catch (err) {
        log.warn({ err }, 'file clean-up failed')
      }
    }
    timer = setInterval(sweep, 60 * 60_000)
    timer.unref?.()
  },
  async stop() {
    if (timer) clearInterval(timer)
    timer = null
  },
})
