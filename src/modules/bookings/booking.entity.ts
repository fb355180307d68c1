import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, listingGenerationTrigger, pageGenerationTrigger, softDeleteFilters, softDeleteProperties } from '../../platform/db/schemas'
import type { RefundPolicy } from '../../shared/refund-policy'
import { SessionType } from '../sessions'
import { Tenant } from '../tenants'
import { User } from '../users'
import { WorkshopSchedule } from '../workshops'

export const BOOKING_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const SEAT_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED'] as const
export type SeatStatus = (typeof SEAT_STATUSES)[number]

export interface BookingAddress {
  addressLine1: string
  addressLine2?: string | null
  city: string
  state: string
  zip: string
  country?: string | null
}
/** What a booking was agreed under: the refund policy in force when it was made. */
export interface RefundTerms {
  policy: RefundPolicy | null
}
export interface BookingMeta {
  workshopResourcePreferences?: { id: string; isVisible: boolean; isBroadcast?: boolean }[]
  [key: string]: unknown
}

/**
 * A client's booking: seats on a workshop schedule, or a one-to-one session (a session type at a
 * time: `sessionType`, `startsAt`..`endsAt`, the coach's time `blockedFrom`..`blockedUntil`
 * with the buffers). Exactly one of the two (a check constraint). It belongs to the tenant of
 * what it books, but is read across tenants by its booker, so it carries no automatic tenant
 * filter: every query scopes it explicitly (see booking.access.ts).
 */
export const BookingSchema = defineEntity({
  name: 'Booking',
  tableName: 'bookings',
  // Moves the marketplace listing's generation on (migration listing_generation, which also
  // creates the function; the DDL here is what it runs): servers drop their kept listing answers.
  triggers: [listingGenerationTrigger('bookings'), pageGenerationTrigger('bookings')],
  filters: softDeleteFilters,
  indexes: [
    { name: 'bookings_hold_idx', properties: ['status', 'holdExpiresAt'] },
    { properties: ['tenant', 'createdAt'] },
    // Confirmed seats per schedule (the marketplace's live figures), read from the index alone.
    {
      name: 'bookings_earned_seats_idx',
      expression: `create index "bookings_earned_seats_idx" on "bookings" ("workshop_schedule_id") include ("seats") where deleted_at is null and status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW')`,
    },
    // A voucher's usage (the team's Vouchers pages).
    { name: 'bookings_voucher_idx', expression: `create index "bookings_voucher_idx" on "bookings" ("voucher_id") where voucher_id is not null` },
    // A coach's sessions in time order (the coach's sessions page), and the reminders' windows.
    {
      name: 'bookings_session_coach_idx',
      expression: `create index "bookings_session_coach_idx" on "bookings" ("session_coach_id", "starts_at") where session_coach_id is not null and deleted_at is null`,
    },
    {
      name: 'bookings_session_start_due_idx',
      expression: `create index "bookings_session_start_due_idx" on "bookings" ("starts_at") where session_type_id is not null and deleted_at is null`,
    },
    {
      name: 'bookings_session_end_due_idx',
      expression: `create index "bookings_session_end_due_idx" on "bookings" ("ends_at") where session_type_id is not null and deleted_at is null`,
    },
  ],
  checks: [
    // Never two sessions of one coach at once, buffers included: the database refuses the
    // overlap whatever the application checked (btree_gist, migration sessions). Its index also
    // serves the slot finder's and the workshop guard's overlap reads. Spelt as PostgreSQL
    // prints it back, so the schema diff sees no change.
    {
      name: 'bookings_session_time_excl',
      expression: `EXCLUDE USING gist (session_coach_id WITH =, tstzrange(blocked_from, blocked_until) WITH &&) WHERE (((session_coach_id IS NOT NULL) AND ((status)::text <> 'CANCELLED'::text) AND (deleted_at IS NULL)))`,
    },
    {
      name: 'bookings_books_one_thing',
      expression: `(workshop_schedule_id is null) <> (session_type_id is null) and (session_type_id is null or (session_coach_id is not null and starts_at is not null and ends_at > starts_at and blocked_from <= starts_at and blocked_until >= ends_at))`,
    },
  ],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    user: () => p.manyToOne(User).index(),
    /** Seats on a schedule (null for a session). */
    workshopSchedule: () => p.manyToOne(WorkshopSchedule).nullable().deleteRule('no action').index(),
    /** A one-to-one session (null for seats): the type, its coach and the time, in instants. */
    sessionType: () => p.manyToOne(SessionType).nullable().deleteRule('no action').index(),
    sessionCoach: () => p.manyToOne(User).nullable().deleteRule('no action'),
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime().nullable(),
    /** The coach's time the session takes: its time with the buffers before and after. */
    blockedFrom: p.datetime().nullable(),
    blockedUntil: p.datetime().nullable(),
    seats: p.integer(),
    voucherCode: p.string().length(32).nullable(),
    voucherId: p.uuid().nullable(),
    status: p.string().length(16).default('PENDING').$type<BookingStatus>(),
    /** Minor units. Price of the seats before discount, the discount, and what is left to pay. */
    amountTotal: p.integer().default(0),
    discount: p.integer().default(0),
    amountDue: p.integer().default(0),
    amountPaid: p.integer().default(0),
    currency: p.string().length(3).default('usd'),
    paymentMethod: p.string().length(64).nullable(),
    paymentTransactionId: p.string().length(255).nullable(),
    notes: p.text().nullable(),
    coachNotes: p.text().nullable(),
    cancellationReason: p.string().length(1000).nullable(),
    meta: p.json<BookingMeta>().onCreate(() => ({})),
    address: p.json<BookingAddress>().nullable(),
    /** While PENDING: when the held seats go back to the schedule. */
    holdExpiresAt: p.datetime().nullable(),
    confirmedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    /**
     * Minor units the cancellation refunds (the refund policy for a client, all of it when the
     * coach cancels); null until a paid booking is cancelled.
     */
    refundAmount: p.integer().nullable(),
    /**
     * The refund policy the client booked under (`{ policy: null }`: a full refund at any time),
     * kept so a later change of the workshop's or team's policy does not change what was agreed.
     * Null on bookings made before terms were kept: the current policy applies to them.
     */
    refundTerms: p.json<RefundTerms>().nullable(),
  },
})
export class Booking extends BookingSchema.class {}
BookingSchema.setClass(Booking)

/**
 * One seat of a booking. The booker holds the first; the others are offered by invitation
 * (status is the invitation status). The invitation token is stored as its SHA-256 only.
 */
export const BookingSeatSchema = defineEntity({
  name: 'BookingSeat',
  tableName: 'booking_seats',
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: [pageGenerationTrigger('booking_seats')],
  filters: softDeleteFilters,
  uniques: [
    { name: 'booking_seats_token_unique', properties: ['invitationTokenHash'] },
    // One accepted seat per person and booking, whatever races the accepts.
    { name: 'booking_seats_holder_unique', properties: ['booking', 'user'], where: "status = 'ACCEPTED' and user_id is not null and deleted_at is null" },
  ],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).nullable().index(),
    email: p.string().length(255).nullable(),
    inviter: () => p.manyToOne(User).nullable(),
    status: p.string().length(16).default('PENDING').$type<SeatStatus>(),
    attended: p.boolean().default(false),
    attendanceNotes: p.string().length(1000).nullable(),
    meta: p.json<Record<string, unknown>>().onCreate(() => ({})),
    invitationTokenHash: p.string().length(64).nullable(),
    invitationSentAt: p.datetime().nullable(),
    invitationExpiresAt: p.datetime().nullable(),
    respondedAt: p.datetime().nullable(),
  },
})
export class BookingSeat extends BookingSeatSchema.class {}
BookingSeatSchema.setClass(BookingSeat)
