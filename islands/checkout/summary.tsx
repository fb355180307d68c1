/**
 * The checkout's order summary: the seats at the price (with "incl. VAT" / "+ VAT" for a team
 * registered for tax), the voucher, and for such a team the tax and total the server computed
 * for this buyer (`POST /v1/bookings/quote`, asked again when the seats, the voucher or the
 * company's details change). A team that charges no tax needs no quote: its total is the seats
 * less the voucher, as the booking will charge.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { formatAmount } from '../../src/shared/money'
import { post } from '../lib/api'
import { PriceNote } from '../lib/price-note'
import { type SaleTax, TaxRows } from '../lib/tax-rows'

export interface Quote {
  currency: string
  seats: number
  amountTotal: number
  discount: number
  amountDue: number
  tax: SaleTax
}

/** What the quote is asked for; null while the company's details are incomplete. */
export interface QuoteAsk {
  workshopScheduleId: string
  seats: number
  voucherCode: string | null
  billing: Record<string, unknown> | null
}

type QuoteState = { status: 'idle' | 'loading' | 'incomplete' | 'failed'; quote: Quote | null } | { status: 'ready'; quote: Quote }

/** The server's quote for `ask` (none when `enabled` is false), asked 250 ms after the last change; a stale answer is dropped. */
export function useQuote(ask: QuoteAsk | null, enabled: boolean): QuoteState {
  const [state, setState] = useState<QuoteState>({ status: enabled ? 'loading' : 'idle', quote: null })
  const seq = useRef(0)
  const key = ask ? JSON.stringify(ask) : null
  useEffect(() => {
    if (!enabled) return
    const n = ++seq.current
    if (!key) {
      setState({ status: 'incomplete', quote: null })
      return
    }
    setState((s) => ({ status: 'loading', quote: s.quote }))
    const timer = setTimeout(() => {
      post<{ data: Quote }>('/v1/bookings/quote', JSON.parse(key), { silent: true })
        .then((r) => n === seq.current && setState({ status: 'ready', quote: r.data }))
        .catch(() => n === seq.current && setState({ status: 'failed', quote: null }))
    }, 250)
    return () => clearTimeout(timer)
  }, [key, enabled])
  return state
}

const row = css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm' })
const muted = css({ color: 'fg.muted', fontSize: 'sm' })

export function OrderSummary({
  price,
  currency,
  seats,
  priceNote,
  voucher,
  quote,
  children,
}: {
  price: number
  currency: string
  seats: number
  /** "incl. VAT" / "+ VAT" (the team's tax profile), or null when it charges no tax. */
  priceNote: string | null
  voucher: { code: string; discount: number; due: number } | null
  quote: QuoteState
  /** The submit button, under the total. */
  children: ReactNode
}) {
  const money = (n: number) => formatAmount(n, currency)
  const subtotal = price * seats
  const taxed = priceNote !== null
  const q = taxed ? quote.quote : null
  const total = taxed ? (q?.amountDue ?? null) : voucher ? voucher.due : subtotal
  return (
    <div
      className={css({ display: 'flex', flexDir: 'column', gap: '2', borderTopWidth: '1px', borderColor: 'border.subtle', pt: '4' })}
      data-testid="order-summary"
      aria-busy={taxed && quote.status === 'loading' ? true : undefined}
    >
      <p className={row}>
        <span>
          {money(price)} × {seats}
          <PriceNote note={priceNote} />
        </span>
        <span>{money(subtotal)}</span>
      </p>
      {voucher && voucher.discount > 0 && (
        <p className={cx(row, css({ color: 'green.11' }))}>
          <span>Voucher {voucher.code}</span>
          <span>−{money(voucher.discount)}</span>
        </p>
      )}
      {q && <TaxRows tax={q.tax} currency={currency} />}
      {taxed && quote.status === 'incomplete' && <p className={muted}>The tax is calculated once the company’s details are complete.</p>}
      {taxed && quote.status === 'failed' && <p className={muted}>The tax could not be calculated just now: it is shown before you pay.</p>}
      <p className={cx(row, css({ fontWeight: 'bold', fontSize: 'lg' }))}>
        <span>Total</span>
        <span data-testid="total">{total === null ? '…' : money(total)}</span>
      </p>
      {children}
    </div>
  )
}
