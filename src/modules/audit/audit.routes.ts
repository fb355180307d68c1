/** The audit log over the API: the current team's (managers: audit.view) and every team's (super-admins). */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia } from 'elysia'
import { platform, type RequestContext } from '../../platform/http/context'
import { forbidden, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { listResponse, noIncludes, readPaging } from '../../platform/http/list-query'
import { ok, pageOf } from '../../platform/openapi/responses'
import { AUDIT_COUNT_CAP, AUDIT_RESOURCES, AuditEntryView, AuditQuerySchema } from './audit.schema'
import { auditPage } from './audit.service'

const tags = ['Audit log']
const FILTERS = `Filters: \`actor\` (a user id or email), \`action\` (\`member.removed\`, or a resource name for all its actions), \`resource\` (${AUDIT_RESOURCES.map(([r]) => `\`${r}\``).join(', ')}), \`from\` and \`to\` (a day, inclusive, or an ISO moment). Newest first; \`page\`, \`perPage\` (at most 100). \`meta.total\` counts up to ${AUDIT_COUNT_CAP.toLocaleString('en')} rows: narrow by date to page further back.`

async function tenantOf(ctx: RequestContext, value: string | undefined) {
  if (!value) return null
  const [t] = await (ctx.em as EntityManager).execute<{ id: string }[]>(`select id from tenants where ${isId(value) ? 'id = ?' : 'slug = lower(?)'} limit 1`, [
    value,
  ])
  return t?.id ?? '00000000-0000-0000-0000-000000000000'
}

function superAdminOnly(ctx: RequestContext) {
  ctx.requireUser()
  if (!ctx.isSuperAdmin) throw forbidden()
}

export const auditRoutes = new Elysia({ name: 'audit' })
  .use(platform)
  .get(
    '/t/audit',
    async ({ ctx, query, request }) => {
      const tenant = await ctx.tenant()
      const q = parseOrThrow(AuditQuerySchema, query)
      const { page, perPage, offset } = readPaging(noIncludes(new URL(request.url).searchParams))
      const { rows, total } = await auditPage(ctx.em as EntityManager, { ...q, tenantId: tenant.id }, perPage, offset)
      return listResponse(rows, total, { page, perPage })
    },
    {
      access: { tenant: true, can: 'audit.view' },
      query: AuditQuerySchema,
      detail: {
        tags,
        summary: "The team's audit log (audit.view: managers)",
        responses: ok(pageOf(AuditEntryView), 'A page of changes, newest first'),
        description: `Every change to the team's business, recorded in the transaction that made it: who (and their role when an operator acted), what (action, resource, the changed fields before and after — secrets and card data never), when, and from where (address, request id). Rows cannot be changed or deleted; they are kept AUDIT_RETENTION_DAYS (730 by default). ${FILTERS}`,
      },
    },
  )
  .get(
    '/audit',
    async ({ ctx, query, request }) => {
      const q = parseOrThrow(AuditQuerySchema, query)
      const { page, perPage, offset } = readPaging(noIncludes(new URL(request.url).searchParams))
      const { rows, total } = await auditPage(ctx.em as EntityManager, { ...q, tenantId: await tenantOf(ctx, q.tenant) }, perPage, offset)
      return listResponse(rows, total, { page, perPage })
    },
    {
      access: { auth: true, check: superAdminOnly },
      query: AuditQuerySchema,
      detail: {
        tags,
        summary: "Every team's audit log (super-admins)",
        responses: ok(pageOf(AuditEntryView), 'A page of changes, newest first'),
        description: `As \`GET /v1/t/audit\`, across teams; \`tenant\` (a slug or id) narrows it to one. ${FILTERS}`,
      },
    },
  )
