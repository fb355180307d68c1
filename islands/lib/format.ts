/**
 * Dates and money as the client and coach areas show them, the same on the server and in the
 * browser (islands get the time zone the server used, so hydration matches). Dates come from
 * the product's one formatter (src/shared/datetime.ts), state words from its one vocabulary
 * (src/shared/vocabulary.ts).
 */
import { formatDate, formatDateTime, formatIn, formatRange, formatTime, type When } from '../../src/shared/datetime'
import { formatAmount } from '../../src/shared/money'

export {
  BOOKING_STATUS as STATUS_LABEL,
  MODE_LABEL,
  PAYMENT_STATUS as PAYMENT_LABEL,
  SEAT_STATUS as SEAT_LABEL,
  STATUS_PALETTE,
} from '../../src/shared/vocabulary'

/** "Dec 7, 2026". */
export const fmtDate = (iso: When, tz: string) => formatDate(iso, tz)
/** "Dec 7, 2026, 2:00 PM". */
export const fmtDateTime = (iso: When, tz: string) => formatDateTime(iso, tz)
/** "2:00 PM". */
export const fmtTime = (iso: string | Date, tz: string) => formatTime(iso, tz)
/** "Mon, Dec 7". */
export const fmtDay = (iso: string | Date, tz: string) => formatIn('weekdayDayMonth', iso, tz)
/** "Mar 3, 2027, 9:00 AM – 5:00 PM" (the end's date only when it differs). */
export const fmtRange = (start: string | Date, end: string | Date, tz: string) => formatRange(start, end, tz)

/** A decimal amount (as the API shows it) in its currency, with the currency's own decimals (JPY none). */
export const money = (amount: number, currency = 'usd') => formatAmount(amount, currency)
