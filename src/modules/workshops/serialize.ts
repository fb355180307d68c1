import { wrap } from '@mikro-orm/core'
import { toMajor } from '../../shared/money'
import type { ViewOf } from '../../shared/view'
import type { User } from '../users'
import { serializePublicUser } from '../users'
import type { ResourceView, ScheduleView, TagView, TemplateView, WorkshopView } from './catalogue.views'
import type { WorkshopResource } from './resource.entity'
import type { WorkshopSchedule } from './schedule.entity'
import type { Tag } from './tag.entity'
import type { WorkshopTemplate } from './template.entity'
import type { Workshop } from './workshop.entity'

const loaded = (ref: any) => !!ref && wrap(ref, true).__initialized

const localFormats = new Map<string, Intl.DateTimeFormat | null>()
function localFormat(tz: string) {
  let f = localFormats.get(tz)
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-CA', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
    } catch {
      f = null
    }
    localFormats.set(tz, f)
  }
  return f
}

const parts = (f: Intl.DateTimeFormat, d: Date) => Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]))
const MINUTE = 60_000
const DAY = 86_400_000
/** The zone's offset (ms) at a whole minute, read from the formatter. */
function offsetAt(f: Intl.DateTimeFormat, ms: number) {
  const p = parts(f, new Date(ms))
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - ms
}
/**
 * Offsets by zone and UTC day, when the offset is the same at both ends of the day (no change
 * of clocks that day; null otherwise): one formatting per zone and day instead of one per
 * timestamp, which a page of 100 rows would pay 200 times. Bounded; a cache of a pure function.
 */
const dayOffsets = new Map<string, number | null>()
const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`)

/** Wall-clock time of `d` in `tz` as `YYYY-MM-DDTHH:mm` (what attendees see on the venue's clock). */
export function localTime(d: Date, tz: string) {
  const f = localFormat(tz)
  if (!f) return null
  const minute = Math.floor(d.getTime() / MINUTE) * MINUTE
  if (minute >= 0) {
    const day = Math.floor(minute / DAY)
    const key = `${tz} ${day}`
    let offset = dayOffsets.get(key)
    if (offset === undefined) {
      const first = offsetAt(f, day * DAY)
      offset = first === offsetAt(f, (day + 1) * DAY - MINUTE) ? first : null
      if (dayOffsets.size >= 50_000) dayOffsets.clear()
      dayOffsets.set(key, offset)
    }
    if (offset !== null) {
      const w = new Date(minute + offset)
      return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`
    }
  }
  const p = parts(f, d)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

export const serializeTag = (t: Tag): ViewOf<typeof TagView> => ({ id: t.id, name: t.name, slug: t.slug })

export const serializeTemplate = (t: WorkshopTemplate): ViewOf<typeof TemplateView> => ({
  id: t.id,
  title: t.title,
  slug: t.slug,
  description: t.description ?? null,
  image: t.image ?? null,
  video: t.video ?? null,
  outcomes: t.outcomes ?? [],
  level: t.level ?? null,
  price: toMajor(t.price, t.currency),
  currency: t.currency,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  deletedAt: t.deletedAt ?? null,
})

export function serializeWorkshop(w: Workshop, include: string[] = []): ViewOf<typeof WorkshopView> {
  return {
    id: w.id,
    tenantId: w.tenant.id,
    coachId: w.coach.id,
    workshopTemplateId: w.workshopTemplate?.id ?? null,
    title: w.title,
    slug: w.slug,
    description: w.description ?? null,
    image: w.image ?? null,
    video: w.video ?? null,
    outcomes: w.outcomes ?? [],
    price: toMajor(w.price, w.currency),
    currency: w.currency,
    priceNote: w.priceNote ?? null,
    minSeats: w.minSeats,
    maxSeats: w.maxSeats,
    refundPolicy: w.refundPolicy ?? null,
    questions: w.questions ?? [],
    tags: w.tags.isInitialized() ? w.tags.getItems().map(serializeTag) : undefined,
    coach: include.includes('coach') && loaded(w.coach) ? serializePublicUser(w.coach as User) : undefined,
    workshopTemplate:
      include.includes('workshopTemplate') && w.workshopTemplate && loaded(w.workshopTemplate)
        ? serializeTemplate(w.workshopTemplate as WorkshopTemplate)
        : undefined,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    deletedAt: w.deletedAt ?? null,
  }
}

/** Per-schedule figures loaded once per page (see schedule.stats.ts). */
export interface ScheduleStats {
  confirmedSeats: Map<string, number>
  ratings?: Map<string, { average: number | null; count: number }>
  /** Schedules whose meetingUrl the viewer may read (coach, tenant managers, confirmed seat holders). */
  meetingUrlFor?: Set<string>
}

export function seatsLeft(s: WorkshopSchedule) {
  return loaded(s.workshop) ? Math.max(0, s.workshop.maxSeats - s.seatsTaken) : null
}

export function serializeSchedule(
  s: WorkshopSchedule,
  include: string[] = [],
  stats?: ScheduleStats,
  opts: { public?: boolean } = {},
): ViewOf<typeof ScheduleView> {
  const confirmed = stats?.confirmedSeats.get(s.id) ?? 0
  const w = loaded(s.workshop) ? s.workshop : null
  const rating = stats?.ratings?.get(s.id)
  const venue =
    s.mode === 'ONLINE'
      ? null
      : {
          venueName: s.venueName ?? null,
          addressLine1: s.addressLine1 ?? null,
          addressLine2: s.addressLine2 ?? null,
          city: s.city ?? null,
          state: s.state ?? null,
          zip: s.zip ?? null,
          country: s.country ?? null,
        }
  return {
    id: s.id,
    tenantId: s.tenant.id,
    coachId: s.coach.id,
    workshopId: s.workshop.id,
    startDate: s.startDate,
    endDate: s.endDate,
    timezone: s.timezone,
    localStart: localTime(s.startDate, s.timezone),
    localEnd: localTime(s.endDate, s.timezone),
    country: s.country ?? null,
    level: s.level,
    status: s.status,
    visibility: s.visibility,
    mode: s.mode,
    venue,
    venueName: s.venueName ?? null,
    addressLine1: s.addressLine1 ?? null,
    addressLine2: s.addressLine2 ?? null,
    city: s.city ?? null,
    state: s.state ?? null,
    zip: s.zip ?? null,
    // The meeting link is for the coach, tenant managers and confirmed attendees only (omitted
    // for everyone else); the public marketplace never shows it.
    meetingUrl: !opts.public && stats?.meetingUrlFor?.has(s.id) ? (s.meetingUrl ?? null) : undefined,
    seatsTaken: opts.public ? undefined : s.seatsTaken,
    seatsLeft: seatsLeft(s),
    confirmedSeats: confirmed,
    runs: w ? confirmed >= w.minSeats : false,
    price: w ? toMajor(w.price, w.currency) : null,
    currency: w?.currency ?? null,
    priceNote: w ? (w.priceNote ?? null) : null,
    rating: stats?.ratings ? { average: rating?.average ?? null, count: rating?.count ?? 0 } : undefined,
    payoutStatus: opts.public ? undefined : s.payoutStatus,
    workshop: w && (opts.public || include.includes('workshop')) ? serializeWorkshop(w) : undefined,
    coach: (opts.public || include.includes('coach')) && loaded(s.coach) ? serializePublicUser(s.coach as User) : undefined,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    deletedAt: opts.public ? undefined : (s.deletedAt ?? null),
  }
}

export const serializeResource = (r: WorkshopResource): ViewOf<typeof ResourceView> => ({
  id: r.id,
  workshopId: r.workshop.id,
  title: r.title,
  description: r.description ?? null,
  type: r.type,
  url: r.url ?? null,
  filePath: r.filePath ?? null,
  fileSize: r.fileSize ?? null,
  fileType: r.fileType ?? null,
  sortOrder: r.sortOrder,
  isVisible: r.isVisible,
  isBroadcast: r.isBroadcast,
  isPublic: r.isPublic,
  broadcastAt: r.broadcastAt ?? null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  deletedAt: r.deletedAt ?? null,
})
