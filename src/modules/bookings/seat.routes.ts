import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { SOFT_DELETE } from '../../platform/db/schemas'
import { platform, type RequestContext } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { conflict, fieldError, forbidden, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { dataOf, ok } from '../../platform/openapi/responses'
import { User } from '../users'
import type { WorkshopSchedule } from '../workshops'
import { bookingScope, idFilter, isBookerOf, isCoachOf, seatScope } from './booking.access'
import { Booking, BookingSeat } from './booking.entity'
import { SeatCreateSchema, SeatUpdateSchema, SeatView } from './booking.schema'
import { serializeSeat } from './booking.serialize'
import { holdsSeats } from './booking.state'
import { sendInvitation } from './seat.invitations'

const POPULATE = ['booking', 'booking.workshopSchedule', 'booking.workshopSchedule.workshop'] as const
const bookingOf = (s: BookingSeat) => s.booking as unknown as Booking
const coachOf = (ctx: RequestContext, b: Booking) => ctx.isSuperAdmin || isCoachOf(ctx.user, b.workshopSchedule as unknown as WorkshopSchedule)
/** The booker, the coach of the schedule and super-admins manage a booking's seats. */
const managesSeats = (ctx: RequestContext, b: Booking) => coachOf(ctx, b) || isBookerOf(ctx.user, b)

async function activeSeatCount(em: EntityManager, bookingId: string) {
  return em.count(BookingSeat, { booking: bookingId })
}

async function resolveTarget(
  ctx: RequestContext,
  booking: Booking,
  data: { userId?: string | null; email?: string | null },
  exceptSeatId?: string,
  em: EntityManager = ctx.em as EntityManager,
) {
  let user: User | null = null
  if (data.userId) {
    user = await em.findOne(User, { id: data.userId })
    if (!user) throw fieldError('userId', 'User not found.')
  }
  const email = data.email || null
  const who = [...(user ? [{ user: user.id }] : []), ...(email ? [{ email }] : [])]
  const dup = await em.count(BookingSeat, {
    booking: booking.id,
    status: { $in: ['PENDING', 'ACCEPTED'] },
    $or: who,
    ...(exceptSeatId ? { id: { $ne: exceptSeatId } } : {}),
  })
  if (dup) throw conflict('This person already has a seat in this booking.')
  return { user, email }
}

const seats = crud({
  path: '/booking-seats',
  tag: 'Booking seats',
  name: 'Booking seat',
  entity: BookingSeat,
  softDelete: true,
  access: { list: 'auth', show: 'auth', create: 'bookings.create', update: 'auth', delete: 'auth', restore: 'auth' },
  createSchema: SeatCreateSchema,
  updateSchema: SeatUpdateSchema,
  scope: (ctx) => seatScope(ctx),
  populate: POPULATE,
  includes: { user: 'user', inviter: 'inviter' },
  sortable: ['createdAt', 'updatedAt', 'status'],
  defaultSort: 'createdAt',
  searchable: ['email'],
  filters: {
    bookingId: (value) => ({ booking: idFilter('bookingId', value) }),
    status: (value) => ({ status: { $in: value.split(',') as BookingSeat['status'][] } }),
    userId: (value) => ({ user: idFilter('userId', value) }),
    attended: (value) => ({ attended: value === '1' || value === 'true' }),
  },
  view: SeatView,
  serialize: (s, include) => serializeSeat(s, include),
  description: 'A booking of N seats has N seats. The booker holds the first; the others are offered to a user or an email and accepted through an invitation.',
  async create(ctx, data) {
    const scope = await bookingScope(ctx)
    const booking = await ctx.em.findOne(Booking, { $and: [scope, { id: data.bookingId }] }, { populate: ['workshopSchedule'] })
    if (!booking) throw fieldError('bookingId', 'Booking not found.')
    if (!managesSeats(ctx, booking)) throw forbidden()
    if (!holdsSeats(booking.status)) throw conflict('Seats can only be offered on a pending or confirmed booking.')
    // Seats of a booking are scarce: allocate under the booking's row lock, so two offers made
    // at the same moment never land on the same free seat.
    return (ctx.em as EntityManager).transactional(async (tem) => {
      await tem.execute('select id from bookings where id = ? for update', [booking.id])
      const target = await resolveTarget(ctx, booking, data, undefined, tem)
      // A free seat: never offered, else declined or expired; a new row only if one was deleted.
      const free = await tem.find(
        BookingSeat,
        { booking: booking.id, status: { $in: ['PENDING', 'DECLINED', 'EXPIRED'] }, user: null, email: null },
        {
          limit: 1,
          orderBy: { createdAt: 'asc' },
          refresh: true,
        },
      )
      let seat =
        free[0] ??
        (await tem.findOne(
          BookingSeat,
          { booking: booking.id, status: { $in: ['DECLINED', 'EXPIRED'] } },
          {
            orderBy: { createdAt: 'asc' },
            refresh: true,
          },
        ))
      if (!seat) {
        if ((await activeSeatCount(tem, booking.id)) >= booking.seats) throw conflict('All seats of this booking are taken.')
        seat = tem.create(BookingSeat, { tenant: booking.tenant.id, booking: booking.id, status: 'PENDING', meta: {} })
      }
      Object.assign(seat, {
        user: target.user?.id ?? null,
        email: target.email,
        inviter: ctx.user!.id,
        status: 'PENDING',
        invitationTokenHash: null,
        invitationExpiresAt: null,
        invitationSentAt: null,
        respondedAt: null,
        attendanceNotes: data.attendanceNotes ?? seat.attendanceNotes ?? null,
        meta: data.meta ?? seat.meta ?? {},
      })
      await tem.flush()
      return seat
    })
  },
  async authorizeChange(ctx, row, action) {
    const b = bookingOf(row)
    if (!managesSeats(ctx, b)) throw forbidden()
    if (action === 'restore' && (await activeSeatCount(ctx.em as EntityManager, b.id)) >= b.seats) throw conflict('All seats of this booking are taken.')
  },
  async update(ctx, row, data) {
    const b = bookingOf(row)
    const coach = coachOf(ctx, b)
    if ((data.attended !== undefined || data.attendanceNotes !== undefined) && !coach) throw forbidden('Only the coach can record attendance.')
    const retarget = data.userId !== undefined || data.email !== undefined
    if (retarget) {
      if (row.status === 'ACCEPTED') throw conflict('An accepted seat cannot be given to someone else.')
      const next = {
        userId: data.userId !== undefined ? data.userId : (row.user?.id ?? null),
        email: data.email !== undefined ? data.email : (row.email ?? null),
      }
      if (!next.userId && !next.email) throw fieldError('userId', 'Either user ID or email must be provided')
      const target = await resolveTarget(ctx, b, next, row.id)
      Object.assign(row, {
        user: target.user?.id ?? null,
        email: target.email,
        status: 'PENDING',
        invitationTokenHash: null,
        invitationExpiresAt: null,
        respondedAt: null,
      })
    }
    if (data.attended !== undefined) row.attended = data.attended
    if (data.attendanceNotes !== undefined) row.attendanceNotes = data.attendanceNotes
    if (data.meta !== undefined) row.meta = data.meta ?? {}
    await ctx.em.flush()
  },
})

export const seatRoutes = new Elysia({ name: 'booking-seats' })
  .use(platform)
  .use(seats)
  .post(
    '/booking-seats/:id/send-invitation',
    async ({ ctx, params }) => {
      const scope = await seatScope(ctx)
      const seat = isId(params.id)
        ? await ctx.em.findOne(BookingSeat, { $and: [scope, { id: params.id }] }, { populate: POPULATE, filters: { [SOFT_DELETE]: true } })
        : null
      if (!seat) throw notFound('Booking seat')
      if (!managesSeats(ctx, bookingOf(seat))) throw forbidden()
      if (!seat.user && !seat.email) throw fieldError('userId', 'Either user ID or email must be provided')
      const sent = await sendInvitation(ctx.em as EntityManager, seat, ctx.user!)
      return { data: { ...serializeSeat(seat), invitationUrl: sent.url } }
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      detail: {
        responses: ok(dataOf(v.object({ ...SeatView.entries, invitationUrl: v.string() })), 'The seat and its new link (shown once)'),
        tags: ['Booking seats'],
        summary: 'Mail a single-use invitation link for a seat (again after a decline or expiry: a new link)',
        description:
          'The link `{APP_URL}/invitations/{token}` expires when the schedule starts or after 14 days. The response carries it once, so the inviter can also share it directly.',
      },
    },
  )
