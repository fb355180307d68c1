/** A status pill (booking, seat or payment status), shared by the client pages and their islands. */
import { css, cx } from 'styled-system/css'
import { SEAT_LABEL, STATUS_LABEL, STATUS_PALETTE } from './format'

const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2',
  h: '6',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  bg: 'colorPalette.a3',
  color: 'colorPalette.12',
})
const PALETTE_CLASS: Record<string, string> = {
  amber: css({ colorPalette: 'yellow' }),
  green: css({ colorPalette: 'green' }),
  red: css({ colorPalette: 'red' }),
  blue: css({ colorPalette: 'gray' }),
  gray: css({ colorPalette: 'gray' }),
}
const PAYMENT_LABEL: Record<string, string> = { succeeded: 'Paid', refunded: 'Refunded', failed: 'Failed', canceled: 'Cancelled', pending: 'Pending' }

export function StatusBadge({ status, kind = 'booking' }: { status: string; kind?: 'booking' | 'seat' | 'payment' }) {
  const label = (kind === 'seat' ? SEAT_LABEL : kind === 'payment' ? PAYMENT_LABEL : STATUS_LABEL)[status] ?? status
  return <span className={cx(badge, PALETTE_CLASS[STATUS_PALETTE[status] ?? 'gray'])}>{label}</span>
}
