/**
 * The check a session booking (or a move of one) makes in its own transaction: the type can be
 * booked, and the time is one of its free times now. It takes the coach's time lock first, so
 * the workshop guard and other bookings of the same coach wait their turn; the exclusion
 * constraint on `bookings` still refuses an overlap whatever happens around it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { conflict, fieldError } from '../../platform/http/errors'
import { lockCoachTime } from './coach-time'
import { findPublicSessionType } from './public.service'
import { findSlots, loadSlotData, slotsOf } from './slots'

export const SESSION_TIME_TAKEN = 'This time is no longer available.'
export const SESSION_MESSAGES = {
  unavailable: 'This session is not available for booking.',
  offTimes: 'Please choose one of the free times shown for this session.',
  own: 'You cannot book your own session.',
} as const

const MINUTE = 60_000

export interface SessionTime {
  sessionTypeId: string
  tenantId: string
  coachId: string
  title: string
  /** Minor units. */
  price: number
  currency: string
  /** ONLINE, IN_PERSON or PHONE: where the session is taxed depends on it. */
  mode: string
  startsAt: Date
  endsAt: Date
  blockedFrom: Date
  blockedUntil: Date
}

/**
 * `startsAt` for type `sessionTypeId` at `at`, checked under the coach's lock: 422 for a type
 * that cannot be booked or a time that is not one of its times, 409 when the time is taken.
 */
export async function checkSessionTime(
  tem: EntityManager,
  input: { sessionTypeId: string; startsAt: Date; bookerId: string | null; ignoreBookingId?: string | null; at: Date },
): Promise<SessionTime> {
  const type = await findPublicSessionType(tem, input.sessionTypeId)
  if (!type) throw fieldError('sessionTypeId', SESSION_MESSAGES.unavailable)
  if (input.bookerId && type.coach.id === input.bookerId) throw fieldError('sessionTypeId', SESSION_MESSAGES.own)
  await lockCoachTime(tem, type.coach.id)
  const start = input.startsAt.getTime()
  const data = await loadSlotData(tem, input.sessionTypeId, start, start + MINUTE, input.ignoreBookingId ?? null)
  if (!data) throw fieldError('sessionTypeId', SESSION_MESSAGES.unavailable)
  const now = input.at.getTime()
  const free = slotsOf(data, start, start + 1, now)
  if (!free.some((s) => s.start === start)) {
    // A time of the type's grid that is taken is a 409; any other time was never offered.
    const grid = findSlots({ rules: data.rules, availability: data.availability, busy: [], bookedPerDay: new Map(), now, from: start, to: start + 1 })
    if (grid.some((s) => s.start === start)) throw conflict(SESSION_TIME_TAKEN)
    throw fieldError('startsAt', SESSION_MESSAGES.offTimes)
  }
  const duration = data.rules.durationMinutes * MINUTE
  return {
    sessionTypeId: data.id,
    tenantId: data.tenantId,
    coachId: data.coachId,
    title: type.title,
    price: data.price,
    currency: data.currency,
    mode: type.mode,
    startsAt: new Date(start),
    endsAt: new Date(start + duration),
    blockedFrom: new Date(start - data.rules.bufferBeforeMinutes * MINUTE),
    blockedUntil: new Date(start + duration + data.rules.bufferAfterMinutes * MINUTE),
  }
}
