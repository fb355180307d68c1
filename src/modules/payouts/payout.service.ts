import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { uuidArray } from '../workshops'

/** Bookings that earned money for the coach: paid and not cancelled. */
export const EARNING_STATUSES = `('CONFIRMED', 'COMPLETED', 'NO_SHOW')`
/** Bookings that may have earned: those, and cancelled ones whose refund policy kept part of the payment. */
export const EARNED_STATUSES = `('CONFIRMED', 'COMPLETED', 'NO_SHOW', 'CANCELLED')`

/**
 * What a booking (SQL alias `b`) earned for the coach, in minor units: all it paid when it
 * takes or took place; for a cancelled one, what the cancellation did not refund
 * (`amount_paid - refund_amount`: a client cancelling late under a refund policy). The coach's
 * gross, fee and net follow partial refunds through this one expression.
 */
export const earnedSql = (b = 'b') =>
  `(case when ${b}.status in ${EARNING_STATUSES} then ${b}.amount_paid when ${b}.status = 'CANCELLED' then greatest(${b}.amount_paid - coalesce(${b}.refund_amount, ${b}.amount_paid), 0) else 0 end)`

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
    `select b.workshop_schedule_id as id, count(*) filter (where b.status in ${EARNING_STATUSES}) as bookings,
            coalesce(sum(b.seats) filter (where b.status in ${EARNING_STATUSES}), 0) as seats, coalesce(sum(${earnedSql()}), 0) as revenue
       from bookings b where b.workshop_schedule_id = any(?::uuid[]) and b.status in ${EARNED_STATUSES} and b.deleted_at is null
      group by b.workshop_schedule_id`,
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
