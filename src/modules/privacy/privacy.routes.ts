/** A person's data rights over the API: a copy of their data, and deleting their account. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { parseOrThrow, unauthenticated } from '../../platform/http/errors'
import { listResponse, noIncludes, PageParam, PerPageParam, readPaging } from '../../platform/http/list-query'
import type { CookieJar } from '../../platform/http/session'
import { created, dataOf, file, noContent, ok, pageOf } from '../../platform/openapi/responses'
import { getObject } from '../../platform/storage'
import { consumeCode, destroySession } from '../auth'
import { deleteAccount } from './deletion.service'
import { downloadPath, exportFile, exportsOf, requestExport, serializeExport } from './export.service'
import { DeleteAccountSchema, EXPORT_TTL_DAYS, EXPORTS_PER_DAY, ExportView } from './privacy.schema'

const tags = ['Your data']
const PageQuery = v.looseObject({ page: v.optional(PageParam), perPage: v.optional(PerPageParam) })

export const privacyRoutes = new Elysia({ name: 'privacy' })
  .use(platform)
  .post(
    '/users/me/export',
    async ({ ctx, set }) => {
      const e = await requestExport(ctx.em as EntityManager, ctx.requireUser().id)
      set.status = 201
      return { data: serializeExport(e) }
    },
    {
      auth: true,
      detail: {
        tags,
        summary: 'Ask for a copy of my data',
        responses: created(dataOf(ExportView), 'Being prepared'),
        description: `A job gathers your profile, bookings, seats, payments, invoices (PDF), feedback, waiting lists, job applications, teams, security settings, the changes you made in teams and your uploads into one zip, then mails you a link that works ${EXPORT_TTL_DAYS} days, for you only (signed in). One at a time (409 while one is being prepared), ${EXPORTS_PER_DAY} a day (429).`,
      },
    },
  )
  .get(
    '/users/me/exports',
    async ({ ctx, query, request }) => {
      parseOrThrow(PageQuery, query)
      const { page, perPage, offset } = readPaging(noIncludes(new URL(request.url).searchParams))
      const [rows, total] = await exportsOf(ctx.em as EntityManager, ctx.requireUser().id, perPage, offset)
      return listResponse(rows.map(serializeExport), total, { page, perPage })
    },
    {
      auth: true,
      query: PageQuery,
      detail: { tags, summary: 'My copies of my data', responses: ok(pageOf(ExportView), 'Newest first') },
    },
  )
  .get(
    '/users/me/exports/:id/download',
    async ({ ctx, params, request, set }) => {
      if (!ctx.user) {
        // The mailed link opened in a browser that is not signed in: sign in, then come back here.
        if ((request.headers.get('accept') ?? '').includes('text/html')) {
          set.status = 302
          set.headers.location = `/login?redirect=${encodeURIComponent(downloadPath(params.id))}`
          return null
        }
        throw unauthenticated()
      }
      const e = await exportFile(ctx.em as EntityManager, ctx.user.id, params.id)
      const obj = await getObject(e.fileKey!)
      if (!obj) throw unauthenticated()
      const day = e.createdAt.toISOString().slice(0, 10)
      return new Response(obj.send(), {
        headers: {
          'content-type': 'application/zip',
          'content-length': String(obj.size),
          'content-disposition': `attachment; filename="summit-data-${day}.zip"`,
          'cache-control': 'private, no-store',
        },
      })
    },
    {
      params: t.Object({ id: t.String() }),
      detail: {
        tags,
        summary: 'Download a copy of my data',
        responses: file('The zip', ['application/zip']),
        description: `Only the person it was made for, signed in (a browser that is not is sent to /login and back). 404 for anyone else's, 409 while it is being prepared, 410 once it expired (${EXPORT_TTL_DAYS} days).`,
      },
    },
  )
  .delete(
    '/users/me',
    async ({ ctx, body, cookie, set }) => {
      const me = ctx.requireUser()
      const input = parseOrThrow(DeleteAccountSchema, body ?? {})
      // Confirmed with a fresh code (from POST /v1/auth/reauthenticate), or a second check made just before.
      if (input.code) await consumeCode(ctx.em, me.email, 'reauthenticate', input.code)
      else ctx.requireRecentVerification()
      await deleteAccount(ctx.em as EntityManager, me)
      if (!ctx.viaToken) await destroySession(ctx.em, cookie as unknown as CookieJar, null)
      set.status = 204
      return null
    },
    {
      auth: true,
      body: v.optional(DeleteAccountSchema),
      detail: {
        tags,
        summary: 'Delete my account',
        responses: noContent('Deleted: signed out everywhere'),
        description:
          'Confirmed with a fresh code: send `{ code }` from the mail of `POST /v1/auth/reauthenticate`, or make that second check first (a passkey or a code, less than 10 minutes ago; else 403 `{ code: "reauthentication_required" }`). Refused (409, saying what to do first) while you have upcoming paid bookings, run upcoming sessions with bookings, are a team\'s last manager, or money from your sessions is still on its way to you. Otherwise your name, email, phone, photo, profile, sessions, API tokens, passkeys, memberships, waiting lists and job applications are erased or anonymised at once (you show as "Deleted user"); invoices and the records of what was paid are kept as the law requires, with the buyer\'s details they were issued with.',
      },
    },
  )
