import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
import { Tenant } from '../tenants'
import { WorkshopSchedule } from '../workshops'
import { Booking } from './booking.entity'

/**
 * PENDING: the move costs more; the target seats are held (counted in the target's seats_taken)
 * until holdExpiresAt while the difference is paid. DONE: the booking moved. EXPIRED: the
 * difference was not paid in time (the held seats went back). CANCELLED: replaced by another
 * move, or the booking was cancelled.
 */
export const RESCHEDULE_STATUSES = ['PENDING', 'DONE', 'EXPIRED', 'CANCELLED'] as const
export type RescheduleStatus = (typeof RESCHEDULE_STATUSES)[number]

/**
 * A booking's move from one schedule of a workshop to another, and what it cost or gave back
 * (minor units); or a one-to-one session's move to another time of its type (no schedules, no
 * money: `fromStartsAt` and `toStartsAt`, written DONE with the move).
 */
export const BookingRescheduleSchema = defineEntity({
  name: 'BookingReschedule',
  tableName: 'booking_reschedules',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('booking_reschedules', [scope.tenant()])],
  uniques: [{ name: 'booking_reschedules_pending_unique', properties: ['booking'], where: "status = 'PENDING'" }],
  indexes: [{ name: 'booking_reschedules_hold_idx', properties: ['status', 'holdExpiresAt'] }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    fromSchedule: () => p.manyToOne(WorkshopSchedule).deleteRule('cascade').nullable(),
    toSchedule: () => p.manyToOne(WorkshopSchedule).deleteRule('cascade').nullable(),
    /** A session's times before and after its move (null for a workshop's move: its schedules say). */
    fromStartsAt: p.datetime().nullable(),
    toStartsAt: p.datetime().nullable(),
    seats: p.integer(),
    /** The booking's price on the target: seats x the workshop's current price, its voucher's discount, what is due. */
    amountTotal: p.integer(),
    discount: p.integer(),
    amountDue: p.integer(),
    /** amountDue minus what the booking was worth before: > 0 is charged, < 0 refunded. */
    difference: p.integer(),
    currency: p.string().length(3),
    status: p.string().length(16).default('PENDING').$type<RescheduleStatus>(),
    holdExpiresAt: p.datetime().nullable(),
    paymentIntentId: p.string().length(255).nullable(),
    completedAt: p.datetime().nullable(),
  },
})
export class BookingReschedule extends BookingRescheduleSchema.class {}
BookingRescheduleSchema.setClass(BookingReschedule)
