import { defineEntity, p } from '@mikro-orm/core'
import { audited } from '../../platform/audit'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties, tenantFilter } from '../../platform/db/schemas'
import { Tenant } from '../tenants'
import { User } from '../users'
import type { ContentStatus, DeliveryMode, PayoutStatus, SkillLevel, Visibility } from './enums'
import { Workshop } from './workshop.entity'

/** One run of a workshop: dates, place or link, and its seat counter. */
export const WorkshopScheduleSchema = defineEntity({
  name: 'WorkshopSchedule',
  tableName: 'workshop_schedules',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [
    ...pageChangeTriggers('workshop_schedules', [scope.tenant(), scope.listing]),
    // The bookings keep copies of the start and the coach (migration scale_reads).
    {
      name: 'workshop_schedules_copy_to_bookings',
      timing: 'after',
      events: ['update'],
      expression: `create trigger workshop_schedules_copy_to_bookings after update of start_date, coach_id, workshop_id on workshop_schedules
  for each row when (old.start_date is distinct from new.start_date or old.coach_id is distinct from new.coach_id or old.workshop_id is distinct from new.workshop_id)
  execute function schedules_copy_to_bookings();`,
    },
    // ...and their payout rows copies of the start and end (migration payout_ledger).
    {
      name: 'workshop_schedules_copy_to_transfers',
      timing: 'after',
      events: ['update'],
      expression: `create trigger workshop_schedules_copy_to_transfers after update of start_date, end_date on workshop_schedules
  for each row when (old.start_date is distinct from new.start_date or old.end_date is distinct from new.end_date)
  execute function schedules_copy_to_transfers();`,
    },
    // The marketplace search's document of each workshop and coach a schedule pairs (search.entity.ts,
    // migration public_search): added with the schedule, in bulk for a bulk insert.
    {
      name: 'workshop_schedules_search_added',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: `create trigger workshop_schedules_search_added after insert on workshop_schedules
  referencing new table as added for each statement execute function search_documents_added();`,
    },
    {
      name: 'workshop_schedules_search_moved',
      timing: 'after',
      events: ['update'],
      expression: `create trigger workshop_schedules_search_moved after update of workshop_id, coach_id on workshop_schedules
  for each row when (old.workshop_id is distinct from new.workshop_id or old.coach_id is distinct from new.coach_id)
  execute function search_document_moved();`,
    },
  ],
  filters: { ...softDeleteFilters, ...tenantFilter },
  indexes: [
    { properties: ['tenant', 'startDate'] },
    // A coach's schedules in a team by start (the dashboard's coming ones, the filters' options)
    // and a workshop's (its page: the next ones and the latest).
    {
      name: 'workshop_schedules_coach_idx',
      expression: `create index "workshop_schedules_coach_idx" on "workshop_schedules" ("coach_id", "tenant_id", "start_date") where deleted_at is null`,
    },
    {
      name: 'workshop_schedules_workshop_start_idx',
      expression: `create index "workshop_schedules_workshop_start_idx" on "workshop_schedules" ("workshop_id", "start_date")`,
    },
    // The marketplace list (public.service.ts): published public rows in start-date order, with
    // the filtered columns included so pages and capped counts are read from the index alone.
    {
      name: 'workshop_schedules_listing_idx',
      expression: `create index "workshop_schedules_listing_idx" on "workshop_schedules" ("start_date", "id") include ("end_date", "workshop_id", "coach_id", "tenant_id", "level", "mode", "country", "seats_taken") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC'`,
    },
    // The country filter walks its own slice in the same order (only a country filter may use it).
    {
      name: 'workshop_schedules_listing_country_idx',
      expression: `create index "workshop_schedules_listing_country_idx" on "workshop_schedules" ("country", "start_date", "id") include ("end_date", "workshop_id", "coach_id", "tenant_id", "level", "mode") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC' and country is not null`,
    },
    // The sitemap's workshop parts (public.sitemap.ts): the same rows and order, with the last
    // change included, so counting, splitting and lastmod read the index alone.
    {
      name: 'workshop_schedules_sitemap_idx',
      expression: `create index "workshop_schedules_sitemap_idx" on "workshop_schedules" ("start_date", "id") include ("end_date", "updated_at", "workshop_id", "coach_id", "tenant_id") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC'`,
    },
    // ...and the ones running right now (start passed, end not yet), found without reading the past.
    // Reminders and follow-ups (notifications/reminders.service.ts) find sessions by the start or
    // end that falls in a short window, over every session that still takes place.
    {
      name: 'workshop_schedules_start_due_idx',
      expression: `create index "workshop_schedules_start_due_idx" on "workshop_schedules" ("start_date") where deleted_at is null and status <> 'ARCHIVED'`,
    },
    {
      name: 'workshop_schedules_end_due_idx',
      expression: `create index "workshop_schedules_end_due_idx" on "workshop_schedules" ("end_date") where deleted_at is null and status <> 'ARCHIVED'`,
    },
    // The marketplace search (public.search.ts) reads the listing rows of a few workshops or coaches,
    // each in start-date order, when its words match few of them.
    {
      name: 'workshop_schedules_listing_workshop_idx',
      expression: `create index "workshop_schedules_listing_workshop_idx" on "workshop_schedules" ("workshop_id", "start_date", "id") include ("end_date", "coach_id", "tenant_id", "level", "mode", "country", "seats_taken") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC'`,
    },
    {
      name: 'workshop_schedules_listing_coach_idx',
      expression: `create index "workshop_schedules_listing_coach_idx" on "workshop_schedules" ("coach_id", "start_date", "id") include ("end_date", "workshop_id", "tenant_id", "level", "mode", "country", "seats_taken") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC'`,
    },
    {
      name: 'workshop_schedules_running_idx',
      expression: `create index "workshop_schedules_running_idx" on "workshop_schedules" using gist (tstzrange("start_date", greatest("start_date", "end_date"))) where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC'`,
    },
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
audited(WorkshopSchedule, { resource: 'schedule', owner: 'coach', omit: ['seatsTaken', 'payoutStatus', 'paidOutAt'] })
