import { formatAmount } from '../../src/shared/money'

/**
 * Dates and money as the client area shows them, the same on the server and in the browser
 * (islands get the time zone the server used, so hydration matches). Formatters are cached per
 * time zone: a fresh Intl formatter costs ~35x a cached one.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()

function dtf(tz: string, kind: 'date' | 'datetime' | 'time' | 'day') {
  const key = `${kind}|${tz}`
  let f = cache.get(key) as Intl.DateTimeFormat | undefined
  if (!f) {
    const opts: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { dateStyle: 'medium' }
        : kind === 'time'
          ? { timeStyle: 'short' }
          : kind === 'day'
            ? { weekday: 'short', day: 'numeric', month: 'short' }
            : { dateStyle: 'medium', timeStyle: 'short' }
    try {
      f = new Intl.DateTimeFormat('en-US', { ...opts, timeZone: tz })
    } catch {
      f = new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' })
    }
    cache.set(key, f)
  }
  return f
}

export const fmtDate = (iso: string | Date | null | undefined, tz: string) => (iso ? dtf(tz, 'date').format(new Date(iso)) : '—')
export const fmtDateTime = (iso: string | Date | null | undefined, tz: string) => (iso ? dtf(tz, 'datetime').format(new Date(iso)) : '—')
export const fmtTime = (iso: string | Date, tz: string) => dtf(tz, 'time').format(new Date(iso))
export const fmtDay = (iso: string | Date, tz: string) => dtf(tz, 'day').format(new Date(iso))

/** "Mar 3, 2027, 9:00 AM – 5:00 PM" (the end's date only when it differs). */
export function fmtRange(start: string | Date, end: string | Date, tz: string) {
  const sameDay = fmtDate(start, tz) === fmtDate(end, tz)
  return `${fmtDateTime(start, tz)} – ${sameDay ? fmtTime(end, tz) : fmtDateTime(end, tz)}`
}

/** A decimal amount (as the API shows it) in its currency, with the currency's own decimals (JPY none). */
export const money = (amount: number, currency = 'usd') => formatAmount(amount, currency)

export const STATUS_LABEL: Record<string, string> = {
  PENDING: 'Waiting for payment',
  CONFIRMED: 'Confirmed',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
  NO_SHOW: 'No-show',
}
export const PAYMENT_LABEL: Record<string, string> = { succeeded: 'Paid', refunded: 'Refunded', failed: 'Failed', canceled: 'Cancelled', pending: 'Pending' }
export const SEAT_LABEL: Record<string, string> = { PENDING: 'Invited', ACCEPTED: 'Accepted', DECLINED: 'Declined', EXPIRED: 'Expired' }
export const STATUS_PALETTE: Record<string, string> = {
  PENDING: 'amber',
  CONFIRMED: 'green',
  CANCELLED: 'red',
  COMPLETED: 'blue',
  NO_SHOW: 'gray',
  ACCEPTED: 'green',
  DECLINED: 'red',
  EXPIRED: 'gray',
  succeeded: 'green',
  refunded: 'blue',
  failed: 'red',
  canceled: 'gray',
  pending: 'amber',
}
export const MODE_LABEL: Record<string, string> = { 'IN-PERSON': 'In person', ONLINE: 'Online', HYBRID: 'Hybrid' }
