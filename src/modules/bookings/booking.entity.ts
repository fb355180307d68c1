import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties } from '../../platform/db/schemas'
import type { RefundPolicy } from '../../shared/refund-policy'
import { SessionType } from '../sessions'
import type { Billing, BookingTax } from '../tax'
import { Tenant } from '../tenants'
import { User } from '../users'
import { Workshop, WorkshopSchedule } from '../workshops'
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
 * A client's booking: seats on a workshop schedule, or a one-to-one session (a session type at a
 * time: `sessionType`, `startsAt`..`endsAt`, the coach's time `blockedFrom`..`blockedUntil`
 * with the buffers). Exactly one of the two (a check constraint). It belongs to the tenant of
 * what it books, but is read across tenants by its booker, so it carries no automatic tenant
 * filter: every query scopes it explicitly (see booking.access.ts).
 */
export const BookingSchema = defineEntity({
  name: 'Booking',
  tableName: 'bookings',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [
    ...pageChangeTriggers('bookings', [scope.tenant(), scope.user(), scope.listing]),
    // Copies of the schedule's start, coach and workshop (migration scale_reads, which creates the
    // functions): the coach's and the client's lists read and order bookings by them from an index.
    {
      name: 'bookings_schedule_copy',
      timing: 'before',
      events: ['insert', 'update'],
      expression: `create trigger bookings_schedule_copy before insert or update of workshop_schedule_id on bookings
  for each row execute function bookings_schedule_copy();`,
    },
    // The people of a booking (its booker and every accepted seat holder): booking_people.
    {
      name: 'bookings_people',
      timing: 'after',
      events: ['insert', 'update'],
      expression: `create trigger bookings_people after insert or update of status, workshop_schedule_id, starts_at, workshop_id, user_id, tenant_id, deleted_at, created_at, seats on bookings
  for each row execute function booking_people_from_bookings();`,
    },
  ],
  filters: softDeleteFilters,
  indexes: [
    { name: 'bookings_hold_idx', properties: ['status', 'holdExpiresAt'] },
    { properties: ['tenant', 'createdAt'] },
    // Confirmed seats per schedule (the marketplace's live figures), read from the index alone.
    {
      name: 'bookings_earned_seats_idx',
      expression: `create index "bookings_earned_seats_idx" on "bookings" ("workshop_schedule_id") include ("seats") where deleted_at is null and status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW')`,
    },
    // The coach's bookings in a team, by the session's start (the bookings list, counts of coming
    // ones) and by when they were made (the shell's search entries).
    {
      name: 'bookings_coach_starts_idx',
      expression: `create index "bookings_coach_starts_idx" on "bookings" ("coach_id", "tenant_id", "starts_at" desc, "created_at" desc, "id") where deleted_at is null`,
    },
    // A workshop's bookings by session (its invoices tab).
    {
      name: 'bookings_workshop_starts_idx',
      expression: `create index "bookings_workshop_starts_idx" on "bookings" ("workshop_id", "starts_at" desc, "id") where deleted_at is null`,
    },
    {
      name: 'bookings_coach_created_idx',
      expression: `create index "bookings_coach_created_idx" on "bookings" ("coach_id", "tenant_id", "created_at" desc) where deleted_at is null`,
    },
    // What a coach earned per day (the dashboard's chart): paid bookings by when they were confirmed.
    {
      name: 'bookings_coach_earned_idx',
      expression: `create index "bookings_coach_earned_idx" on "bookings" ("coach_id", "tenant_id", (coalesce(confirmed_at, created_at))) include ("amount_paid", "seats") where deleted_at is null and status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW')`,
    },
    // A client's bookings by when they were made (the dashboard's activity over a range).
    {
      name: 'bookings_user_created_idx',
      expression: `create index "bookings_user_created_idx" on "bookings" ("user_id", "created_at") include ("seats", "amount_paid", "status") where deleted_at is null`,
    },
    // The bookings a client paid, in the order they were paid (their invoices list).
    {
      name: 'bookings_user_paid_idx',
      expression: `create index "bookings_user_paid_idx" on "bookings" ("user_id", "confirmed_at" desc, "id") where deleted_at is null and amount_paid > 0`,
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
    /** Seats on a schedule (null for a one-to-one session). */
    workshopSchedule: () => p.manyToOne(WorkshopSchedule).nullable().deleteRule('no action').index(),
    /**
     * Copies of the schedule's start, coach and workshop, kept by triggers (bookings_schedule_copy
     * here, workshop_schedules_copy_to_bookings on the schedule): never set them in code for seats.
     * A one-to-one session sets `startsAt` itself; its `coachId` is copied from `sessionCoach`.
     */
    startsAt: p.datetime().nullable(),
    coachId: p.uuid().nullable(),
    workshopId: p.uuid().nullable(),
    /** A one-to-one session (null for seats): the type, its coach and the time, in instants. */
    sessionType: () => p.manyToOne(SessionType).nullable().deleteRule('no action').index(),
    sessionCoach: () => p.manyToOne(User).nullable().deleteRule('no action'),
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
    /** The buyer's billing details for the invoice (country; a company's name, address and VAT ID). */
    billing: p.json<Billing>().nullable(),
    /**
     * The tax the server decided when the booking was made (kind, rate, where, prices incl. or
     * excl. tax) and its amounts in minor units: `gross` is `amountDue`. Null on bookings made
     * before taxes were kept (no tax).
     */
    tax: p.json<BookingTax>().nullable(),
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
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [
    ...pageChangeTriggers('booking_seats', [scope.tenant(), scope.user(), scope.email()]),
    // An accepted seat makes its holder one of the booking's people (booking_people).
    {
      name: 'booking_seats_people',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression: `create trigger booking_seats_people after insert or update of status, user_id, deleted_at, booking_id or delete on booking_seats
  for each row execute function booking_people_from_seats();`,
    },
  ],
  filters: softDeleteFilters,
  indexes: [
    // Invitations waiting for a person, by account or by email (their dashboard and shell).
    {
      name: 'booking_seats_invited_user_idx',
      expression: `create index "booking_seats_invited_user_idx" on "booking_seats" ("user_id") where status = 'PENDING' and deleted_at is null`,
    },
    {
      name: 'booking_seats_invited_email_idx',
      expression: `create index "booking_seats_invited_email_idx" on "booking_seats" (lower(email)) where status = 'PENDING' and deleted_at is null`,
    },
  ],
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

/**
 * The people of a booking: its booker and every person holding an accepted seat, one row each,
 * with copies of what the client area lists and orders by. Kept by triggers on bookings and
 * booking_seats (migration scale_reads): never written by code. "My bookings" reads it by
 * (user, start), so a client's pages cost what they show, not every booking they ever made.
 */
export const BookingPersonSchema = defineEntity({
  name: 'BookingPerson',
  tableName: 'booking_people',
  // Each person's workshops (client_workshops) follow their rows here.
  triggers: [
    {
      name: 'booking_people_client_workshops',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression: `create trigger booking_people_client_workshops after insert or update or delete on booking_people
  for each row execute function client_workshops_from_people();`,
    },
  ],
  indexes: [
    {
      name: 'booking_people_user_starts_idx',
      expression: `create index "booking_people_user_starts_idx" on "booking_people" ("user_id", "starts_at" desc, "booking_id")`,
    },
    {
      name: 'booking_people_user_workshop_idx',
      expression: `create index "booking_people_user_workshop_idx" on "booking_people" ("user_id", "workshop_id", "starts_at" desc, "booking_id")`,
    },
    { name: 'booking_people_user_tenant_idx', expression: `create index "booking_people_user_tenant_idx" on "booking_people" ("user_id", "tenant_id")` },
    // Coming bookings (counts and the next ones) and those waiting for the booker's payment, from the index alone.
    {
      name: 'booking_people_user_active_idx',
      expression: `create index "booking_people_user_active_idx" on "booking_people" ("user_id", "starts_at") include ("status", "booker", "seats") where status in ('PENDING', 'CONFIRMED')`,
    },
    {
      name: 'booking_people_user_pending_idx',
      expression: `create index "booking_people_user_pending_idx" on "booking_people" ("user_id", "starts_at") where status = 'PENDING' and booker`,
    },
    { name: 'booking_people_booking_idx', expression: `create index "booking_people_booking_idx" on "booking_people" ("booking_id")` },
  ],
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    booking: () => p.manyToOne(Booking).primary().deleteRule('cascade'),
    tenantId: p.uuid(),
    workshopId: p.uuid().nullable(),
    startsAt: p.datetime().nullable(),
    status: p.string().length(16).$type<BookingStatus>(),
    /** This person made the booking. */
    booker: p.boolean(),
    /** The seats this person has there: the booking's for its booker, one for a seat holder. */
    seats: p.integer(),
    /** When the booking was made. */
    bookedAt: p.datetime(),
  },
})
export class BookingPerson extends BookingPersonSchema.class {}
BookingPersonSchema.setClass(BookingPerson)

/**
 * A person's workshops: one row per person and workshop they have bookings of (as booker or seat
 * holder), with how many bookings and seats and the latest session's start. Kept from
 * booking_people by a trigger (counts by deltas, migration scale_reads): never written by code.
 */
export const ClientWorkshopSchema = defineEntity({
  name: 'ClientWorkshop',
  tableName: 'client_workshops',
  indexes: [
    {
      name: 'client_workshops_user_last_idx',
      expression: `create index "client_workshops_user_last_idx" on "client_workshops" ("user_id", "last_start" desc, "workshop_id")`,
    },
  ],
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    workshop: () => p.manyToOne(Workshop).primary().deleteRule('cascade'),
    bookings: p.integer().default(0),
    seats: p.integer().default(0),
    lastStart: p.datetime().nullable(),
  },
})
export class ClientWorkshop extends ClientWorkshopSchema.class {}
ClientWorkshopSchema.setClass(ClientWorkshop)
