/** A status pill (booking, seat or payment status), shared by the client pages and their islands. */
import { css, cx } from 'styled-system/css'
import { PAYMENT_LABEL, SEAT_LABEL, STATUS_LABEL, STATUS_PALETTE } from './format'
import { PILL_TONE, pillClass } from './pill'

export function StatusBadge({ status, kind = 'booking' }: { status: string; kind?: 'booking' | 'seat' | 'payment' }) {
  const label = (kind === 'seat' ? SEAT_LABEL : kind === 'payment' ? PAYMENT_LABEL : STATUS_LABEL)[status] ?? status
  return <span className={cx(pillClass, PILL_TONE[STATUS_PALETTE[status] ?? 'gray'])}>{label}</span>
}
