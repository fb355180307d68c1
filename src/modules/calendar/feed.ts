/** One iCalendar feed of many schedules (RFC 5545), built from the single-event writer of the calendar module. */
import { calendar, type IcsEvent } from './ics'

export function calendarFeed(events: IcsEvent[], opts: { productName: string; name: string }) {
  const zones = new Map<string, string[]>()
  const vevents: string[] = []
  for (const e of events) {
    const lines = calendar(e, { productName: opts.productName }).split('\r\n')
    const tzStart = lines.indexOf('BEGIN:VTIMEZONE')
    const tzEnd = lines.lastIndexOf('END:VTIMEZONE')
    if (tzStart >= 0 && !zones.has(e.timezone)) zones.set(e.timezone, lines.slice(tzStart, tzEnd + 1))
    vevents.push(...lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1))
  }
  return `${[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${opts.productName}//Workshops//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${opts.name.replace(/[\r\n]/g, ' ')}`,
    ...[...zones.values()].flat(),
    ...vevents,
    'END:VCALENDAR',
  ].join('\r\n')}\r\n`
}
