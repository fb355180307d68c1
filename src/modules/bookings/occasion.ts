/**
 * What a booking is for, in the shape mails, calendar files and invoices read: the schedule
 * (workshop and coach loaded) for seats, the session (sessions module) for a one-to-one booking.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Occasion } from '../calendar'
import { loadSessionOccasion } from '../sessions'
import { WorkshopSchedule } from '../workshops'
import type { Booking } from './booking.entity'

export type BookingOccasion = Occasion & { workshop: { title: string; slug: string; description?: string | null }; kind?: 'session' }

export async function occasionOf(em: EntityManager, b: Pick<Booking, 'id' | 'workshopSchedule'>): Promise<BookingOccasion | null> {
  const scheduleId = b.workshopSchedule?.id
  // The caller's EntityManager (it may be a transaction's: no second connection while it holds locks).
  if (scheduleId) return em.findOne(WorkshopSchedule, { id: scheduleId }, { filters: false, populate: ['workshop', 'coach'] })
  return loadSessionOccasion(em, b.id)
}

/** A growing SEQUENCE for a booking's calendar event (seconds since 2024): calendars replace the older version. */
export const calendarSequence = (at = Date.now()) => Math.max(0, Math.floor((at - Date.UTC(2024, 0, 1)) / 1000))
