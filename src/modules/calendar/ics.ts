/**
 * RFC 5545 calendar files written by hand: one VEVENT in the schedule's own time zone
 * (DTSTART;TZID=...), with a VTIMEZONE built from the runtime's IANA data (Intl) for the
 * years the event touches, so calendars that do not know the zone still place it right.
 */

export interface IcsEvent {
  uid: string
  start: Date
  end: Date
  timezone: string
  summary: string
  description?: string | null
  location?: string | null
  url?: string | null
  organizer?: { name: string; email?: string | null } | null
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  sequence?: number
  updatedAt?: Date
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** Offset of `tz` at instant `d`, in minutes east of UTC. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>()
export function offsetMinutes(tz: string, d: Date) {
  let f = offsetFormats.get(tz)
  if (!f) offsetFormats.set(tz, (f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })))
  const parts = f.formatToParts(d)
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name)
  if (!m) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0))
}

/** Wall-clock fields of instant `d` in `tz`. */
function local(tz: string, d: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`
}

const utc = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`

const fmtOffset = (min: number) => `${min < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(min) / 60))}${pad(Math.abs(min) % 60)}`

/** Instants in [from, to) where the zone's offset changes, found day by day then narrowed to the minute. */
function transitions(tz: string, from: Date, to: Date) {
  const out: { at: Date; before: number; after: number }[] = []
  const STEP = 24 * 3600e3
  let t = from.getTime()
  let prev = offsetMinutes(tz, from)
  for (t += STEP; t < to.getTime(); t += STEP) {
    const cur = offsetMinutes(tz, new Date(t))
    if (cur === prev) continue
    let lo = t - STEP
    let hi = t
    while (hi - lo > 60e3) {
      const mid = lo + Math.floor((hi - lo) / 2 / 60e3) * 60e3
      if (offsetMinutes(tz, new Date(mid)) === prev) lo = mid
      else hi = mid
    }
    out.push({ at: new Date(hi), before: prev, after: cur })
    prev = cur
  }
  return out
}

export function vtimezone(tz: string, start: Date, end: Date): string[] {
  const from = new Date(Date.UTC(start.getUTCFullYear() - 1, 0, 1))
  const to = new Date(Date.UTC(end.getUTCFullYear() + 1, 0, 1))
  const lines = ['BEGIN:VTIMEZONE', `TZID:${tz}`]
  const changes = transitions(tz, from, to)
  if (!changes.length) {
    const off = offsetMinutes(tz, start)
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${fmtOffset(off)}`, `TZOFFSETTO:${fmtOffset(off)}`, 'END:STANDARD')
  } else {
    for (const c of changes) {
      // The later offset of a pair is daylight time (the zone moves its clocks forward).
      const kind = c.after > c.before ? 'DAYLIGHT' : 'STANDARD'
      // DTSTART of an observance is the local time of the change, read in the offset before it.
      const wallStart = utc(new Date(c.at.getTime() + c.before * 60e3)).slice(0, 15)
      lines.push(`BEGIN:${kind}`, `DTSTART:${wallStart}`, `TZOFFSETFROM:${fmtOffset(c.before)}`, `TZOFFSETTO:${fmtOffset(c.after)}`, `END:${kind}`)
    }
  }
  lines.push('END:VTIMEZONE')
  return lines
}

/** Escapes TEXT values (RFC 5545 3.3.11). */
export const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Folds lines longer than 75 octets (RFC 5545 3.1). */
function fold(line: string) {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const out: string[] = []
  let cur = ''
  let size = 0
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length
    if (size + n > (out.length ? 74 : 75)) {
      out.push(cur)
      cur = ''
      size = 0
    }
    cur += ch
    size += n
  }
  out.push(cur)
  return out.join('\r\n ')
}

export function calendar(event: IcsEvent, opts: { productName: string; method?: 'PUBLISH' }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${opts.productName}//Workshops//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${opts.method ?? 'PUBLISH'}`,
    ...vtimezone(event.timezone, event.start, event.end),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.updatedAt ?? new Date())}`,
    `DTSTART;TZID=${event.timezone}:${local(event.timezone, event.start)}`,
    `DTEND;TZID=${event.timezone}:${local(event.timezone, event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer
      ? [
          `ORGANIZER;CN=${escapeText(event.organizer.name).replace(/[:;"]/g, '')}:${event.organizer.email ? `mailto:${event.organizer.email}` : 'invalid:nomail'}`,
        ]
      : []),
    `STATUS:${event.status ?? 'CONFIRMED'}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}
