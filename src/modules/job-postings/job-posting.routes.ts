import { Elysia, t } from 'elysia'
import { platform, type RequestContext } from '../../platform/http/context'
import { notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { listApplications, readResumeFile, serializeApplication } from './application.service'
import { DESCRIPTION, responses } from './job-posting.docs'
import { JobApplication } from './job-posting.entity'
import { ApplicationStatusSchema, JobPostingCreateSchema, JobPostingUpdateSchema } from './job-posting.schema'
import { serializePosting } from './job-posting.serialize'
import { createPosting, deletePosting, findPosting, guard, listPostings, restorePosting, showPosting, updatePosting } from './job-posting.service'

const tags = ['Job postings']
const idParam = t.Object({ id: t.String({ description: 'Job posting id' }) })
const appParams = t.Object({ id: t.String({ description: 'Job posting id' }), applicationId: t.String({ description: 'Application id' }) })
/** Runs before body validation: 401 -> tenant -> 403 (-> the posting of the path, 404) come before any 422. */
const guarded = (opts: { needTenant?: boolean; posting?: boolean } = {}) => ({
  access: {
    check: async (ctx: RequestContext, params: Record<string, string | undefined>) => {
      await guard(ctx, opts)
      if (opts.posting) await findPosting(ctx, params.id ?? '')
    },
  },
})

async function findApplication(ctx: RequestContext, postingId: string, id: string) {
  const posting = await findPosting(ctx, postingId)
  if (!isId(id)) throw notFound('Application')
  const a = await ctx.em.findOne(JobApplication, { id, jobPosting: posting.id })
  if (!a) throw notFound('Application')
  return a
}

export const jobPostingRoutes = new Elysia({ name: 'job-postings' })
  .use(platform)
  .get('/t/job-postings', ({ ctx, request }) => listPostings(ctx, new URL(request.url)), {
    ...guarded(),
    detail: { tags, summary: 'List job postings', description: DESCRIPTION, responses: responses.list },
  })
  .get('/t/job-postings/:id', async ({ ctx, params, request }) => ({ data: await showPosting(ctx, params.id, new URL(request.url)) }), {
    ...guarded(),
    params: idParam,
    detail: {
      tags,
      summary: 'Show a job posting',
      description: '`include=recruiters,tenant`; super-admins may add `withTrashed=1`.',
      responses: responses.one,
    },
  })
  .post(
    '/t/job-postings',
    async ({ ctx, body, set }) => {
      const row = await createPosting(ctx, parseOrThrow(JobPostingCreateSchema, body))
      set.status = 201
      return { data: serializePosting(row) }
    },
    {
      ...guarded({ needTenant: true }),
      body: JobPostingCreateSchema,
      detail: { tags, summary: 'Create a job posting (DRAFT unless status says otherwise)', description: DESCRIPTION, responses: responses.created },
    },
  )
  .patch(
    '/t/job-postings/:id',
    async ({ ctx, params, body }) => {
      const row = await findPosting(ctx, params.id)
      await updatePosting(ctx, row, parseOrThrow(JobPostingUpdateSchema, body))
      return { data: serializePosting(row) }
    },
    {
      ...guarded({ posting: true }),
      params: idParam,
      body: JobPostingUpdateSchema,
      detail: { tags, summary: 'Update a job posting (partial; `preferences` keys are merged)', description: DESCRIPTION, responses: responses.updated },
    },
  )
  .delete(
    '/t/job-postings/:id',
    async ({ ctx, params, set }) => {
      await deletePosting(ctx, await findPosting(ctx, params.id))
      set.status = 204
      return null
    },
    { ...guarded(), params: idParam, detail: { tags, summary: 'Delete a job posting (soft: restorable)', responses: responses.deleted } },
  )
  .post(
    '/t/job-postings/:id/restore',
    async ({ ctx, params }) => {
      const row = await findPosting(ctx, params.id, { trashed: true })
      await restorePosting(ctx, row)
      return { data: serializePosting(row) }
    },
    {
      ...guarded(),
      params: idParam,
      detail: { tags, summary: 'Restore a deleted job posting (a PUBLISHED one counts against the plan again)', responses: responses.updated },
    },
  )
  .get(
    '/t/job-postings/:id/applications',
    async ({ ctx, params, request }) => {
      const posting = await findPosting(ctx, params.id)
      return listApplications(ctx.em, posting.id, new URL(request.url))
    },
    {
      ...guarded(),
      params: idParam,
      detail: {
        tags,
        summary: 'List the applications to a job posting',
        description: '`filter[status]` = NEW, SHORTLISTED, REJECTED, HIRED; `q` searches name and email.',
        responses: responses.applications,
      },
    },
  )
  .patch(
    '/t/job-postings/:id/applications/:applicationId',
    async ({ ctx, params, body }) => {
      const a = await findApplication(ctx, params.id, params.applicationId)
      a.status = parseOrThrow(ApplicationStatusSchema, body).status
      await ctx.em.flush()
      return { data: serializeApplication(a) }
    },
    {
      ...guarded({ posting: true }),
      params: appParams,
      body: ApplicationStatusSchema,
      detail: { tags, summary: 'Move an applicant (NEW, SHORTLISTED, REJECTED, HIRED)', responses: responses.application },
    },
  )
  .get(
    '/t/job-postings/:id/applications/:applicationId/resume',
    async ({ ctx, params }) => {
      const a = await findApplication(ctx, params.id, params.applicationId)
      const file = await readResumeFile(a)
      if (!file) throw notFound('Resume')
      const name = (a.resumeName ?? 'resume').replace(/[^\w.\- ]/g, '_')
      return new Response(file.send(), {
        headers: {
          'content-type': a.resumeType ?? 'application/octet-stream',
          'content-disposition': `attachment; filename="${name}"`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        },
      })
    },
    { ...guarded(), params: appParams, detail: { tags, summary: "Download an applicant's resume (as an attachment)", responses: responses.resume } },
  )
