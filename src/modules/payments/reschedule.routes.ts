/**
 * `POST /bookings/{id}/reschedule` and its finalize: moving a booking to another date of its
 * workshop (the bookings module's rescheduleBooking), with the price difference charged through
 * a PaymentIntent or refunded as a partial refund row (see bookings/reschedule.service.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { checkedValue, platform, type RequestContext } from '../../platform/http/context'
import { forbidden, notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { dataOf, ok } from '../../platform/openapi/responses'
import { toMajor } from '../../shared/money'
import type { ViewOf } from '../../shared/view'
import { Booking, type BookingReschedule, bookingScope, RescheduleSchema, RescheduleView, rescheduleBooking } from '../bookings'
import { User } from '../users'
import { FinalizeSchema } from './payment.schema'
import { createRescheduleIntent, finalizeReschedule } from './reschedule.payment'
import { paymentsSettings } from './stripe'

const serializeReschedule = (r: BookingReschedule): ViewOf<typeof RescheduleView> => ({
  id: r.id,
  bookingId: r.booking.id,
  fromScheduleId: r.fromSchedule!.id,
  toScheduleId: r.toSchedule!.id,
  seats: r.seats,
  amountTotal: toMajor(r.amountTotal, r.currency),
  discount: toMajor(r.discount, r.currency),
  amountDue: toMajor(r.amountDue, r.currency),
  difference: toMajor(r.difference, r.currency),
  currency: r.currency,
  status: r.status,
  holdExpiresAt: r.holdExpiresAt ?? null,
  completedAt: r.completedAt ?? null,
  createdAt: r.createdAt,
})

const MoveView = v.object({
  status: v.pipe(
    v.picklist(['DONE', 'PAYMENT_REQUIRED']),
    v.description('DONE: moved (any difference refunded). PAYMENT_REQUIRED: pay `payment` to finish the move.'),
  ),
  reschedule: RescheduleView,
  bookingStatus: v.string(),
  workshopScheduleId: v.pipe(v.string(), v.description('The schedule the booking is on now')),
  payment: v.nullable(
    v.object({ paymentIntentId: v.string(), clientSecret: v.nullable(v.string()), amount: v.number(), currency: v.string(), publishableKey: v.string() }),
  ),
})

/** The caller's own booking (super-admins: any), else 404 / 403, before the body is read. */
const moving = checkedValue<Booking>()
async function ownBooking(ctx: RequestContext, params: Record<string, string | undefined>) {
  const id = params.id ?? ''
  const scope = await bookingScope(ctx)
  const b = isId(id) ? await ctx.em.findOne(Booking, { $and: [scope, { id }] }) : null
  if (!b) throw notFound('Booking')
  if (b.user.id !== ctx.user?.id && !ctx.isSuperAdmin) throw forbidden('Only the booker can move a booking to another date.')
  moving.keep(ctx, b)
}

export const rescheduleRoutes = new Elysia({ name: 'reschedule' })
  .use(platform)
  .post(
    '/bookings/:id/reschedule',
    async ({ ctx, body }) => {
      const b = moving.take(ctx)
      const { workshopScheduleId, acceptChanges } = parseOrThrow(RescheduleSchema, body)
      const { booking, reschedule } = await rescheduleBooking(ctx.em as EntityManager, b.id, workshopScheduleId, undefined, { acceptChanges })
      const owner = await ctx.em.findOneOrFail(User, { id: booking.user.id })
      const pi = reschedule.status === 'PENDING' ? await createRescheduleIntent(ctx.em as EntityManager, owner, booking, reschedule) : null
      return {
        data: {
          status: pi ? ('PAYMENT_REQUIRED' as const) : ('DONE' as const),
          reschedule: serializeReschedule(reschedule),
          bookingStatus: booking.status,
          workshopScheduleId: booking.workshopSchedule?.id ?? '',
          payment: pi
            ? {
                paymentIntentId: pi.id,
                clientSecret: pi.client_secret,
                amount: toMajor(pi.amount, pi.currency),
                currency: pi.currency,
                publishableKey: paymentsSettings().publishableKey,
              }
            : null,
        },
      }
    },
    {
      access: { auth: true, check: ownBooking },
      params: t.Object({ id: t.String() }),
      body: RescheduleSchema,
      detail: {
        responses: ok(dataOf(MoveView), 'The move: done, or waiting for the price difference'),
        tags: ['Bookings'],
        summary: 'Move a confirmed booking to another date of the same workshop',
        description:
          'Seats and invitations move with the booking. Priced at the workshop’s current price (the booking’s voucher applied again): a lower price moves it at once and refunds the difference (a partial refund); a higher one holds the new seats for BOOKING_HOLD_MINUTES and answers PAYMENT_REQUIRED with a PaymentIntent for the difference: confirm it with Stripe.js, then `POST /v1/bookings/{id}/reschedule/finalize`. A date whose format, venue or city differs from the booking’s (its `changes` in `GET /v1/bookings/{id}/reschedule-options`) moves only with `acceptChanges: true`: without it the answer is 409, its message naming the changes and `errors.acceptChanges` saying each one. 409 also when the new date is full or the booking is not confirmed; 422 for another workshop, a past date or the same date.',
      },
    },
  )
  .post(
    '/bookings/:id/reschedule/finalize',
    async ({ ctx, body }) => {
      const b = moving.take(ctx)
      const { paymentIntentId } = parseOrThrow(FinalizeSchema, body)
      const r = await finalizeReschedule(ctx.em as EntityManager, b, paymentIntentId)
      return { data: serializeReschedule(r) }
    },
    {
      access: { auth: true, check: ownBooking },
      params: t.Object({ id: t.String() }),
      body: FinalizeSchema,
      detail: {
        responses: ok(dataOf(RescheduleView), 'The move, DONE'),
        tags: ['Bookings'],
        summary: 'Finish a move once its price difference is paid',
      },
    },
  )
