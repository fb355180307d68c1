/**
 * "Download my data": one request makes a row and a job; the job gathers everything of the
 * person (export.data.ts), zips it, keeps it in the file store and mails a link that works 7
 * days for that person only (signed in). Expired copies are deleted by the hourly sweep.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { zipSync } from 'fflate'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { afterCommit, transaction } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { conflict, HttpError, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { enqueue, schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { layout, queueMail } from '../../platform/mail'
import { deleteObject, putObject } from '../../platform/storage'
import { User } from '../users'
import { gatherExport } from './export.data'
import { DataExport } from './export.entity'
import { EXPORT_TTL_DAYS, EXPORTS_PER_DAY, PRIVACY_MESSAGES } from './privacy.schema'

export const BUILD_EXPORT_JOB = 'privacy.build-export'
export const SWEEP_EXPORTS_JOB = 'privacy.sweep-exports'

export const downloadPath = (id: string) => `/v1/users/me/exports/${id}/download`

export function serializeExport(e: DataExport) {
  const live = e.status === 'ready' && !!e.expiresAt && e.expiresAt > clock.now()
  return {
    id: e.id,
    status: e.status === 'ready' && !live ? ('expired' as const) : e.status,
    size: e.size ?? null,
    createdAt: e.createdAt,
    finishedAt: e.finishedAt ?? null,
    expiresAt: e.expiresAt ?? null,
    downloadUrl: live ? downloadPath(e.id) : null,
  }
}

/** Asks for a copy: one at a time, EXPORTS_PER_DAY a day (the user's row locked while counting). */
export async function requestExport(em: EntityManager, userId: string) {
  const row = await transaction(em, async (tem) => {
    await tem.execute('select id from users where id = ? for update', [userId])
    const [c] = await tem.execute<{ pending: number; today: number }[]>(
      `select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where created_at > ?)::int as today from data_exports where user_id = ?`,
      [new Date(clock.now().getTime() - 86_400_000), userId],
    )
    if (Number(c?.pending) > 0) throw conflict(PRIVACY_MESSAGES.exportPending)
    if (Number(c?.today) >= EXPORTS_PER_DAY) throw new HttpError(429, PRIVACY_MESSAGES.exportLimit, undefined, { 'retry-after': '3600' })
    const e = tem.create(DataExport, { user: userId, status: 'pending' })
    await tem.flush()
    afterCommit(tem, () => enqueue(BUILD_EXPORT_JOB, { exportId: e.id }, { singletonKey: e.id }))
    return e
  })
  return row
}

/** The person's copies, newest first (a page: at most `limit`). */
export async function exportsOf(em: EntityManager, userId: string, limit: number, offset: number) {
  return em.findAndCount(DataExport, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset })
}

/** Builds the zip of a pending export, stores it and mails the link. Safe to run twice. */
export async function buildExport(em: EntityManager, exportId: string) {
  const e = await em.findOne(DataExport, { id: exportId }, { populate: ['user'] })
  if (!e || e.status !== 'pending') return
  const user = await em.findOne(User, { id: e.user.id })
  if (!user) {
    e.status = 'failed'
    await em.flush()
    return
  }
  try {
    const { files, manifest } = await gatherExport(em, user)
    const tree: Record<string, Uint8Array> = { 'README.txt': new TextEncoder().encode(readme(user)) }
    tree['manifest.json'] = new TextEncoder().encode(JSON.stringify(manifest, null, 2))
    for (const f of files) tree[f.path] = f.bytes
    const zip = zipSync(tree, { level: 6 })
    const key = `exports/${user.id}/${e.id}.zip`
    await putObject(key, zip, 'application/zip')
    const now = clock.now()
    e.status = 'ready'
    e.fileKey = key
    e.size = zip.byteLength
    e.finishedAt = now
    e.expiresAt = new Date(now.getTime() + EXPORT_TTL_DAYS * 86_400_000)
    await em.flush()
    queueMail({
      to: user.email,
      ...layout(`Your ${config.SITE_NAME} data is ready`, 'Your data is ready to download', [
        {
          p: `The copy of your ${config.SITE_NAME} data you asked for is ready: your profile, bookings, seats, payments, invoices, feedback, applications and uploads, in one zip file.`,
        },
        { button: { label: 'Download my data', url: `${config.APP_URL}${downloadPath(e.id)}` } },
        { p: `The link works for ${EXPORT_TTL_DAYS} days, and only when you are signed in to your account.` },
        { p: `If you did not ask for it, sign in and review Settings › Security: someone may have used your account.` },
      ]),
    })
  } catch (err) {
    log.error({ err, exportId }, 'data export failed')
    e.status = 'failed'
    e.finishedAt = clock.now()
    await em.flush()
  }
}

const readme = (user: User) => `This archive holds the data ${config.SITE_NAME} keeps about ${user.email}, as of ${clock.now().toISOString()}.

profile.json           your account and profile
bookings.json          your bookings, what you paid and what was refunded
seats.json             seats you hold or were invited to
payments.json          card payments and refunds (only the card's brand and last 4 digits are kept)
invoices/              the invoices and credit notes of your bookings (PDF)
feedback.json          the feedback you left
waitlists.json         the waiting lists you joined
job-applications.json  your applications to job postings
teams.json             the teams you belong to
mail-preferences.json  the mails you turned off
security.json          your passkeys, sessions, API tokens and devices
changes-you-made.json  what you changed in teams' business (from their audit logs)
uploads/               your photo and the files you uploaded
manifest.json          the list of files, and any upload too large to include
`

/** The zip of a ready export of this user, or 404 / 410. */
export async function exportFile(em: EntityManager, userId: string, id: string) {
  const e = isId(id) ? await em.findOne(DataExport, { id, user: userId }) : null
  if (!e) throw notFound('Export')
  if (e.status === 'pending') throw conflict(PRIVACY_MESSAGES.exportNotReady)
  if (e.status !== 'ready' || !e.fileKey || !e.expiresAt || e.expiresAt <= clock.now()) throw new HttpError(410, PRIVACY_MESSAGES.exportGone)
  return e
}

/** Deletes the files of expired copies (and of failed ones); their rows stay as a record. */
export async function sweepExports(em: EntityManager, now = clock.now()) {
  const old = await em.find(DataExport, { fileKey: { $ne: null }, expiresAt: { $lte: now } }, { limit: 500 })
  for (const e of old) {
    await deleteObject(e.fileKey!).catch((err) => log.warn({ err, key: e.fileKey }, 'export file could not be deleted'))
    e.fileKey = null
    e.status = 'expired'
  }
  await em.flush()
  return old.length
}

work(BUILD_EXPORT_JOB, async (data: { exportId: string }) => {
  await buildExport(getOrm().em.fork() as EntityManager, data.exportId)
})
work(SWEEP_EXPORTS_JOB, async () => {
  await sweepExports(getOrm().em.fork() as EntityManager)
})
schedule(SWEEP_EXPORTS_JOB, '29 * * * *')
