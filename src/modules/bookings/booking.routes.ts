import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import { clock } from '../../platform/clock'
import { checkedValue, platform, type RequestContext } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { conflict, fieldError, forbidden, notFound, parseOrThrow } from '../../platform/http/errors'
import { ListQuerySchema, listResponse, parseListQuery } from '../../platform/http/list-query'
import { toMajor, toMinor } from '../../shared/money'
import { MAX_SLOT_DAYS, publicSlots, SlotsAnswer, SlotsQuerySchema, slotsAnswer } from '../sessions'
import { serializeBookingTax } from '../tax'
import { User } from '../users'
import type { WorkshopSchedule } from '../workshops'
import { WorkshopResource } from '../workshops'
import { allTenants, bookingScope, findBookableSchedule, idFilter, isBookerOf, isCoachOf } from './booking.access'
import type { BookingMeta } from './booking.entity'
import { Booking, BookingSeat } from './booking.entity'
import {
  BookingCancelSchema,
  BookingCreateBody,
  BookingQuoteSchema,
  BookingQuoteView,
  BookingUpdateSchema,
  RefundQuoteView,
  SeatView,
  SessionTimeSchema,
} from './booking.schema'
import { serializeBooking, serializeSeat } from './booking.serialize'
import { BOOKING_POPULATE, cancelBooking, confirmBooking, createBooking, finishBooking } from './booking.service'
import { holdsSeats } from './booking.state'
import { checkBookingAnswers } from './booking-answers'
import { priceSeats } from './booking-price'
import { quoteRefund, type RefundMode, serializeQuote } from './refund-quote'
import { createSessionBooking, rescheduleSession } from './session-booking'
import './booking.jobs'
import { isId } from '../../platform/http/ids'
import { dataOf, ok, pageOf } from '../../platform/openapi/responses'
import { BookingView } from './booking.schema'

const POPULATE = BOOKING_POPULATE
const superAdminOnly = (ctx: RequestContext) => {
  ctx.requireUser()
  if (!ctx.isSuperAdmin) throw forbidden()
}
const isCoachView = (ctx: RequestContext, b: Booking) =>
  ctx.isSuperAdmin ||
  (b.workshopSchedule ? isCoachOf(ctx.user, b.workshopSchedule as unknown as WorkshopSchedule) : !!ctx.user && b.sessionCoach?.id === ctx.user.id)

async function findVisibleBooking(ctx: RequestContext, id: string) {
  const scope = await bookingScope(ctx)
  const b = isId(id) ? await ctx.em.findOne(Booking, { $and: [scope, { id }] }, { populate: POPULATE }) : null
  if (!b) throw notFound('Booking')
  return b
}

/** Resource preferences must name resources of the booked workshop. */
async function checkPreferences(ctx: RequestContext, workshopId: string, meta: BookingMeta | null | undefined) {
  const prefs = meta?.workshopResourcePreferences ?? []
  if (!prefs.length) return
  const found = new Set(
    (await ctx.em.find(WorkshopResource, { id: { $in: prefs.map((p) => p.id) }, workshop: workshopId }, { fields: ['id'] })).map((r) => r.id),
  )
  const i = prefs.findIndex((p) => !found.has(p.id))
  if (i >= 0) throw fieldError(`meta.workshopResourcePreferences.${i}.id`, 'This resource does not belong to the workshop.')
}

const bookings = crud({
  path: '/bookings',
  tag: 'Bookings',
  name: 'Booking',
  entity: Booking,
  softDelete: true,
  access: { list: 'auth', show: 'auth', create: 'bookings.create', update: 'auth', delete: 'auth', restore: superAdminOnly },
  createSchema: BookingCreateBody,
  updateSchema: BookingUpdateSchema,
  scope: (ctx) => bookingScope(ctx),
  populate: POPULATE,
  includes: { user: 'user' },
  sortable: ['createdAt', 'updatedAt', 'status', 'seats', 'amountDue'],
  defaultSort: '-createdAt',
  searchable: ['voucherCode', 'notes'],
  filters: {
    status: (value) => ({ status: { $in: value.split(',') as Booking['status'][] } }),
    workshopScheduleId: (value) => ({ workshopSchedule: idFilter('workshopScheduleId', value) }),
    sessionTypeId: (value) => ({ sessionType: idFilter('sessionTypeId', value) }),
    userId: (value) => ({ user: idFilter('userId', value) }),
  },
  view: BookingView,
  serialize: (b, include, ctx) => serializeBooking(b, ctx.user, include),
  description:
    'A booking is seats on a workshop schedule (`workshopScheduleId`, `seats`) or a one-to-one session (`sessionTypeId`, `startsAt`: one of the free times of `GET /v1/public/session-types/{id}/slots`; 409 `This time is no longer available.` when it was taken meanwhile). Bookings belong to the tenant of what they book. Clients see their own (across tenants), coaches the bookings of their schedules and sessions, super-admins all; X-Team narrows a list to one tenant.',
  async create(ctx, data) {
    const me = ctx.requireUser()
    if (data.sessionTypeId) {
      // A session is the caller's own time with the coach: booked by the client, for one person.
      if (data.userId && data.userId !== me.id) throw forbidden('A session is booked by the client who takes it.')
      if (data.seats !== 1) throw fieldError('seats', 'A session is for one person: book 1 seat.')
      if (data.waitlistEntryId) throw fieldError('waitlistEntryId', 'Sessions have no waitlist.')
      // Read across teams like every booking (the answer populates the session type).
      allTenants(ctx.em)
      return createSessionBooking(ctx.em as EntityManager, {
        user: me,
        sessionTypeId: data.sessionTypeId,
        startsAt: new Date(data.startsAt),
        voucherCode: data.voucherCode || null,
        notes: data.notes ?? null,
        address: data.address ?? null,
        meta: data.meta ?? null,
        billing: data.billing ?? null,
      })
    }
    const schedule = await findBookableSchedule(ctx, data.workshopScheduleId)
    await checkPreferences(ctx, schedule.workshop.id, data.meta)
    let user: User = me
    if (data.userId !== me.id) {
      // Booking for someone else: super-admins, or the coach for their own schedule.
      if (!ctx.isSuperAdmin && !isCoachOf(me, schedule)) throw forbidden('You can only book seats for yourself.')
      const other = await ctx.em.findOne(User, { id: data.userId })
      if (!other) throw notFound('User')
      user = other
    }
    return createBooking(ctx.em as EntityManager, {
      user,
      schedule,
      seats: data.seats,
      voucherCode: data.voucherCode || null,
      notes: data.notes ?? null,
      address: data.address ?? null,
      meta: data.meta ?? null,
      waitlistEntryId: data.waitlistEntryId || null,
      billing: data.billing ?? null,
      answers: checkBookingAnswers(schedule.workshop.questions ?? [], data.answers),
    })
  },
  async authorizeChange(ctx, row, action) {
    if (ctx.isSuperAdmin) return
    const coach = isCoachView(ctx, row)
    if (action === 'restore') throw forbidden()
    if (action === 'delete' && !coach && !isBookerOf(ctx.user, row)) throw forbidden()
    if (action === 'delete' && holdsSeats(row.status)) throw conflict('Cancel the booking before deleting it: it still holds seats.')
  },
  async update(ctx, row, data) {
    const coach = isCoachView(ctx, row)
    if (data.coachNotes !== undefined && !coach) throw forbidden('Only the coach can change coach notes.')
    const em = ctx.em as EntityManager
    if (data.meta && row.workshopSchedule) await checkPreferences(ctx, row.workshopSchedule.workshop.id, data.meta)
    if (data.status !== row.status) {
      if (!coach && data.status !== 'CANCELLED') throw forbidden(`Only the coach can mark a booking ${data.status}.`)
      // The client cancelling their own booking gets what the refund policy gives; the coach's side refunds in full.
      if (data.status === 'CANCELLED')
        await cancelBooking(em, row.id, data.cancellationReason ?? '', undefined, {
          refund: coach ? 'full' : 'policy',
          coach: coach ? { beyondPolicy: () => ctx.requireRecentVerification() } : undefined,
        })
      // The coach records a payment taken outside the platform (cash, bank transfer).
      else if (data.status === 'CONFIRMED') await confirmBooking(em, row.id, { amountPaid: row.amountDue, paymentMethod: 'manual', paymentTransactionId: null })
      else if (data.status === 'COMPLETED' || data.status === 'NO_SHOW') await finishBooking(em, row.id, data.status)
      else throw conflict(`A ${row.status} booking cannot become ${data.status}.`)
    }
    if (data.notes !== undefined) row.notes = data.notes
    if (data.coachNotes !== undefined) row.coachNotes = data.coachNotes
    if (data.address !== undefined) row.address = data.address
    if (data.meta !== undefined) row.meta = { ...(row.meta ?? {}), ...(data.meta ?? {}) }
    await em.flush()
  },
  async destroy(ctx, row) {
    row.deletedAt = new Date()
    await ctx.em.flush()
  },
})

const idParams = t.Object({ id: t.String() })

/** The booking a cancel acts on: visible to this user (else 404), and theirs or their schedule's (else 403). */
const cancelling = checkedValue<Booking>()
async function mayCancel(ctx: RequestContext, params: Record<string, string | undefined>) {
  const b = await findVisibleBooking(ctx, params.id ?? '')
  if (!ctx.isSuperAdmin && !isBookerOf(ctx.user, b) && !isCoachView(ctx, b)) throw forbidden()
  cancelling.keep(ctx, b)
}

/** The booker cancelling their own booking is under the refund policy; the coach's side (coach, super-admin) refunds in full. */
const refundModeFor = (ctx: RequestContext, b: Booking): RefundMode => (isBookerOf(ctx.user, b) && !isCoachView(ctx, b) ? 'policy' : 'full')

export const bookingRoutes = new Elysia({ name: 'bookings' })
  .use(platform)
  .use(bookings)
  .post(
    '/bookings/quote',
    async ({ ctx, body }) => {
      const me = ctx.requireUser()
      const q = parseOrThrow(BookingQuoteSchema, body)
      const schedule = await findBookableSchedule(ctx, q.workshopScheduleId)
      const { total, discount, tax } = await priceSeats(
        ctx.em as EntityManager,
        { user: me, schedule, seats: q.seats, voucherCode: q.voucherCode || null, billing: q.billing ?? null },
        clock.now(),
      )
      const currency = schedule.workshop.currency
      return {
        data: {
          currency,
          seats: q.seats,
          amountTotal: toMajor(total, currency),
          discount: toMajor(discount, currency),
          amountDue: toMajor(tax.gross, currency),
          tax: serializeBookingTax(tax, currency)!,
        },
      }
    },
    {
      access: { auth: true },
      body: BookingQuoteSchema,
      detail: {
        responses: ok(dataOf(BookingQuoteView), 'What booking these seats would cost, tax included'),
        tags: ['Bookings'],
        summary: 'The price of seats before booking them: the voucher, and the tax the server decides for this buyer',
        description:
          "`{ workshopScheduleId, seats, voucherCode?, billing? }` as for `POST /v1/bookings`: answers the seats' total, the voucher's discount and the tax (kind, rate, where, net, tax, gross; a company's valid VAT ID of another member state makes an online sale reverse charge, 0 % with its sentence). Nothing is booked or held; the booking computes the same at its own moment. The same 422s as the booking (`billing.vatId`, `voucherCode`, `workshopScheduleId` for a schedule that cannot be booked...).",
      },
    },
  )
  .post(
    '/bookings/:id/cancel',
    async ({ ctx, body }) => {
      const b = cancelling.take(ctx)
      const { reason, expectedRefund } = parseOrThrow(BookingCancelSchema, body)
      const mode = refundModeFor(ctx, b)
      const done = await cancelBooking(ctx.em as EntityManager, b.id, reason, undefined, {
        refund: mode,
        // The coach's side refunds in full: more than the policy gives needs the second check.
        coach: mode === 'full' ? { beyondPolicy: () => ctx.requireRecentVerification() } : undefined,
        expectedRefund: expectedRefund == null ? null : toMinor(expectedRefund, b.currency),
      })
      return { data: serializeBooking(done, ctx.user) }
    },
    {
      access: { auth: true, check: mayCancel },
      params: idParams,
      body: BookingCancelSchema,
      detail: {
        responses: ok(dataOf(BookingView), 'The cancelled booking'),
        tags: ['Bookings'],
        summary: 'Cancel a PENDING or CONFIRMED booking with a reason (seats go back; a paid booking is refunded)',
        description:
          "The client cancelling their own booking is refunded what the workshop's refund policy gives at that moment (see `GET /v1/bookings/{id}/refund-quote`); the coach or a super-admin cancelling refunds in full, and when that is more than the policy would give, it is a sensitive action: without a second check in the last 10 minutes (`POST /v1/auth/reauthenticate`) it is a 403 `{ code: \"reauthentication_required\" }` and nothing changes. The coach's cancellations are recorded in the team's audit log. Send `expectedRefund` (the quote's `refundAmount`) to be answered 409, with nothing changed, when the amount is no longer that (a deadline passed in between).",
      },
    },
  )
  .post(
    '/bookings/:id/session-time',
    async ({ ctx, body }) => {
      const b = cancelling.take(ctx)
      const { startsAt } = parseOrThrow(SessionTimeSchema, body)
      const moved = await rescheduleSession(ctx.em as EntityManager, b.id, new Date(startsAt))
      return { data: serializeBooking(moved, ctx.user) }
    },
    {
      access: { auth: true, check: mayCancel },
      params: idParams,
      body: SessionTimeSchema,
      detail: {
        responses: ok(dataOf(BookingView), 'The booking at its new time'),
        tags: ['Bookings', 'Sessions'],
        summary: 'Move a one-to-one session to another free time of its type (the client or the coach)',
        description:
          "`{ startsAt }`: one of the free times of `GET /v1/bookings/{id}/session-times` (the type's slots with the booking's own time not counting against it). The price stays; the booker and the coach are mailed the new time with the calendar file, and reminders follow it. 409 `This time is no longer available.` when it was taken meanwhile, or when the session has started or is not PENDING or CONFIRMED.",
      },
    },
  )
  .get(
    '/bookings/:id/session-times',
    async ({ ctx, query }) => {
      const b = cancelling.take(ctx)
      if (!b.sessionType) throw fieldError('id', 'Only a one-to-one session moves to another time.')
      const q = parseOrThrow(SlotsQuerySchema, query)
      const r = await publicSlots(ctx.em as EntityManager, b.sessionType.id, q, clock.now().getTime(), b.id)
      if (!r) throw notFound('Session type')
      return slotsAnswer(r)
    },
    {
      access: { auth: true, check: mayCancel },
      params: idParams,
      query: SlotsQuerySchema,
      detail: {
        responses: ok(SlotsAnswer, 'Free times this session can move to, soonest first'),
        tags: ['Bookings', 'Sessions'],
        summary: 'The free times a one-to-one session can move to (its booker or its coach)',
        description: `The free times of the booking's session type as \`GET /v1/public/session-types/{id}/slots\` gives them (same \`from\`, \`to\` and \`timeZone\`, at most ${MAX_SLOT_DAYS} days), except that the booking's own time, buffers and place in the per-day limit do not count: a 60-minute session can move 30 minutes later. Each is a time \`POST /v1/bookings/{id}/session-time\` accepts. 422 for a booking that is not a session.`,
      },
    },
  )
  .get(
    '/bookings/:id/refund-quote',
    async ({ ctx }) => {
      const b = cancelling.take(ctx)
      if (b.status !== 'PENDING' && b.status !== 'CONFIRMED') throw conflict(`A ${b.status} booking can no longer be cancelled.`)
      const at = clock.now()
      const q = await quoteRefund(ctx.em as EntityManager, b, (b.workshopSchedule as unknown as WorkshopSchedule | null) ?? null, at, refundModeFor(ctx, b))
      return { data: serializeQuote(b, q, at) }
    },
    {
      access: { auth: true, check: mayCancel },
      params: idParams,
      detail: {
        responses: ok(dataOf(RefundQuoteView), 'What cancelling now gives back'),
        tags: ['Bookings'],
        summary: 'The refund of cancelling this booking now',
        description:
          "For the booker: what the workshop's refund policy gives at this moment (full refund until `fullRefundUntil`, `percent` until `partialRefundUntil`, nothing after; a workshop without a policy uses its team's, and without either the refund is full). For the coach or a super-admin: the full amount paid (their cancellations always refund in full). The cancel computes the same amount at its own moment; 409 for a booking that can no longer be cancelled.",
      },
    },
  )
  .get(
    '/bookings/:id/seats',
    async ({ ctx, params, request }) => {
      const b = await findVisibleBooking(ctx, params.id)
      const p = parseListQuery(new URL(request.url), {
        sortable: ['createdAt', 'status'],
        filterable: [],
        includes: ['user', 'inviter'],
        defaultSort: 'createdAt',
      })
      const [rows, total] = await ctx.em.findAndCount(
        BookingSeat,
        { booking: b.id },
        {
          limit: p.perPage,
          offset: p.offset,
          orderBy: [...p.sort.map((s) => ({ [s.field]: s.dir })), { id: 'asc' }],
          populate: p.include as any,
        },
      )
      return listResponse(
        rows.map((s) => serializeSeat(s, p.include)),
        total,
        p,
      )
    },
    {
      auth: true,
      params: idParams,
      query: ListQuerySchema,
      detail: { responses: ok(pageOf(SeatView), 'A page of seats'), tags: ['Bookings'], summary: 'Seats of a booking (include=user,inviter)' },
    },
  )
