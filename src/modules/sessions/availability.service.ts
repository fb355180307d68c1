/** A coach's weekly hours and date overrides: read (with defaults) and replaced as a whole. */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { ViewOf } from '../../shared/view'
import type { AvailabilityInput, AvailabilityView } from './availability.schema'
import { minutesOf } from './availability.schema'
import { rereadFeeds } from './feed.service'
import { Availability } from './session.entity'

const byStart = <T extends { start: string }>(a: T, b: T) => minutesOf(a.start) - minutesOf(b.start)

export function serializeAvailability(a: Availability | null, fallbackZone = 'UTC'): ViewOf<typeof AvailabilityView> {
  return {
    timeZone: a?.timeZone ?? fallbackZone,
    weekly: (a?.weekly ?? []).map((r) => ({ day: r.day, start: r.start, end: r.end })),
    overrides: (a?.overrides ?? []).map((o) => ({ date: o.date, ranges: o.ranges.map((r) => ({ start: r.start, end: r.end })) })),
    updatedAt: a?.updatedAt ?? null,
  }
}

export async function availabilityOf(em: EntityManager, coachId: string) {
  return em.findOne(Availability, { coach: coachId })
}

/** Replaces the coach's hours (sorted: by weekday and start, overrides by date). */
export async function saveAvailability(em: EntityManager, coachId: string, input: AvailabilityInput) {
  const weekly = [...input.weekly].sort((a, b) => a.day - b.day || byStart(a, b))
  const overrides = [...input.overrides].sort((a, b) => a.date.localeCompare(b.date)).map((o) => ({ date: o.date, ranges: [...o.ranges].sort(byStart) }))
  const row = await em.transactional(async (tem) => {
    let a = await tem.findOne(Availability, { coach: coachId })
    const zoneChanged = !!a && a.timeZone !== input.timeZone
    if (!a) a = tem.create(Availability, { coach: coachId, timeZone: input.timeZone, weekly, overrides })
    else tem.assign(a, { timeZone: input.timeZone, weekly, overrides })
    await tem.flush()
    // All-day and floating events of the busy calendars are read in the coach's zone.
    if (zoneChanged) await rereadFeeds(tem as EntityManager, coachId)
    return a
  })
  return row
}
