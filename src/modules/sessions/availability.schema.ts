/**
 * A coach's weekly hours, date overrides and busy calendars: bodies, messages and views. Times
 * are wall-clock "HH:MM" in the coach's IANA time zone ("24:00" ends a range at midnight); days
 * are ISO weekdays (1 Monday ... 7 Sunday). No server imports: the coach's form uses the same rules.
 */
import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'

export const AVAILABILITY_LIMITS = {
  /** Ranges per weekday and per override. */
  rangesPerDay: 12,
  overrides: 400,
  feeds: 5,
  urlLength: 2000,
} as const
const L = AVAILABILITY_LIMITS

export const AVAILABILITY_MESSAGES = {
  timeZone: 'Please select a valid time zone',
  day: 'Day must be a weekday from 1 (Monday) to 7 (Sunday)',
  time: 'Times must be written HH:MM, from 00:00 to 24:00',
  order: 'A range must end after it starts',
  overlap: 'Ranges of the same day must not overlap',
  weeklyMax: `At most ${L.rangesPerDay} ranges per weekday`,
  date: 'Dates must be written YYYY-MM-DD',
  overridesMax: `At most ${L.overrides} date overrides`,
  overrideTwice: 'Each date can be overridden once',
  rangesMax: `At most ${L.rangesPerDay} ranges per date`,
  url: 'Please enter the http(s) address of a calendar (an .ics link)',
  urlMax: `The address must be at most ${L.urlLength} characters`,
  feedsMax: `At most ${L.feeds} busy calendars`,
  feedTwice: 'This calendar is already added.',
} as const
const M = AVAILABILITY_MESSAGES

export const isTimeZone = (tz: string) => {
  if (!tz || tz.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/
/** Minutes after midnight of "HH:MM" ("24:00" is 1440). */
export const minutesOf = (hhmm: string) => (hhmm === '24:00' ? 1440 : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)))
const time = v.pipe(v.string(M.time), v.trim(), v.regex(TIME, M.time))
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const isDate = (s: string) => DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s

const ordered = v.forward<any, any, any>(
  v.check((r: { start: string; end: string }) => minutesOf(r.end) > minutesOf(r.start), M.order),
  ['end'],
)
export const TimeRangeSchema = v.pipe(v.strictObject({ start: v.optional(time, ''), end: v.optional(time, '') }), ordered)
export const WeeklyRangeSchema = v.pipe(
  v.strictObject({
    day: v.optional(v.pipe(v.number(M.day), v.integer(M.day), v.minValue(1, M.day), v.maxValue(7, M.day)), 0),
    start: v.optional(time, ''),
    end: v.optional(time, ''),
  }),
  ordered,
)

const disjoint = (ranges: { start: string; end: string }[]) => {
  const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
  return sorted.every((r, i) => i === 0 || minutesOf(r.start) >= minutesOf(sorted[i - 1]!.end))
}

export const OverrideSchema = v.strictObject({
  date: v.optional(v.pipe(v.string(M.date), v.trim(), v.check(isDate, M.date)), ''),
  /** Empty: the day off. */
  ranges: v.optional(v.pipe(v.array(TimeRangeSchema), v.maxLength(L.rangesPerDay, M.rangesMax), v.check(disjoint, M.overlap)), []),
})

export const AvailabilitySchema = v.strictObject({
  timeZone: v.optional(v.pipe(v.string(M.timeZone), v.trim(), v.check(isTimeZone, M.timeZone)), ''),
  weekly: v.optional(
    v.pipe(
      v.array(WeeklyRangeSchema),
      v.maxLength(7 * L.rangesPerDay, M.weeklyMax),
      v.check((xs) => [1, 2, 3, 4, 5, 6, 7].every((d) => xs.filter((x) => x.day === d).length <= L.rangesPerDay), M.weeklyMax),
      v.check((xs) => [1, 2, 3, 4, 5, 6, 7].every((d) => disjoint(xs.filter((x) => x.day === d))), M.overlap),
    ),
    [],
  ),
  overrides: v.optional(
    v.pipe(
      v.array(OverrideSchema),
      v.maxLength(L.overrides, M.overridesMax),
      v.check((xs) => new Set(xs.map((x) => x.date)).size === xs.length, M.overrideTwice),
    ),
    [],
  ),
})
export type AvailabilityInput = v.InferOutput<typeof AvailabilitySchema>
export type WeeklyRange = v.InferOutput<typeof WeeklyRangeSchema>
export type TimeRange = v.InferOutput<typeof TimeRangeSchema>
export type DateOverride = v.InferOutput<typeof OverrideSchema>

export const CalendarFeedCreateSchema = v.strictObject({
  url: v.optional(
    v.pipe(
      v.string(M.url),
      v.trim(),
      v.nonEmpty(M.url),
      v.maxLength(L.urlLength, M.urlMax),
      // webcal:// is how calendar apps hand out the same address: it is fetched over https.
      v.transform((s) => s.replace(/^webcals?:\/\//i, 'https://')),
      v.check((s) => {
        try {
          const u = new URL(s)
          return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.username && !u.password
        } catch {
          return false
        }
      }, M.url),
    ),
    '',
  ),
})

export const AvailabilityView = v.object({
  timeZone: v.string(),
  weekly: v.array(v.object({ day: v.number(), start: v.string(), end: v.string() })),
  overrides: v.array(v.object({ date: v.string(), ranges: v.array(v.object({ start: v.string(), end: v.string() })) })),
  updatedAt: NullableDateTime,
})

export const CalendarFeedView = v.object({
  id: v.string(),
  /** The address with its secret part hidden (calendar addresses are credentials). */
  url: v.string(),
  host: v.string(),
  status: v.pipe(v.picklist(['pending', 'ok', 'error']), v.description('pending until first read; error: the last read failed (`error` says why)')),
  error: v.nullable(v.string()),
  busyCount: v.number(),
  lastFetchedAt: NullableDateTime,
  lastSuccessAt: NullableDateTime,
  createdAt: DateTime,
})

export const SlotsQuerySchema = v.looseObject({
  from: v.optional(v.pipe(v.string('from must be a date (YYYY-MM-DD) or an ISO instant'), v.trim(), v.maxLength(40))),
  to: v.optional(v.pipe(v.string('to must be a date (YYYY-MM-DD) or an ISO instant'), v.trim(), v.maxLength(40))),
  timeZone: v.optional(v.pipe(v.string(M.timeZone), v.trim(), v.check(isTimeZone, M.timeZone))),
})

export const SlotView = v.object({ start: DateTime, end: DateTime })
