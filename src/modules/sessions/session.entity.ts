/**
 * Sessions' tables: what a coach sells one to one (session types, per team), when the coach
 * works (one availability per person: their time is theirs across teams) and the busy
 * calendars read from ICS addresses. The booked sessions themselves are rows of `bookings`
 * (the bookings module): one booking table for seats and for time.
 */
import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties, tenantFilter } from '../../platform/db/schemas'
import type { RefundPolicy } from '../../shared/refund-policy'
import { Tenant } from '../tenants'
import { User } from '../users'
import type { DateOverride, WeeklyRange } from './availability.schema'
import type { SessionMode, SessionTypeStatus } from './session-type.schema'

export const SessionTypeSchema = defineEntity({
  name: 'SessionType',
  tableName: 'session_types',
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: pageChangeTriggers('session_types', [scope.tenant(), scope.user('coach_id'), scope.listing]),
  filters: { ...softDeleteFilters, ...tenantFilter },
  indexes: [{ properties: ['coach', 'status'] }],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    coach: () => p.manyToOne(User).deleteRule('cascade'),
    title: p.string().length(255),
    description: p.text().nullable(),
    durationMinutes: p.integer(),
    /** Minor units of `currency`; 0 is a free call. */
    price: p.integer().default(0),
    currency: p.string().length(3).default('usd'),
    mode: p.string().length(16).default('ONLINE').$type<SessionMode>(),
    /** The meeting link (online), the address (in person) or how the call happens (phone): shown to the client once booked. */
    location: p.string().length(500).nullable(),
    bufferBeforeMinutes: p.integer().default(0),
    bufferAfterMinutes: p.integer().default(0),
    minimumNoticeMinutes: p.integer().default(240),
    bookingWindowDays: p.integer().default(60),
    /** At most this many bookings of the type per day of the coach's calendar; null: no limit. */
    maxPerDay: p.integer().nullable(),
    /** What a client who cancels gets back (src/shared/refund-policy.ts); null: the team's default. */
    refundPolicy: p.json<RefundPolicy>().nullable(),
    status: p.string().length(16).default('ACTIVE').$type<SessionTypeStatus>(),
  },
})
export class SessionType extends SessionTypeSchema.class {}
SessionTypeSchema.setClass(SessionType)

/** A coach's working hours: weekly ranges and date overrides, wall-clock in `timeZone`. */
export const AvailabilitySchema = defineEntity({
  name: 'Availability',
  tableName: 'availabilities',
  triggers: pageChangeTriggers('availabilities', [scope.user('coach_id')]),
  uniques: [{ name: 'availabilities_coach_unique', properties: ['coach'] }],
  properties: {
    ...baseProperties,
    coach: () => p.manyToOne(User).deleteRule('cascade'),
    timeZone: p.string().length(64).default('UTC'),
    weekly: p.json<WeeklyRange[]>().onCreate(() => []),
    overrides: p.json<DateOverride[]>().onCreate(() => []),
  },
})
export class Availability extends AvailabilitySchema.class {}
AvailabilitySchema.setClass(Availability)

export const FEED_STATUSES = ['pending', 'ok', 'error'] as const
export type FeedStatus = (typeof FEED_STATUSES)[number]

/**
 * A busy calendar (an ICS address) of a coach. Each read replaces `busy`: the coach's busy
 * ranges from it as merged `[startMs, endMs]` pairs (epoch milliseconds, sorted), nothing else
 * of the events is kept. `etag` / `lastModified` make the next read conditional.
 */
export const CalendarFeedSchema = defineEntity({
  name: 'CalendarFeed',
  tableName: 'calendar_feeds',
  triggers: pageChangeTriggers('calendar_feeds', [scope.user('coach_id')]),
  uniques: [{ name: 'calendar_feeds_coach_url_unique', properties: ['coach', 'url'] }],
  indexes: [{ name: 'calendar_feeds_due_idx', properties: ['nextFetchAt'] }],
  properties: {
    ...baseProperties,
    coach: () => p.manyToOne(User).deleteRule('cascade').index(),
    url: p.text(),
    status: p.string().length(16).default('pending').$type<FeedStatus>(),
    error: p.string().length(500).nullable(),
    etag: p.string().length(500).nullable(),
    lastModified: p.string().length(100).nullable(),
    busy: p.json<[number, number][]>().onCreate(() => []),
    busyCount: p.integer().default(0),
    lastFetchedAt: p.datetime().nullable(),
    lastSuccessAt: p.datetime().nullable(),
    nextFetchAt: p.datetime().nullable(),
  },
})
export class CalendarFeed extends CalendarFeedSchema.class {}
CalendarFeedSchema.setClass(CalendarFeed)
