/**
 * The tax of a sale as the server decided it (`tax` of a booking or of `POST /v1/bookings/quote`),
 * as order summaries show it: "VAT 20 % (FR)" with its amount on top of the price, "Includes VAT
 * 19 %" when prices include it, and a 0 % sale's sentence (reverse charge). The browser computes
 * nothing here: it writes what the server answered.
 */
import { css } from 'styled-system/css'
import { formatAmount } from '../../src/shared/money'

export interface SaleTax {
  kind: 'none' | 'standard' | 'reverse_charge' | 'outside_scope'
  rate: number
  country: string | null
  region: string | null
  name: string
  included: boolean
  net: number
  tax: number
  gross: number
  note: string | null
}

const row = css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm' })
const where = (t: SaleTax) => (t.country ? ` (${[t.country, t.region].filter(Boolean).join('-')})` : '')

/** "VAT 20 % (FR)", "Includes VAT 19 % (DE)", "VAT 0 %: reverse charge". */
export function taxLabel(t: SaleTax) {
  if (t.kind === 'reverse_charge') return `${t.name} 0 %: reverse charge`
  if (t.kind === 'outside_scope') return `${t.name} 0 %`
  return `${t.included ? 'Includes ' : ''}${t.name} ${t.rate} %${where(t)}`
}

/** The tax rows of a summary; nothing for a team that charges no tax. */
export function TaxRows({ tax, currency }: { tax: SaleTax | null | undefined; currency: string }) {
  if (!tax || tax.kind === 'none') return null
  const amount = formatAmount(tax.tax, currency)
  return (
    <>
      <p className={row} data-testid="tax-line">
        <span>{taxLabel(tax)}</span>
        <span className={css({ whiteSpace: 'nowrap' })}>{tax.included ? `(${amount})` : amount}</span>
      </p>
      {tax.note && (
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="tax-note">
          {tax.note}
        </p>
      )}
    </>
  )
}
