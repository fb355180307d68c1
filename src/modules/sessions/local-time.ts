/**
 * Wall-clock hours in an IANA time zone turned into instants, per local date, with Temporal
 * (@js-temporal/polyfill): never a hand-made offset. Daylight-saving changes:
 *  - 09:00 is 09:00 local on both sides of a change (each date is converted on its own);
 *  - a time that does not exist that night (clocks jump 02:00 -> 03:00) is the moment the clocks
 *    jump: a range 02:00-03:00 is empty that night, 01:00-02:30 ends at 03:00 (one real hour);
 *  - a time that repeats (clocks go 03:00 -> 02:00) starts a range at its first pass and ends a
 *    range at its second: 01:00-02:30 then lasts until the clock shows 02:30 for the last time.
 * Conversions are the slow part of slot finding, so a date's ranges and its midnight are memoized
 * per zone (a small LRU): the same weekly hours cost nothing on the next request.
 */
import { Temporal } from '@js-temporal/polyfill'
import type { DateOverride, TimeRange, WeeklyRange } from './availability.schema'
import { minutesOf } from './availability.schema'

export interface Interval {
  start: number
  end: number
}

/** An available range of one local date, as instants (epoch ms). */
export interface DayRange extends Interval {
  date: string
}

export interface AvailabilityRules {
  timeZone: string
  weekly: WeeklyRange[]
  overrides: DateOverride[]
}

const DAY_MS = 86_400_000

class Lru<K, V> {
  private map = new Map<K, V>()
  constructor(private max: number) {}
  get(k: K) {
    const v = this.map.get(k)
    if (v !== undefined) {
      this.map.delete(k)
      this.map.set(k, v)
    }
    return v
  }
  set(k: K, v: V) {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as K)
    this.map.set(k, v)
  }
}

const instants = new Lru<string, number>(50_000)

/**
 * The instant of wall-clock `minutes` after midnight of `date` in `tz`. `edge` says which end of
 * a range it is: a repeated time is its first pass for a start and its second for an end; a
 * skipped time is the moment the clocks jump, either way.
 */
export function wallToInstant(date: string, minutes: number, tz: string, edge: 'start' | 'end' = 'start'): number {
  const key = `${tz}|${date}|${minutes}|${edge}`
  const hit = instants.get(key)
  if (hit !== undefined) return hit
  let day = Temporal.PlainDate.from(date)
  if (minutes >= 1440) {
    day = day.add({ days: Math.floor(minutes / 1440) })
    minutes %= 1440
  }
  const wall = day.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 })
  const earlier = wall.toZonedDateTime(tz, { disambiguation: 'earlier' })
  let ms: number
  if (!earlier.toPlainDateTime().equals(wall)) {
    // In a gap: the clocks jump over this time. The range edge is the jump itself.
    ms = earlier.getTimeZoneTransition('next')?.epochMilliseconds ?? earlier.epochMilliseconds
  } else if (edge === 'end') {
    ms = wall.toZonedDateTime(tz, { disambiguation: 'later' }).epochMilliseconds
  } else ms = earlier.epochMilliseconds
  instants.set(key, ms)
  return ms
}

const dates = new Lru<string, string>(50_000)
const formats = new Map<string, Intl.DateTimeFormat>()

/** The local date (YYYY-MM-DD) of an instant in `tz`. Cheap: Intl, one cached formatter per zone. */
export function localDate(ms: number, tz: string): string {
  let f = formats.get(tz)
  if (!f) formats.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })))
  return f.format(ms)
}

/** ISO weekday (1 Monday ... 7 Sunday) of a YYYY-MM-DD date (the calendar's, no zone involved). */
export function weekdayOf(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay()
  return d === 0 ? 7 : d
}

/** `date` plus `n` days (YYYY-MM-DD). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** The ranges of one date: the override's when there is one (empty: a day off), else the weekday's. */
export function rangesOn(rules: AvailabilityRules, date: string, overrides?: Map<string, TimeRange[]>): TimeRange[] {
  const o = overrides ? overrides.get(date) : rules.overrides.find((x) => x.date === date)?.ranges
  if (o) return o
  const day = weekdayOf(date)
  return rules.weekly.filter((r) => r.day === day)
}

/** Instants of the ranges of every local date from `fromDate` to `toDate` (inclusive), in order. */
export function expand(rules: AvailabilityRules, fromDate: string, toDate: string): DayRange[] {
  const out: DayRange[] = []
  const overrides = new Map(rules.overrides.map((o) => [o.date, o.ranges]))
  for (let date = fromDate, guard = 0; date <= toDate && guard < 800; date = addDays(date, 1), guard++) {
    const ranges = [...rangesOn(rules, date, overrides)].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
    for (const r of ranges) {
      const start = wallToInstant(date, minutesOf(r.start), rules.timeZone, 'start')
      const end = wallToInstant(date, minutesOf(r.end), rules.timeZone, 'end')
      if (end > start) out.push({ date, start, end })
    }
  }
  return out
}

/** Midnight (the first instant) of a local date in `tz`. */
export function startOfDay(date: string, tz: string): number {
  return wallToInstant(date, 0, tz, 'start')
}

/** Local dates of a zone are short strings; this memo keeps the Intl formatter off hot loops. */
export function localDateCached(ms: number, tz: string): string {
  // Instants are grouped by the minute: dates only change on a minute boundary in every zone.
  const key = `${tz}|${Math.floor(ms / 60_000)}`
  const hit = dates.get(key)
  if (hit) return hit
  const d = localDate(ms, tz)
  dates.set(key, d)
  return d
}
