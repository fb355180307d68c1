/**
 * The one way Summit writes a date or a time, on pages, in islands, mails, calendar texts and
 * PDFs (browser-safe: no server imports).
 *
 *  - Dates: "Dec 7, 2026"; a session's day with its weekday: "Mon, Dec 7, 2026".
 *  - Times: "2:00 PM"; a date and a time: "Dec 7, 2026, 2:00 PM".
 *  - Zones, always named the same way: the city of the IANA zone and "time" ("London time",
 *    "New York time"), "UTC" for UTC. Never an abbreviation (EST, GMT, GMT+0 mean different
 *    things to different readers and change with daylight saving).
 *  - A session is written in the workshop's own zone, named, with the reader's own beside it
 *    where the two clocks differ: "2:00 PM – 5:00 PM London time (9:00 AM – 12:00 PM your time)".
 *
 * Formatters are cached per shape and zone: a fresh Intl formatter costs ~35x a cached one.
 */

export type When = Date | string | number | null | undefined

const LOCALE = 'en-US'
const SHAPES = {
  date: { month: 'short', day: 'numeric', year: 'numeric' },
  day: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  dayMonth: { month: 'short', day: 'numeric' },
  weekdayDayMonth: { weekday: 'short', month: 'short', day: 'numeric' },
  longDay: { weekday: 'long', month: 'short', day: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  monthShort: { month: 'short', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  ymd: { year: 'numeric', month: '2-digit', day: '2-digit' },
  weekday: { weekday: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>
export type Shape = keyof typeof SHAPES

const formats = new Map<string, Intl.DateTimeFormat>()
const zones = new Map<string, boolean>()

/** The zone itself when the runtime knows it, else UTC. */
export function validZone(tz: string | null | undefined): string {
  if (!tz) return 'UTC'
  let ok = zones.get(tz)
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat(LOCALE, { timeZone: tz })
      ok = true
    } catch {
      ok = false
    }
    if (zones.size > 1000) zones.clear()
    zones.set(tz, ok)
  }
  return ok ? tz : 'UTC'
}

function formatter(shape: Shape, tz: string | null | undefined) {
  const zone = validZone(tz)
  const key = `${shape}|${zone}`
  let f = formats.get(key)
  if (!f) {
    // 'en-CA' writes ISO days (2026-12-07); every other shape is US English.
    f = new Intl.DateTimeFormat(shape === 'ymd' ? 'en-CA' : LOCALE, { ...SHAPES[shape], timeZone: zone })
    if (formats.size > 2000) formats.clear()
    formats.set(key, f)
  }
  return f
}

const toDate = (d: When) => (d instanceof Date ? d : new Date(d ?? 0))

/** One shape of a moment in a zone (for the few places that need a piece: calendars, "Dec 7"). */
export const formatIn = (shape: Shape, d: When, tz: string | null | undefined) => formatter(shape, tz).format(toDate(d))

/** "Dec 7, 2026"; "—" when there is no date. */
export const formatDate = (d: When, tz: string | null | undefined) => (d == null || d === '' ? '—' : formatIn('date', d, tz))
/** "Mon, Dec 7, 2026": the day of a session. */
export const formatDay = (d: When, tz: string | null | undefined) => (d == null || d === '' ? '—' : formatIn('day', d, tz))
/** "2:00 PM". */
export const formatTime = (d: When, tz: string | null | undefined) => formatIn('time', d, tz)
/** "Dec 7, 2026, 2:00 PM"; "—" when there is no date. */
export const formatDateTime = (d: When, tz: string | null | undefined) => (d == null || d === '' ? '—' : `${formatDate(d, tz)}, ${formatTime(d, tz)}`)
/** "2026-12-07" as the wall calendar reads it in the zone. */
export const isoDay = (d: When, tz: string | null | undefined) => formatIn('ymd', d, tz)

/** "London time" for Europe/London, "New York time", "UTC" for UTC: the one way a zone is named. */
export function zoneLabel(tz: string | null | undefined): string {
  const zone = validZone(tz)
  if (/^(Etc\/)?(UTC|GMT|UCT|Universal|Zulu)$/i.test(zone)) return 'UTC'
  if (!zone.includes('/')) return zone
  return `${zone.split('/').pop()!.replace(/_/g, ' ')} time`
}

/** The hours of a session: "2:00 PM – 5:00 PM", with the end's day when it ends on another day. */
export function formatHours(start: When, end: When, tz: string | null | undefined): string {
  const sameDay = isoDay(start, tz) === isoDay(end, tz)
  return `${formatTime(start, tz)} – ${sameDay ? '' : `${formatDay(end, tz)}, `}${formatTime(end, tz)}`
}

/** "Dec 7, 2026, 2:00 PM – 5:00 PM" (the end's date only when it differs). */
export function formatRange(start: When, end: When, tz: string | null | undefined): string {
  const sameDay = isoDay(start, tz) === isoDay(end, tz)
  return `${formatDateTime(start, tz)} – ${sameDay ? formatTime(end, tz) : formatDateTime(end, tz)}`
}

/** Do two zones show the same wall clock at these moments? */
export function sameClock(a: string | null | undefined, b: string | null | undefined, ...at: When[]): boolean {
  const za = validZone(a)
  const zb = validZone(b)
  if (za === zb) return true
  return at.every((d) => `${isoDay(d, za)} ${formatTime(d, za)}` === `${isoDay(d, zb)} ${formatTime(d, zb)}`)
}

/**
 * The reader's own hours of a session in the workshop's zone, or null when their clock reads the
 * same: "9:00 AM – 12:00 PM your time", with the day when it falls on another day for them
 * ("Tue, Dec 8, 1:00 AM – 3:00 AM your time").
 */
export function viewerHours(start: When, end: When, tz: string | null | undefined, viewerTz: string | null | undefined): string | null {
  if (!viewerTz || sameClock(tz, viewerTz, start, end)) return null
  const otherDay = isoDay(start, tz) !== isoDay(start, viewerTz)
  return `${otherDay ? `${formatIn('weekdayDayMonth', start, viewerTz)}, ` : ''}${formatHours(start, end, viewerTz)} your time`
}

/** The reader's own clock at a session's start, or null when it reads the same: "9:00 AM your time" (with the day when it differs). */
export function viewerStart(start: When, tz: string | null | undefined, viewerTz: string | null | undefined): string | null {
  if (!viewerTz || sameClock(tz, viewerTz, start)) return null
  const otherDay = isoDay(start, tz) !== isoDay(start, viewerTz)
  return `${otherDay ? `${formatIn('weekdayDayMonth', start, viewerTz)}, ` : ''}${formatTime(start, viewerTz)} your time`
}

/** "2:00 PM – 5:00 PM London time", then the reader's own in brackets where it differs. */
export function sessionHours(start: When, end: When, tz: string | null | undefined, viewerTz?: string | null): string {
  const own = viewerHours(start, end, tz, viewerTz)
  return `${formatHours(start, end, tz)} ${zoneLabel(tz)}${own ? ` (${own})` : ''}`
}

/** "Mon, Dec 7, 2026, 2:00 PM – 5:00 PM London time (…your time)": a whole session in one line. */
export function sessionWhen(start: When, end: When, tz: string | null | undefined, viewerTz?: string | null): string {
  return `${formatDay(start, tz)}, ${sessionHours(start, end, tz, viewerTz)}`
}

/** "Dec 7, 2026, 2:00 PM London time": a moment in a named zone (deadlines, sent at...). */
export const formatMoment = (d: When, tz: string | null | undefined) => `${formatDateTime(d, tz)} ${zoneLabel(tz)}`

/** "Mon, Dec 7, 2026, 2:00 PM London time": a session's start in its zone (mails, PDFs). */
export const formatStart = (d: When, tz: string | null | undefined) => `${formatDay(d, tz)}, ${formatTime(d, tz)} ${zoneLabel(tz)}`

/**
 * A move from one start to another on the session's clock, the zone named once, then the
 * reader's own where their clock differs (as `sessionWhen` does): "Mon, Dec 7, 2026, 2:00 PM →
 * 3:30 PM London time (9:00 AM → 10:30 AM your time)"; the day again when the move changes it.
 */
export function formatMove(from: When, to: When, tz: string | null | undefined, viewerTz?: string | null): string {
  const sameDay = isoDay(from, tz) === isoDay(to, tz)
  const main = `${formatDay(from, tz)}, ${formatTime(from, tz)} → ${sameDay ? '' : `${formatDay(to, tz)}, `}${formatTime(to, tz)} ${zoneLabel(tz)}`
  if (!viewerTz || sameClock(tz, viewerTz, from, to)) return main
  const day = (d: When) => `${formatIn('weekdayDayMonth', d, viewerTz)}, `
  const fromDay = isoDay(from, tz) !== isoDay(from, viewerTz) ? day(from) : ''
  const toDay = isoDay(from, viewerTz) !== isoDay(to, viewerTz) ? day(to) : ''
  return `${main} (${fromDay}${formatTime(from, viewerTz)} → ${toDay}${formatTime(to, viewerTz)} your time)`
}

/** The `tz` cookie's value when it is a zone the runtime knows, else null. */
export function cookieZone(raw: string | null | undefined): string | null {
  if (!raw || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(raw)) return null
  return validZone(raw) === raw ? raw : null
}
