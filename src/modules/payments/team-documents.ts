/**
 * A team's invoices and credit notes (its /c/invoices page and GET /v1/t/invoices), and the tax
 * report of a filing period (GET /v1/t/tax-report): per kind of tax, country and rate (and
 * currency), the net, tax and gross of the invoices issued in the period, minus those of the
 * credit notes. Both read the team's documents by date through invoices_tenant_issued_idx; the
 * report is one grouped statement, so its rows are as few as the rates the team charged.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { type ListQuery, likePattern, pagedSql } from '../../platform/db/paged-sql'
import { decimalString, toMajor } from '../../shared/money'
import { loadTaxProfile, type TaxKind } from '../tax'
import type { Tenant } from '../tenants'
import { documentNumber } from './invoice.service'

const ORDER = { number: 't.number', issued: 't.issued_at', total: 't.total', client: 'lower(t.client)' }
const DAY = 86_400_000
/** The period's instants: `from` 00:00 UTC to the day after `to`, 00:00 UTC (exclusive). */
const periodOf = (from: string, to: string) => ({ start: new Date(`${from}T00:00:00Z`), end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY) })

export interface TeamDocumentRow {
  id: string
  bookingId: string
  kind: 'invoice' | 'credit_note'
  number: string
  issuedAt: string
  client: string
  company: string | null
  workshop: string
  currency: string
  /** Minor units. */
  net: number
  tax: number
  total: number
  taxRate: number
  taxKind: TaxKind
  taxCountry: string | null
}

/** One page of the team's documents, newest first: filters q (number, client, company, workshop), kind, from and to (dates, UTC). */
export async function teamDocumentsPage(em: EntityManager, tenantId: string, q: ListQuery) {
  const where = ['i.tenant_id = ?']
  const params: unknown[] = [tenantId]
  const f = q.filters
  if (f.kind === 'invoice' || f.kind === 'credit_note') where.push('i.kind = ?') && params.push(f.kind)
  if (f.from && /^\d{4}-\d{2}-\d{2}$/.test(f.from) && !Number.isNaN(Date.parse(f.from)))
    where.push('i.issued_at >= ?') && params.push(new Date(`${f.from}T00:00:00Z`))
  if (f.to && /^\d{4}-\d{2}-\d{2}$/.test(f.to) && !Number.isNaN(Date.parse(f.to))) where.push('i.issued_at < ?') && params.push(periodOf(f.to, f.to).end)
  const like = likePattern(f.q)
  if (like) {
    const n = /^(?:inv|cn)-?0*(\d{1,9})$/i.exec(f.q!.trim())
    where.push(
      `(i.lines->>'clientName' ilike ? or i.lines->'buyer'->>'company' ilike ? or i.lines->>'workshopTitle' ilike ? or i.lines->>'clientEmail' ilike ?${n ? ' or i.number = ?' : ''})`,
    )
    params.push(like, like, like, like, ...(n ? [Number(n[1])] : []))
  }
  const page = await pagedSql<any>(
    em,
    `select i.id, i.booking_id, i.kind, i.number, i.issued_at, i.currency, i.net, i.tax, i.total, i.tax_rate, i.tax_kind, i.tax_country,
            i.lines->>'clientName' as client, i.lines->'buyer'->>'company' as company, i.lines->>'workshopTitle' as workshop
       from invoices i where ${where.join(' and ')}`,
    params,
    q,
    ORDER,
    't.issued_at desc, t.number desc',
  )
  return {
    ...page,
    rows: page.rows.map(
      (r): TeamDocumentRow => ({
        id: r.id,
        bookingId: r.booking_id,
        kind: r.kind,
        number: documentNumber({ kind: r.kind, number: Number(r.number) }),
        issuedAt: new Date(r.issued_at).toISOString(),
        client: r.client ?? '',
        company: r.company ?? null,
        workshop: r.workshop ?? '',
        currency: r.currency,
        net: Number(r.net),
        tax: Number(r.tax),
        total: Number(r.total),
        taxRate: Number(r.tax_rate),
        taxKind: r.tax_kind,
        taxCountry: r.tax_country ?? null,
      }),
    ),
  }
}

interface ReportSums {
  net: number
  tax: number
  gross: number
}
export interface TaxReportRow {
  kind: TaxKind
  country: string | null
  rate: number
  currency: string
  invoices: number
  creditNotes: number
  /** Minor units. */
  invoiced: ReportSums
  credited: ReportSums
  net: number
  tax: number
  gross: number
}

/** The report of the period in minor units: a row per kind, country, rate and currency; totals per currency. */
export async function taxReport(em: EntityManager, tenant: Tenant, from: string, to: string) {
  const { start, end } = periodOf(from, to)
  const rows = await em.execute<any[]>(
    `select i.tax_kind as kind, i.tax_country as country, i.tax_rate as rate, i.currency,
            count(*) filter (where i.kind = 'invoice')::int as invoices, count(*) filter (where i.kind = 'credit_note')::int as credit_notes,
            coalesce(sum(i.net) filter (where i.kind = 'invoice'), 0)::bigint as inv_net, coalesce(sum(i.tax) filter (where i.kind = 'invoice'), 0)::bigint as inv_tax,
            coalesce(sum(i.total) filter (where i.kind = 'invoice'), 0)::bigint as inv_gross,
            coalesce(sum(i.net) filter (where i.kind = 'credit_note'), 0)::bigint as cn_net, coalesce(sum(i.tax) filter (where i.kind = 'credit_note'), 0)::bigint as cn_tax,
            coalesce(sum(i.total) filter (where i.kind = 'credit_note'), 0)::bigint as cn_gross
       from invoices i
      where i.tenant_id = ? and i.issued_at >= ? and i.issued_at < ?
      group by 1, 2, 3, 4
      order by 4, 1, 2 nulls first, 3 desc`,
    [tenant.id, start, end],
  )
  const list: TaxReportRow[] = rows.map((r) => {
    const invoiced = { net: Number(r.inv_net), tax: Number(r.inv_tax), gross: Number(r.inv_gross) }
    const credited = { net: Number(r.cn_net), tax: Number(r.cn_tax), gross: Number(r.cn_gross) }
    return {
      kind: r.kind,
      country: r.country ?? null,
      rate: Number(r.rate),
      currency: r.currency,
      invoices: Number(r.invoices),
      creditNotes: Number(r.credit_notes),
      invoiced,
      credited,
      net: invoiced.net - credited.net,
      tax: invoiced.tax - credited.tax,
      gross: invoiced.gross - credited.gross,
    }
  })
  const totals = new Map<string, ReportSums>()
  for (const r of list) {
    const t = totals.get(r.currency) ?? { net: 0, tax: 0, gross: 0 }
    totals.set(r.currency, { net: t.net + r.net, tax: t.tax + r.tax, gross: t.gross + r.gross })
  }
  const profile = await loadTaxProfile(em, tenant.id)
  return {
    from,
    to,
    team: { name: tenant.name, legalName: profile?.legalName ?? null, taxId: profile?.taxId ?? null, country: profile?.country ?? null },
    rows: list,
    totals: [...totals].map(([currency, t]) => ({ currency, ...t })),
  }
}
export type TaxReport = Awaited<ReturnType<typeof taxReport>>

/** The API's answer: decimal amounts of each row's currency. */
export function serializeTaxReport(r: TaxReport) {
  const sums = (s: ReportSums, c: string) => ({ net: toMajor(s.net, c), tax: toMajor(s.tax, c), gross: toMajor(s.gross, c) })
  return {
    ...r,
    rows: r.rows.map((x) => ({
      ...x,
      invoiced: sums(x.invoiced, x.currency),
      credited: sums(x.credited, x.currency),
      ...sums({ net: x.net, tax: x.tax, gross: x.gross }, x.currency),
    })),
    totals: r.totals.map((t) => ({ currency: t.currency, ...sums(t, t.currency) })),
  }
}

const csvCell = (v: unknown) => {
  const s = String(v ?? '')
  // Quote always; a leading = + - @ is neutralised so spreadsheets never run it as a formula.
  return `"${(/^[=+\-@\t\r]/.test(s) && !/^-\d/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`
}
const KIND_LABEL: Record<TaxKind, string> = { none: 'No tax', standard: 'Taxed', reverse_charge: 'Reverse charge', outside_scope: 'Outside scope' }

/** The report as CSV (RFC 4180, CRLF): a row per kind, country, rate and currency, then a total per currency. */
export function taxReportCsv(r: TaxReport) {
  const head = [
    'Period from',
    'Period to',
    'Tax',
    'Country',
    'Rate %',
    'Currency',
    'Invoices',
    'Credit notes',
    'Invoiced net',
    'Invoiced tax',
    'Invoiced gross',
    'Credited net',
    'Credited tax',
    'Credited gross',
    'Net',
    'Tax',
    'Gross',
  ]
  const d = (m: number, c: string) => decimalString(m, c)
  const lines = [head.map(csvCell).join(',')]
  for (const x of r.rows) {
    lines.push(
      [
        r.from,
        r.to,
        KIND_LABEL[x.kind] ?? x.kind,
        x.country ?? '',
        x.rate,
        x.currency.toUpperCase(),
        x.invoices,
        x.creditNotes,
        d(x.invoiced.net, x.currency),
        d(x.invoiced.tax, x.currency),
        d(x.invoiced.gross, x.currency),
        d(x.credited.net, x.currency),
        d(x.credited.tax, x.currency),
        d(x.credited.gross, x.currency),
        d(x.net, x.currency),
        d(x.tax, x.currency),
        d(x.gross, x.currency),
      ]
        .map(csvCell)
        .join(','),
    )
  }
  for (const t of r.totals)
    lines.push(
      [
        r.from,
        r.to,
        'Total',
        '',
        '',
        t.currency.toUpperCase(),
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        d(t.net, t.currency),
        d(t.tax, t.currency),
        d(t.gross, t.currency),
      ]
        .map(csvCell)
        .join(','),
    )
  return `${lines.join('\r\n')}\r\n`
}
