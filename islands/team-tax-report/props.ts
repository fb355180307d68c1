import * as v from 'valibot'

/** The tax report form of /c/invoices: the period it opens with (the last full month, YYYY-MM-DD). */
export const TeamTaxReportProps = v.object({
  from: v.string(),
  to: v.string(),
})
export type TeamTaxReportProps = v.InferOutput<typeof TeamTaxReportProps>
