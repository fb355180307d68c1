import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, softDeleteFilters, softDeleteProperties, tenantFilter } from '../../platform/db/schemas'
import { Tenant } from '../tenants/tenant.entity'
import { User } from '../users/user.entity'
import { Workshop } from './workshop.entity'
import type { ContentStatus, DeliveryMode, PayoutStatus, SkillLevel, Visibility } from './enums'

/** One run of a workshop: dates, place or link, and its seat counter. */
export const WorkshopScheduleSchema = defineEntity({
  name: 'WorkshopSchedule',
  tableName: 'workshop_schedules',
  filters: { ...softDeleteFilters, ...tenantFilter },
  indexes: [
    { name: 'workshop_schedules_public_idx', properties: ['visibility', 'status', 'startDate'] },
    { properties: ['tenant', 'startDate'] },
  ],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    coach: () => p.manyToOne(User).index(),
    workshop: () => p.manyToOne(Workshop).deleteRule('cascade').index(),
    startDate: p.datetime(),
    endDate: p.datetime(),
    /** IANA time zone the schedule is held in (calendar files and local times use it). */
    timezone: p.string().length(64).default('UTC'),
    country: p.string().length(2).nullable(),
    level: p.string().length(16).$type<SkillLevel>(),
    status: p.string().length(16).default('DRAFT').$type<ContentStatus>(),
    visibility: p.string().length(16).default('PUBLIC').$type<Visibility>(),
    mode: p.string().length(16).$type<DeliveryMode>(),
    // Venue (IN-PERSON, HYBRID)
    venueName: p.string().length(255).nullable(),
    addressLine1: p.string().length(255).nullable(),
    addressLine2: p.string().length(255).nullable(),
    city: p.string().length(255).nullable(),
    state: p.string().length(255).nullable(),
    zip: p.string().length(32).nullable(),
    // Online (ONLINE, HYBRID)
    meetingUrl: p.string().length(500).nullable(),
    /**
     * Seats held by PENDING and CONFIRMED bookings. Bookings change it only through a guarded
     * `UPDATE ... SET seats_taken = seats_taken + n WHERE seats_taken + n <= max_seats`.
     */
    seatsTaken: p.integer().default(0),
    payoutStatus: p.string().length(16).default('pending').$type<PayoutStatus>(),
    paidOutAt: p.datetime().nullable(),
  },
})
export class WorkshopSchedule extends WorkshopScheduleSchema.class {}
WorkshopScheduleSchema.setClass(WorkshopSchedule)
