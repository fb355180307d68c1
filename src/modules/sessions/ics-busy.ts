/**
 * An iCalendar file turned into busy ranges, with ical.js: recurring events expanded (RRULE,
 * RDATE, EXDATE and overridden instances, RECURRENCE-ID), all-day events (a whole day of the
 * coach's calendar), cancelled and free (TRANSP:TRANSPARENT) events left out. Times with an IANA
 * TZID are placed with Temporal and the system's zone data; other TZIDs (Outlook's Windows
 * names) with the file's own VTIMEZONE; floating times in the coach's zone. Only what is needed
 * is kept: merged [start, end) pairs in epoch milliseconds, from a day ago to the horizon.
 */
import ICAL from 'ical.js'
import { isTimeZone } from './availability.schema'
import { addDays, wallToInstant } from './local-time'
import { merge } from './slots'

export class FeedError extends Error {}

export interface BusyOptions {
  now: number
  /** Occurrences are expanded until now + horizonDays. */
  horizonDays: number
  coachTimeZone: string
  /** Ranges kept at most (a feed beyond it keeps its first ones). */
  maxRanges: number
}

export interface BusyResult {
  busy: [number, number][]
  /** Events (masters and single ones) read. */
  events: number
}

const DAY = 86_400_000
/**
 * Occurrences of one recurring event looked at, at most: enough for a daily event that began
 * decades ago (the walk starts at its first occurrence), while an every-minute rule stops here.
 */
const MAX_OCCURRENCES = 30_000

type Time = ICAL.Time

function ymd(t: Time) {
  return `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`
}

/** The instant of a date-time of the file. */
function instantOf(t: Time, coachTz: string): number {
  const zone = t.zone as ICAL.Timezone | undefined
  if (zone === ICAL.Timezone.utcTimezone) return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)
  const tzid = (t as unknown as { timezone?: string }).timezone || zone?.tzid
  const minutes = t.hour * 60 + t.minute
  if (tzid && tzid !== 'floating' && isTimeZone(tzid)) return wallToInstant(ymd(t), minutes, tzid) + t.second * 1000
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== 'floating') return t.toUnixTime() * 1000
  return wallToInstant(ymd(t), minutes, coachTz) + t.second * 1000
}

/** [start, end) of one occurrence; all-day ones cover their dates in the coach's zone. */
function rangeOf(start: Time, end: Time | null, coachTz: string): [number, number] | null {
  if (start.isDate) {
    const first = ymd(start)
    const last = end?.isDate ? ymd(end) : addDays(first, 1)
    const to = last > first ? last : addDays(first, 1)
    return [wallToInstant(first, 0, coachTz), wallToInstant(to, 0, coachTz)]
  }
  const s = instantOf(start, coachTz)
  const e = end ? instantOf(end, coachTz) : s
  return e > s ? [s, e] : null
}

/** An occurrence that does not make the coach busy: cancelled, or marked free. */
function isFree(c: ICAL.Component) {
  const status = String(c.getFirstPropertyValue('status') ?? '').toUpperCase()
  const transp = String(c.getFirstPropertyValue('transp') ?? '').toUpperCase()
  return status === 'CANCELLED' || transp === 'TRANSPARENT'
}

export function busyFromIcs(text: string, opts: BusyOptions): BusyResult {
  let root: ICAL.Component
  try {
    const parsed = ICAL.parse(text)
    root = new ICAL.Component(Array.isArray(parsed[0]) ? (parsed[0] as any) : (parsed as any))
  } catch {
    throw new FeedError('The address does not answer a calendar file (iCalendar).')
  }
  if (root.name !== 'vcalendar') throw new FeedError('The address does not answer a calendar file (iCalendar).')
  const from = opts.now - DAY
  const until = opts.now + opts.horizonDays * DAY
  const ranges: { start: number; end: number }[] = []
  const vevents = root.getAllSubcomponents('vevent')
  // Masters (and single events) by UID; instances that override one occurrence go with their master.
  const masters = new Map<string, ICAL.Event>()
  const exceptions: ICAL.Component[] = []
  let events = 0
  for (const c of vevents) {
    if (c.hasProperty('recurrence-id')) exceptions.push(c)
    else {
      const uid = String(c.getFirstPropertyValue('uid') ?? `no-uid-${events}`)
      masters.set(uid, new ICAL.Event(c))
      events++
    }
  }
  const orphans: ICAL.Component[] = []
  for (const c of exceptions) {
    const master = masters.get(String(c.getFirstPropertyValue('uid') ?? ''))
    if (master?.isRecurring()) master.relateException(c)
    else orphans.push(c)
  }
  const push = (r: [number, number] | null) => {
    if (r && r[1] > from && r[0] < until) ranges.push({ start: r[0], end: r[1] })
  }
  const tz = opts.coachTimeZone
  for (const event of masters.values()) {
    if (!event.startDate) continue
    if (!event.isRecurring()) {
      if (!isFree(event.component)) push(rangeOf(event.startDate, event.endDate, tz))
      continue
    }
    const it = event.iterator()
    for (let i = 0, next = it.next(); next && i < MAX_OCCURRENCES; i++, next = it.next()) {
      // Long past occurrences (a month before the window: no busy event lasts that long) are passed over cheaply.
      if (Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute) < from - 31 * DAY) continue
      const d = event.getOccurrenceDetails(next)
      if (isFree(d.item.component)) continue
      const r = rangeOf(d.startDate, d.endDate, tz)
      if (!r) continue
      if (r[0] >= until) break
      push(r)
    }
  }
  // An override whose master is not in the file still takes place at its own time.
  for (const c of orphans) {
    if (isFree(c)) continue
    const e = new ICAL.Event(c)
    if (e.startDate) push(rangeOf(e.startDate, e.endDate, tz))
  }
  const merged = merge(ranges).slice(0, opts.maxRanges)
  return { busy: merged.map((r) => [r.start, r.end]), events: events + orphans.length }
}
