import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { uuidArray } from '../workshops'

/** Bookings that earned money for the coach: paid and not cancelled. */
export const EARNING_STATUSES = `('CONFIRMED', 'COMPLETED', 'NO_SHOW')`

export interface Earnings {
  bookings: number
  seats: number
  revenue: number
}

/** Revenue per schedule for a page of schedules, in one statement. */
export async function loadEarnings(em: EntityManager, scheduleIds: string[]) {
  const out = new Map<string, Earnings>()
  if (!scheduleIds.length) return out
  const rows = await em.execute<{ id: string; bookings: string; seats: string; revenue: string }[]>(
    `select workshop_schedule_id as id, count(*) as bookings, coalesce(sum(seats), 0) as seats, coalesce(sum(amount_paid), 0) as revenue
       from bookings where workshop_schedule_id = any(?::uuid[]) and status in ${EARNING_STATUSES} and deleted_at is null
      group by workshop_schedule_id`,
    [uuidArray(scheduleIds)],
  )
  for (const r of rows) out.set(r.id, { bookings: Number(r.bookings), seats: Number(r.seats), revenue: Number(r.revenue) })
  return out
}

/** The platform keeps PLATFORM_FEE_PERCENT of the revenue (rounded to the minor unit); the coach gets the rest. */
export function split(revenue: number, percent = config.PLATFORM_FEE_PERCENT) {
  const fee = Math.round((revenue * percent) / 100)
  return { revenue, fee, net: revenue - fee, feePercent: percent }
}
