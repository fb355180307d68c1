/**
 * Public job routes. `/v1/public/jobs...` is the JSON API (documented). `POST /jobs/:id/apply` is
 * the target of the plain HTML form on /jobs/{id} (works without JavaScript): it answers
 * 303 back to the page with the outcome in the query. It is mounted before the platform
 * plugin on purpose: applying acts for nobody (no session is read), so there is nothing for
 * CSRF to protect, and a signed-in visitor's session cookie must not make it fail with 419.
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import { getOrm } from '../../platform/db/current'
import { clientIp } from '../../platform/http/client-ip'
import { platform } from '../../platform/http/context'
import { HttpError, notFound } from '../../platform/http/errors'
import { parseIncludes, readPaging } from '../../platform/http/list-query'
import { answersFrom, apply } from './application.service'
import { responses } from './job-posting.docs'
import { findPublished, listPublished, PUBLIC_PAGE_SIZE, serializePublic } from './public.service'

const tags = ['Jobs (public)']

export const publicJobRoutes = new Elysia({ name: 'jobs-public' })
  .use(platform)
  .get(
    '/public/jobs',
    async ({ ctx, query, request }) => {
      const sp = new URL(request.url).searchParams
      parseIncludes(sp.get('include'), []) // unknown includes are a 422 on every list
      const { page, perPage } = readPaging(sp, { defaultPerPage: PUBLIC_PAGE_SIZE })
      const q = query as Record<string, string | undefined>
      const r = await listPublished(ctx.em, {
        page,
        perPage,
        q: q.q,
        employmentStatus: q['filter[employmentStatus]'],
        workplaceType: q['filter[workplaceType]'],
      })
      return { data: r.rows.map(serializePublic), meta: { page: r.page, perPage: r.perPage, total: r.total, lastPage: r.lastPage } }
    },
    { detail: { tags, summary: 'Published job postings of every team', responses: responses.publicList, security: [] } },
  )
  .get(
    '/public/jobs/:id',
    async ({ ctx, params }) => {
      const p = await findPublished(ctx.em, params.id)
      if (!p) throw notFound('Job posting')
      return { data: serializePublic(p) }
    },
    { params: t.Object({ id: t.String() }), detail: { tags, summary: 'A published job posting', responses: responses.publicOne, security: [] } },
  )
  .post(
    '/public/jobs/:id/applications',
    async ({ ctx, params, body, set }) => {
      const b = (body ?? {}) as Record<string, unknown>
      const result = await apply(
        ctx.em,
        params.id,
        { name: b.name, email: b.email, answers: answersFrom(b), ieltsScore: b.ieltsScore, resume: b.resume },
        ctx.ip,
      )
      set.status = 201
      return { data: result }
    },
    {
      params: t.Object({ id: t.String() }),
      detail: {
        tags,
        summary: 'Apply to a published job posting (guests welcome)',
        security: [],
        responses: responses.applied,
        description:
          'JSON `{ name, email, answers: { <questionId>: text }, ieltsScore }` or multipart with `answers[<questionId>]` fields and a `resume` file (PDF or Word, checked by content). Every enabled question needs an answer; `resume` when resumeRequired; `ieltsScore` (0-9 in halves) when ieltsAssessmentRequired, REJECTED at once below the minimum when ieltsAutoReject. 429 beyond 200 applications an hour from one address. 409 when acceptApplications is false, applicantMaxLimit is reached (never exceeded, also concurrently) or the email already applied.',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name', 'email'],
                properties: {
                  name: { type: 'string', maxLength: 255 },
                  email: { type: 'string', format: 'email' },
                  answers: { type: 'object', additionalProperties: { type: 'string' } },
                  ieltsScore: { type: ['number', 'null'], minimum: 0, maximum: 9, multipleOf: 0.5 },
                },
              },
            },
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['name', 'email'],
                properties: {
                  name: { type: 'string' },
                  email: { type: 'string' },
                  'answers[<questionId>]': { type: 'string' },
                  ieltsScore: { type: 'string' },
                  resume: { type: 'string', format: 'binary' },
                },
              },
            },
          },
        },
      } as any,
    },
  )

/** The no-JavaScript form target (see the file comment). */
export const applyFormRoute = new Elysia({ name: 'jobs-apply-form' }).post(
  '/jobs/:id/apply',
  async ({ params, request, body: parsed }) => {
    const id = params.id
    const back = (query: Record<string, string>) =>
      new Response(null, { status: 303, headers: { location: `/jobs/${encodeURIComponent(id)}?${new URLSearchParams(query)}#apply` } })
    // Elysia may have parsed the form already (when a hook asks for the body); else read it here.
    let body: Record<string, unknown> | null = parsed && typeof parsed === 'object' ? { ...(parsed as Record<string, unknown>) } : null
    if (!body) {
      const form = await request.formData().catch(() => null)
      if (form) {
        body = {}
        for (const [k, value] of form) body[k] = value
      }
    }
    if (!body) return back({ error: 'The form could not be read. Please try again.' })
    const em = getOrm().em.fork({ clear: true }) as EntityManager
    try {
      const r = await apply(
        em,
        id,
        { name: body.name, email: body.email, answers: answersFrom(body), ieltsScore: body.ieltsScore, resume: body.resume },
        clientIp(request),
      )
      return back({ applied: r.status === 'REJECTED' ? 'received' : '1' })
    } catch (e) {
      if (!(e instanceof HttpError)) throw e
      const q: Record<string, string> = { error: e.message }
      if (e.errors) q.errors = JSON.stringify(e.errors)
      if (typeof body.name === 'string') q.name = body.name.slice(0, 255)
      return back(q)
    }
  },
  { detail: { hide: true } },
)
