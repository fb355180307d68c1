/**
 * `GET /v1/t/tax-report`: the filing period (dates, both included, UTC) and the format. Its own
 * file (no tax-ID checks): the tax report form of /c/invoices validates with it.
 */
import * as v from 'valibot'

export const REPORT_MESSAGES = {
  from: 'Please enter a date (YYYY-MM-DD)',
  to: 'The end of the period must not be before its start',
  period: 'A report covers at most 400 days',
} as const
const M = REPORT_MESSAGES

const day = v.pipe(
  v.string(M.from),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, M.from),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), M.from),
)

export const TaxReportQuerySchema = v.pipe(
  v.object({
    from: day,
    to: day,
    format: v.optional(v.picklist(['json', 'csv'], 'The format must be json or csv'), 'json'),
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], (q) => q.to >= q.from, M.to),
    ['to'],
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], (q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 400 * 86_400_000, M.period),
    ['to'],
  ),
)
