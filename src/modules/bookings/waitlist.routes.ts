/**
 * The waitlist of a fully booked schedule (`/workshop-schedules/{id}/waitlist`), the caller's
 * entries (`/waitlist`) and the dates a booking may move to (`/bookings/{id}/reschedule-options`;
 * the move itself needs the payments module, which serves `POST /bookings/{id}/reschedule`).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { checkedValue, platform, type RequestContext } from '../../platform/http/context'
import { forbidden, HttpError, notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { parseIncludes, readPaging } from '../../platform/http/list-query'
import { created, dataOf, ok, pageOf } from '../../platform/openapi/responses'
import { toMajor } from '../../shared/money'
import { onSeatsAdded, type WorkshopSchedule } from '../workshops'
import { bookingScope, findBookableSchedule, isBookerOf } from './booking.access'
import { Booking } from './booking.entity'
import { rescheduleOptions } from './reschedule.service'
import { MyWaitlistView, RescheduleOptionView, ScheduleWaitlistView, WaitlistJoinSchema, WaitlistView } from './waitlist.schema'
import { joinWaitlist, leaveWaitlist, myEntryOn, myWaitlist, offerFreedSeats } from './waitlist.service'

// The coach raised a workshop's seats: its coming schedules' waitlists get them at once.
onSeatsAdded(async (tem, scheduleIds, at) => {
  for (const id of scheduleIds) await offerFreedSeats(tem, id, at)
})

const idParams = t.Object({ id: t.String() })

/** The schedule of the path, as the booking rules see it: one the caller may book, else 404. */
const scheduleOf = checkedValue<WorkshopSchedule>()
async function bookableSchedule(ctx: RequestContext, params: Record<string, string | undefined>) {
  const id = params.id ?? ''
  try {
    if (!isId(id)) throw notFound('Workshop schedule')
    scheduleOf.keep(ctx, await findBookableSchedule(ctx, id))
  } catch (err) {
    if (err instanceof HttpError && err.status === 422) throw notFound('Workshop schedule')
    throw err
  }
}

const bookingOf = checkedValue<Booking>()
async function myBooking(ctx: RequestContext, params: Record<string, string | undefined>) {
  const id = params.id ?? ''
  const scope = await bookingScope(ctx)
  const b = isId(id) ? await ctx.em.findOne(Booking, { $and: [scope, { id }] }) : null
  if (!b) throw notFound('Booking')
  if (!isBookerOf(ctx.user, b) && !ctx.isSuperAdmin) throw forbidden('Only the booker can move a booking to another date.')
  bookingOf.keep(ctx, b)
}

const DESCRIBE_RULE =
  'Seats that come free (a cancellation, an expired hold or offer, more seats on the workshop) are offered at once to the open entries in the order they joined: each party whose seats all fit in what is free gets them, so a party of 3 does not block a party of 1 behind it when 1 seat is free, and keeps its place for when 3 are. Offered seats count as taken for WAITLIST_OFFER_MINUTES (default 60); the offer is mailed with a link to the checkout (`POST /v1/bookings` with `waitlistEntryId` books exactly those seats), and passes to the next in line when not taken in time.'

export const waitlistRoutes = new Elysia({ name: 'waitlist' })
  .use(platform)
  .post(
    '/workshop-schedules/:id/waitlist',
    async ({ ctx, body, set }) => {
      const { seats } = parseOrThrow(WaitlistJoinSchema, body ?? {})
      const entry = await joinWaitlist(ctx.em as EntityManager, ctx.requireUser(), scheduleOf.take(ctx), seats)
      set.status = 201
      return { data: entry }
    },
    {
      access: { can: 'bookings.create', check: bookableSchedule },
      params: idParams,
      body: WaitlistJoinSchema,
      detail: {
        responses: created(dataOf(WaitlistView), 'The entry, WAITING, with its position'),
        tags: ['Waitlist'],
        summary: 'Join the waitlist of a fully booked schedule for N seats (1 to the workshop’s max)',
        description: `409 when the seats asked for are free (book instead) or when you already wait on this schedule. ${DESCRIBE_RULE}`,
      },
    },
  )
  .delete(
    '/workshop-schedules/:id/waitlist',
    async ({ ctx, params }) => {
      const me = ctx.requireUser()
      if (!isId(params.id)) throw notFound('Waitlist entry')
      return { data: await leaveWaitlist(ctx.em as EntityManager, me.id, params.id) }
    },
    {
      auth: true,
      params: idParams,
      detail: {
        responses: ok(dataOf(WaitlistView), 'The entry, LEFT'),
        tags: ['Waitlist'],
        summary: 'Leave the waitlist of a schedule (seats offered to you go to the next in line)',
      },
    },
  )
  .get(
    '/workshop-schedules/:id/waitlist',
    async ({ ctx }) => {
      const me = ctx.requireUser()
      const s = scheduleOf.take(ctx)
      const [r] = await ctx.em.execute<{ n: number; seats: number }[]>(
        `select count(*)::int as n, coalesce(sum(seats), 0)::int as seats from waitlist_entries where workshop_schedule_id = ? and status in ('WAITING', 'OFFERED')`,
        [s.id],
      )
      return { data: { mine: await myEntryOn(ctx.em as EntityManager, me.id, s.id), waiting: Number(r.n), seatsWaiting: Number(r.seats) } }
    },
    {
      access: { auth: true, check: bookableSchedule },
      params: idParams,
      detail: {
        responses: ok(dataOf(ScheduleWaitlistView), 'Your entry on this schedule (or null) and the length of its waitlist'),
        tags: ['Waitlist'],
        summary: 'The waitlist of a schedule: your entry and how many wait',
      },
    },
  )
  .get(
    '/waitlist',
    async ({ ctx, request }) => {
      const sp = new URL(request.url).searchParams
      // Nothing to embed: an include is refused, never ignored.
      parseIncludes(sp.get('include'), [])
      // One page holds them all; page and perPage are still checked like every list's.
      readPaging(sp)
      const rows = await myWaitlist(ctx.em as EntityManager, ctx.requireUser().id)
      return { data: rows, meta: { page: 1, perPage: 100, total: rows.length, lastPage: 1 } }
    },
    {
      auth: true,
      detail: {
        responses: ok(pageOf(MyWaitlistView), 'Your open waitlist entries and offers (at most 100), soonest workshop first'),
        tags: ['Waitlist'],
        summary: 'My waitlist entries and offers',
        description: DESCRIBE_RULE,
      },
    },
  )
  .get(
    '/bookings/:id/reschedule-options',
    async ({ ctx }) => {
      const b = bookingOf.take(ctx)
      const options = await rescheduleOptions(ctx.em as EntityManager, b)
      return {
        data: options.map((o) => ({
          ...o,
          amountTotal: toMajor(o.amountTotal, b.currency),
          discount: toMajor(o.discount, b.currency),
          amountDue: toMajor(o.amountDue, b.currency),
          difference: toMajor(o.difference, b.currency),
        })),
      }
    },
    {
      access: { auth: true, check: myBooking },
      params: idParams,
      detail: {
        responses: ok(
          dataOf(v.array(RescheduleOptionView)),
          'Upcoming dates of the same workshop with the booking’s seats free, and the price difference of each',
        ),
        tags: ['Bookings'],
        summary: 'Where a booking can move to',
      },
    },
  )
