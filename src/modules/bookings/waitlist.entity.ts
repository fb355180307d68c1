import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
import { Tenant } from '../tenants'
import { User } from '../users'
import { WorkshopSchedule } from '../workshops'
import { Booking } from './booking.entity'

/**
 * WAITING: in the queue. OFFERED: seats are held for the entry (counted in the schedule's
 * seats_taken) until offerExpiresAt. BOOKED: the offer became a booking (which now holds the
 * seats). EXPIRED: the offer was not taken in time. LEFT: the person left the list. CLOSED: the
 * schedule started or was cancelled before a seat came free.
 */
export const WAITLIST_STATUSES = ['WAITING', 'OFFERED', 'BOOKED', 'EXPIRED', 'LEFT', 'CLOSED'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]

/**
 * One party waiting for seats on a fully booked schedule. `position` is the ticket number in
 * the schedule's queue (taken under the schedule row's lock, so it follows the order of joining).
 */
export const WaitlistEntrySchema = defineEntity({
  name: 'WaitlistEntry',
  tableName: 'waitlist_entries',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('waitlist_entries', [scope.tenant(), scope.user()])],
  uniques: [
    // One open entry per person and schedule, whatever races the joins.
    { name: 'waitlist_entries_open_unique', properties: ['workshopSchedule', 'user'], where: "status in ('WAITING', 'OFFERED')" },
  ],
  indexes: [
    { name: 'waitlist_entries_queue_idx', properties: ['workshopSchedule', 'status', 'position'] },
    { name: 'waitlist_entries_offer_idx', properties: ['status', 'offerExpiresAt'] },
  ],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    workshopSchedule: () => p.manyToOne(WorkshopSchedule).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    seats: p.integer(),
    position: p.integer(),
    status: p.string().length(16).default('WAITING').$type<WaitlistStatus>(),
    offeredAt: p.datetime().nullable(),
    offerExpiresAt: p.datetime().nullable(),
    booking: () => p.manyToOne(Booking).nullable().deleteRule('set null'),
    closedAt: p.datetime().nullable(),
  },
})
export class WaitlistEntry extends WaitlistEntrySchema.class {}
WaitlistEntrySchema.setClass(WaitlistEntry)
