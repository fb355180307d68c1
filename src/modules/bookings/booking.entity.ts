import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, listingGenerationTrigger, pageGenerationTrigger, softDeleteFilters, softDeleteProperties } from '../../platform/db/schemas'
import type { RefundPolicy } from '../../shared/refund-policy'
import { Tenant } from '../tenants'
import { User } from '../users'
import { WorkshopSchedule } from '../workshops'
import type { StoredAnswers } from '../workshops/question.schema'

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
 * A client's booking of seats on a schedule. It belongs to the schedule's tenant (tenant_id is
 * copied from the schedule), but is read across tenants by its booker, so it carries no
 * automatic tenant filter: every query scopes it explicitly (see booking.access.ts).
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
  ],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    user: () => p.manyToOne(User).index(),
    workshopSchedule: () => p.manyToOne(WorkshopSchedule).index(),
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
    /** Answers to the workshop's once-per-booking questions, each with the question as asked. */
    answers: p.json<StoredAnswers>().nullable(),
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
    /** The holder's answers to the workshop's per-seat questions, each with the question as asked. */
    answers: p.json<StoredAnswers>().nullable(),
  },
})
export class BookingSeat extends BookingSeatSchema.class {}
BookingSeatSchema.setClass(BookingSeat)
