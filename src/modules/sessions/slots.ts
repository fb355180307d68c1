/**
 * Free times of a session type: the coach's available ranges (local hours per date, local-time.ts)
 * cut into candidates, minus everything the candidate's time plus its buffers would overlap:
 * busy ranges of the coach's calendars, the coach's workshops (their whole length) and the
 * coach's other booked sessions (with their own buffers), in every team. Then the minimum
 * notice, the booking window and the per-day limit. The same function answers the public slots
 * list and checks a booking's time inside its transaction, so a time offered is a time bookable.
 *
 * Candidates start at each range's start and follow every `min(duration, 30)` minutes: a
 * 20-minute call offers 09:00, 09:20, 09:40...; a 60-minute session 09:00, 09:30, 10:00...
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { type AvailabilityRules, addDays, expand, type Interval, localDate } from './local-time'

const MINUTE = 60_000
const DAY = 86_400_000

export interface SlotRules {
  durationMinutes: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  minimumNoticeMinutes: number
  bookingWindowDays: number
  maxPerDay: number | null
}

export interface SlotInput {
  rules: SlotRules
  availability: AvailabilityRules | null
  /** Time the candidate and its buffers must not touch (any order, may overlap). */
  busy: Interval[]
  /** Bookings of this session type per local date of the coach (for the per-day limit). */
  bookedPerDay: Map<string, number>
  now: number
  /** Slots starting in [from, to). */
  from: number
  to: number
}

export const stepMinutes = (durationMinutes: number) => Math.min(durationMinutes, 30)

/** Sorted, merged copy of `xs`. */
export function merge(xs: Interval[]): Interval[] {
  const sorted = xs.filter((x) => x.end > x.start).sort((a, b) => a.start - b.start)
  const out: Interval[] = []
  for (const x of sorted) {
    const last = out[out.length - 1]
    if (last && x.start <= last.end) last.end = Math.max(last.end, x.end)
    else out.push({ start: x.start, end: x.end })
  }
  return out
}

/** Whether [start, end) overlaps a range of `merged` (sorted and disjoint): a binary search. */
export function overlaps(merged: Interval[], start: number, end: number): boolean {
  let lo = 0
  let hi = merged.length
  // The first range that ends after `start`.
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (merged[mid]!.end <= start) lo = mid + 1
    else hi = mid
  }
  return lo < merged.length && merged[lo]!.start < end
}

/** The earliest and latest start the rules allow at `now`. */
export function bounds(rules: SlotRules, now: number) {
  return { earliest: now + rules.minimumNoticeMinutes * MINUTE, latest: now + rules.bookingWindowDays * DAY }
}

export function findSlots(input: SlotInput): Interval[] {
  const { rules, availability } = input
  if (!availability) return []
  const b = bounds(rules, input.now)
  const earliest = Math.max(input.from, b.earliest)
  const latest = Math.min(input.to - 1, b.latest)
  if (latest < earliest) return []
  const tz = availability.timeZone
  const duration = rules.durationMinutes * MINUTE
  const before = rules.bufferBeforeMinutes * MINUTE
  const after = rules.bufferAfterMinutes * MINUTE
  const step = stepMinutes(rules.durationMinutes) * MINUTE
  const busy = merge(input.busy)
  const out: Interval[] = []
  for (const r of expand(availability, localDate(earliest, tz), localDate(latest, tz))) {
    if (rules.maxPerDay != null && (input.bookedPerDay.get(r.date) ?? 0) >= rules.maxPerDay) continue
    for (let s = r.start; s + duration <= r.end; s += step) {
      if (s < earliest) continue
      if (s > latest) break
      if (!overlaps(busy, s - before, s + duration + after)) out.push({ start: s, end: s + duration })
    }
  }
  return out
}

export interface SlotData {
  id: string
  tenantId: string
  coachId: string
  status: string
  deleted: boolean
  currency: string
  price: number
  rules: SlotRules
  availability: AvailabilityRules | null
  busy: Interval[]
  bookedPerDay: Map<string, number>
}

/**
 * The busy ranges of calendar feeds, merged (sorted, disjoint), kept per feed and row version
 * (`xmin` and the range count: any write of the row makes a new version), so a busy feed of
 * thousands of events is read and parsed once per read of the feed, not per request; each
 * app server keeps its own and a version it has not seen reads the feed again. Bounded: at
 * most MAX_KEPT_FEEDS feeds (the oldest kept go first).
 */
const MAX_KEPT_FEEDS = 2000
const keptFeeds = new Map<string, { version: string; ranges: Interval[] }>()

async function feedRanges(em: EntityManager, feeds: [string, string][]): Promise<Interval[][]> {
  const missing = feeds.filter(([id, version]) => keptFeeds.get(id)?.version !== version).map(([id]) => id)
  if (missing.length) {
    const rows = await em.execute<{ id: string; version: string; busy: unknown }[]>(
      `select id, xmin::text || '.' || busy_count as version, busy from calendar_feeds where id = any(?::uuid[])`,
      [`{${missing.join(',')}}`],
    )
    for (const row of rows) {
      const pairs = (typeof row.busy === 'string' ? JSON.parse(row.busy) : row.busy) as [number, number][] | null
      keptFeeds.delete(row.id)
      if (keptFeeds.size >= MAX_KEPT_FEEDS) keptFeeds.delete(keptFeeds.keys().next().value!)
      keptFeeds.set(row.id, { version: row.version, ranges: merge((pairs ?? []).map(([start, end]) => ({ start: Number(start), end: Number(end) }))) })
    }
  }
  return feeds.map(([id]) => keptFeeds.get(id)?.ranges ?? [])
}

/** The ranges of `merged` (sorted, disjoint) that overlap [lo, hi): a binary search, then a walk. */
export function within(merged: Interval[], lo: number, hi: number): Interval[] {
  let a = 0
  let b = merged.length
  while (a < b) {
    const mid = (a + b) >> 1
    if (merged[mid]!.end <= lo) a = mid + 1
    else b = mid
  }
  const out: Interval[] = []
  for (let i = a; i < merged.length && merged[i]!.start < hi; i++) out.push({ start: merged[i]!.start, end: merged[i]!.end })
  return out
}

/**
 * Everything the slots of a type between `from` and `to` depend on, in one statement (and the
 * busy ranges of a calendar feed not read since its last change, in a second): the type,
 * the coach's hours, the busy calendars, the coach's workshops and booked sessions in the
 * window (a booking being moved, `ignoreBookingId`, leaves its own time out).
 */
export async function loadSlotData(
  em: EntityManager,
  typeId: string,
  from: number,
  to: number,
  ignoreBookingId: string | null = null,
): Promise<SlotData | null> {
  // Wide enough for buffers (4 h at most) and for whole local dates of the per-day limit.
  const lo = new Date(from - 2 * DAY)
  const hi = new Date(to + 2 * DAY)
  const [r] = await em.execute<any[]>(
    `select st.id, st.tenant_id, st.coach_id, st.status, st.deleted_at is not null as deleted, st.currency, st.price,
            st.duration_minutes, st.buffer_before_minutes, st.buffer_after_minutes, st.minimum_notice_minutes,
            st.booking_window_days, st.max_per_day, a.time_zone, a.weekly, a.overrides,
            (select coalesce(json_agg(json_build_array(f.id, f.xmin::text || '.' || f.busy_count)), '[]'::json) from calendar_feeds f where f.coach_id = st.coach_id) as feeds,
            (select coalesce(json_agg(json_build_array(extract(epoch from b.blocked_from) * 1000, extract(epoch from b.blocked_until) * 1000,
                                                       b.session_type_id = st.id, extract(epoch from b.starts_at) * 1000)), '[]'::json)
               from bookings b
              where b.session_coach_id = st.coach_id and b.status <> 'CANCELLED' and b.deleted_at is null
                and tstzrange(b.blocked_from, b.blocked_until) && tstzrange(?::timestamptz, ?::timestamptz)
                and b.id is distinct from ?::uuid) as sessions,
            (select coalesce(json_agg(json_build_array(extract(epoch from s.start_date) * 1000, extract(epoch from s.end_date) * 1000)), '[]'::json)
               from workshop_schedules s
              where s.coach_id = st.coach_id and s.deleted_at is null and s.status <> 'ARCHIVED'
                and s.end_date > ?::timestamptz and s.start_date < ?::timestamptz) as workshops
       from session_types st left join availabilities a on a.coach_id = st.coach_id
      where st.id = ?`,
    [lo, hi, ignoreBookingId, lo, hi, typeId],
  )
  if (!r) return null
  const json = <T>(x: unknown): T => (typeof x === 'string' ? JSON.parse(x) : x) as T
  const availability: AvailabilityRules | null = r.time_zone
    ? { timeZone: r.time_zone, weekly: json(r.weekly) ?? [], overrides: json(r.overrides) ?? [] }
    : null
  const busy: Interval[] = []
  for (const feed of await feedRanges(em, json<[string, string][]>(r.feeds))) busy.push(...within(feed, lo.getTime(), hi.getTime()))
  for (const [start, end] of json<[number, number][]>(r.workshops)) busy.push({ start: Number(start), end: Number(end) })
  const bookedPerDay = new Map<string, number>()
  for (const [start, end, sameType, startsAt] of json<[number, number, boolean, number][]>(r.sessions)) {
    busy.push({ start: Number(start), end: Number(end) })
    if (sameType && availability) {
      const d = localDate(Number(startsAt), availability.timeZone)
      bookedPerDay.set(d, (bookedPerDay.get(d) ?? 0) + 1)
    }
  }
  return {
    id: r.id,
    tenantId: r.tenant_id,
    coachId: r.coach_id,
    status: r.status,
    deleted: !!r.deleted,
    currency: r.currency,
    price: Number(r.price),
    rules: {
      durationMinutes: Number(r.duration_minutes),
      bufferBeforeMinutes: Number(r.buffer_before_minutes),
      bufferAfterMinutes: Number(r.buffer_after_minutes),
      minimumNoticeMinutes: Number(r.minimum_notice_minutes),
      bookingWindowDays: Number(r.booking_window_days),
      maxPerDay: r.max_per_day == null ? null : Number(r.max_per_day),
    },
    availability,
    busy,
    bookedPerDay,
  }
}

/** The free slots of a loaded type in [from, to) at `now`. */
export const slotsOf = (d: SlotData, from: number, to: number, now: number) =>
  findSlots({ rules: d.rules, availability: d.availability, busy: d.busy, bookedPerDay: d.bookedPerDay, now, from, to })

/** Local dates from `from` to `to` in `tz` (for callers that walk a month). */
export function datesBetween(fromDate: string, toDate: string): string[] {
  const out: string[] = []
  for (let d = fromDate; d <= toDate && out.length < 800; d = addDays(d, 1)) out.push(d)
  return out
}
