/**
 * The team's tax report for a filing period (/c/invoices, managers: invoices.view like the API):
 * from and to dates checked with the API's own schema (TaxReportQuerySchema: a date each, the end
 * not before the start, at most 400 days), then `GET /v1/t/tax-report?format=csv` downloads the
 * CSV (per kind of tax, country and rate: invoices, credit notes and their difference). The
 * server's 422 lands under the same fields.
 */
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { TaxReportQuerySchema } from '../../src/modules/tax/tax-report.schema'
import { check } from '../lib/form'
import type { TeamTaxReportProps } from './props'

type Name = 'from' | 'to'

/** The file name the server gives (content-disposition), else one of the period. */
const fileName = (res: Response, from: string, to: string) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `tax-report-${from}-${to}.csv`

export default function TeamTaxReport(props: TeamTaxReportProps) {
  const id = useId()
  const [values, setValues] = useState<Record<Name, string>>({ from: props.from, to: props.to })
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const errorsOf = (x: Record<Name, string>) => {
    const bag = check(TaxReportQuerySchema, { ...x, format: 'csv' })
    return { from: bag?.from?.[0], to: bag?.to?.[0] }
  }
  const set = (name: Name, value: string) => {
    const next = { ...values, [name]: value }
    setValues(next)
    setFormError(null)
    // Shown once a field has a message; cleared as soon as the period is right.
    if (errors.from || errors.to) setErrors(errorsOf(next))
  }

  async function download() {
    const found = errorsOf(values)
    setErrors(found)
    if (found.from || found.to) return
    setBusy(true)
    setFormError(null)
    try {
      const url = `/v1/t/tax-report?${new URLSearchParams({ from: values.from, to: values.to, format: 'csv' })}`
      const res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/csv' } })
      if (res.status === 422) {
        const body = (await res.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null
        setErrors({ from: body?.errors?.from?.[0], to: body?.errors?.to?.[0] })
        if (!body?.errors?.from && !body?.errors?.to) setFormError(body?.message ?? 'The report could not be made for this period.')
        return
      }
      if (!res.ok) {
        setFormError(res.status === 403 ? 'Your role in this team does not download its tax report.' : 'The report could not be downloaded. Try again.')
        return
      }
      const blob = await res.blob()
      const a = document.createElement('a')
      a.href = URL.createObjectURL(blob)
      a.download = fileName(res, values.from, values.to)
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
    } catch {
      setFormError('The report could not be downloaded. Check your connection and try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      aria-label="Tax report"
      noValidate
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-start' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (!busy) void download()
      }}
    >
      <FormField label="From" id={`${id}-from`} error={errors.from} className={css({ flex: { base: '1 1 100%', sm: '0 1 12rem' } })}>
        <Input size="md" type="date" name="from" value={values.from} onChange={(e) => set('from', e.target.value)} />
      </FormField>
      <FormField label="To" id={`${id}-to`} error={errors.to} className={css({ flex: { base: '1 1 100%', sm: '0 1 12rem' } })}>
        <Input size="md" type="date" name="to" value={values.to} onChange={(e) => set('to', e.target.value)} />
      </FormField>
      <Button
        type="submit"
        size="md"
        variant="outline"
        loading={busy}
        loadingText="Preparing…"
        className={css({ mt: { sm: '6' }, w: { base: 'full', sm: 'auto' } })}
      >
        Download CSV
      </Button>
      {formError && (
        <p role="alert" className={css({ flexBasis: '100%', color: 'fg.error', fontSize: 'sm' })}>
          {formError}
        </p>
      )}
    </form>
  )
}
