import * as v from 'valibot'
/**
 * Coach uploads: a workshop picture (png, jpeg or webp; public like avatars, since the
 * marketplace shows it) and resource files (private: the coach and the workshop's confirmed
 * attendees may download them while the resource is visible to them).
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import { config } from '../../config'
import { platform, type RequestContext } from '../../platform/http/context'
import { forbidden, notFound } from '../../platform/http/errors'
import { hit } from '../../platform/http/rate-limit'
import { created, dataOf } from '../../platform/openapi/responses'
import { AVATAR_TYPES, allowFileAccess, fileFromBody, serializeFile, storeUpload } from '../uploads'
import { FileView } from '../uploads/upload.schema'
import { isUuid } from './sql'

const IMAGE_TYPE_MESSAGE = 'The picture must be a PNG, JPEG or WebP image.'

async function ownWorkshop(ctx: RequestContext, id: string) {
  const user = ctx.requireUser()
  if (!ctx.isSuperAdmin && !user.roles.includes('coach')) throw forbidden('Only coaches upload workshop files.')
  if (!isUuid(id)) throw notFound('Workshop')
  const [w] = await (ctx.em as EntityManager).execute<{ coach_id: string }[]>(`select coach_id from workshops where id = ? and deleted_at is null`, [id])
  if (!w) throw notFound('Workshop')
  if (!ctx.isSuperAdmin && w.coach_id !== user.id) throw forbidden('Only the coach who runs this workshop can change it.')
  await hit(ctx.em, `uploads:${user.id}`, 120, 3600)
  return user
}

// Anyone reads a resource file a public, visible resource points at (the public workshop page
// lists it); attendees read one while a visible resource of a workshop they attend points at it.
allowFileAccess('resource', async (file, user) => {
  const { getOrm } = await import('../../platform/db/current')
  const em = getOrm().em.fork() as EntityManager
  const open = await em.execute(
    `select 1 from workshop_resources r join workshops w on w.id = r.workshop_id and w.deleted_at is null
      where r.file_path = ? and r.deleted_at is null and r.is_public and r.is_visible limit 1`,
    [`/v1/files/${file.id}`],
  )
  if (open.length) return true
  if (!user) return false
  const rows = await em.execute(
    `select 1 from workshop_resources r join workshop_schedules s on s.workshop_id = r.workshop_id join bookings b on b.workshop_schedule_id = s.id
       left join booking_seats bs on bs.booking_id = b.id and bs.user_id = ? and bs.status = 'ACCEPTED' and bs.deleted_at is null
      where r.file_path = ? and r.deleted_at is null and b.deleted_at is null and b.status in ('CONFIRMED', 'COMPLETED')
        and (b.user_id = ? or bs.id is not null)
        and coalesce((select (p->>'isVisible')::boolean from jsonb_array_elements(coalesce(b.meta->'workshopResourcePreferences', '[]'::jsonb)) p where p->>'id' = r.id::text limit 1), r.is_visible)
      limit 1`,
    [user.id, `/v1/files/${file.id}`, user.id],
  )
  return rows.length > 0
})

export const coachUploadRoutes = new Elysia({ name: 'coach-uploads' })
  .use(platform)
  .post(
    '/workshops/:id/image',
    async ({ ctx, params, body, set }) => {
      const owner = await ownWorkshop(ctx, params.id)
      const file = await storeUpload(ctx.em as EntityManager, {
        file: fileFromBody(body),
        owner,
        kind: 'image',
        allowed: AVATAR_TYPES,
        typeMessage: IMAGE_TYPE_MESSAGE,
      })
      set.status = 201
      const out = serializeFile(file)
      return { data: { ...out, absoluteUrl: `${config.APP_URL}${out.url}` } }
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      detail: {
        responses: created(dataOf(v.object({ ...FileView.entries, absoluteUrl: v.string() })), 'The stored picture'),
        tags: ['Workshops'],
        summary: 'Upload a workshop picture (multipart `file`: png, jpeg or webp); send `absoluteUrl` as the workshop `image`',
      },
    },
  )
  .post(
    '/workshops/:id/resource-files',
    async ({ ctx, params, body, set }) => {
      const owner = await ownWorkshop(ctx, params.id)
      const file = await storeUpload(ctx.em as EntityManager, { file: fileFromBody(body), owner, kind: 'resource' })
      set.status = 201
      return { data: serializeFile(file) }
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      detail: {
        responses: created(dataOf(FileView), 'The stored file'),
        tags: ['Workshop resources'],
        summary: 'Upload a resource file (multipart `file`); send its `url` as the resource `filePath`, with `size` and `mimeType` as fileSize and fileType',
      },
    },
  )
