/**
 * The team's documents under /v1/t (the team of X-Team, else the current one), for whoever holds
 * invoices.view in it (the team's managers): its invoices and credit notes, and the tax report of
 * a filing period as JSON or CSV.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { parseOrThrow } from '../../platform/http/errors'
import { ListQuerySchema, listResponse, parseListQuery } from '../../platform/http/list-query'
import { dataOf, ok, pageOf } from '../../platform/openapi/responses'
import { toMajor } from '../../shared/money'
import { TAX_KINDS, TaxReportQuerySchema, TaxReportView } from '../tax'
import { documentUrl } from './invoice.service'
import { serializeTaxReport, type TeamDocumentRow, taxReport, taxReportCsv, teamDocumentsPage } from './team-documents'

const TAG = 'Teams'

export const TeamDocumentView = v.object({
  id: v.string(),
  bookingId: v.string(),
  kind: v.picklist(['invoice', 'credit_note']),
  number: v.string(),
  issuedAt: v.string(),
  client: v.string(),
  company: v.nullable(v.string()),
  workshop: v.string(),
  currency: v.string(),
  net: v.number(),
  tax: v.number(),
  total: v.pipe(v.number(), v.description('Gross (decimal)')),
  taxRate: v.number(),
  taxKind: v.picklist(TAX_KINDS),
  taxCountry: v.nullable(v.string()),
  url: v.string(),
})

const serializeDocument = (r: TeamDocumentRow): v.InferOutput<typeof TeamDocumentView> => ({
  ...r,
  net: toMajor(r.net, r.currency),
  tax: toMajor(r.tax, r.currency),
  total: toMajor(r.total, r.currency),
  url: documentUrl(r.bookingId, r.kind, r.id),
})

export const teamDocumentRoutes = new Elysia({ name: 'team-documents' })
  .use(platform)
  .get(
    '/t/invoices',
    async ({ ctx, request }) => {
      const tenant = await ctx.tenant()
      const p = parseListQuery(new URL(request.url), {
        sortable: ['number', 'issued', 'total', 'client'],
        filterable: ['kind', 'from', 'to'],
        includes: [],
        defaultSort: '-issued',
      })
      const page = await teamDocumentsPage(ctx.em as EntityManager, tenant.id, {
        page: p.page - 1,
        pageSize: p.perPage,
        sort: p.sort.map((s) => ({ id: s.field, desc: s.dir === 'desc' })),
        filters: { ...p.filter, ...(p.q ? { q: p.q } : {}) },
      })
      return listResponse(page.rows.map(serializeDocument), page.total, p)
    },
    {
      access: { tenant: true, can: 'invoices.view' },
      query: ListQuerySchema,
      detail: {
        responses: ok(pageOf(TeamDocumentView), 'A page of the team’s invoices and credit notes'),
        tags: [TAG],
        summary: "The team's invoices and credit notes, newest first (invoices.view)",
        description:
          '`q` searches the client, company, workshop and document number (INV-000012); `filter[kind]` invoice or credit_note; `filter[from]`, `filter[to]` dates (UTC, both included); sort number, issued, total, client. Amounts are decimals of each document’s currency.',
      },
    },
  )
  .get(
    '/t/tax-report',
    async ({ ctx, query, request }) => {
      const q = parseOrThrow(TaxReportQuerySchema, query)
      const tenant = await ctx.tenant()
      const report = await taxReport(ctx.em as EntityManager, tenant, q.from, q.to)
      const csv = q.format === 'csv' || (request.headers.get('accept') ?? '').split(',')[0]?.trim() === 'text/csv'
      if (!csv) return { data: serializeTaxReport(report) }
      return new Response(taxReportCsv(report), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="tax-report-${tenant.slug}-${q.from}-${q.to}.csv"`,
          'cache-control': 'private, no-store',
        },
      })
    },
    {
      access: { tenant: true, can: 'invoices.view' },
      detail: {
        responses: {
          ...ok(dataOf(TaxReportView), 'The report (JSON); `format=csv` or `Accept: text/csv` answers the same rows as CSV'),
        },
        tags: [TAG],
        summary: 'The tax report of a filing period (invoices.view): net, tax and gross per rate and country, invoices minus credit notes',
        description:
          '`from` and `to` are dates (YYYY-MM-DD, UTC, both included; at most 400 days). One row per kind of tax (standard, reverse_charge, outside_scope, none), country of taxation, rate and currency: the invoices issued in the period, the credit notes issued in it, and their difference; totals per currency. The totals equal the sums of the period’s documents.',
        parameters: [
          { name: 'from', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
          { name: 'to', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
          { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'csv'] } },
        ],
      },
    },
  )
