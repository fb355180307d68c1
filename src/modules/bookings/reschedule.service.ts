/**
 * Rescheduling: a CONFIRMED booking moves to another upcoming, published schedule of the same
 * workshop, with its seats and invitations. The move is priced at the workshop's current price
 * (seats x price, the booking's voucher applied again): the difference with what the booking
 * was worth is
 *   - zero or less: the booking moves at once, in one transaction (both seat counters changed in
 *     schedule id order, so two opposite moves never deadlock); what it cost less is refunded
 *     through the durable refund path (the payments module listens: a partial refund row);
 *   - more: a PENDING reschedule holds the target seats (counted as taken, like a booking hold,
 *     for BOOKING_HOLD_MINUTES) while the difference is paid with a PaymentIntent; the payment
 *     module calls `completeReschedule` when it succeeded, and the move is made then. A hold not
 *     paid in time goes back (a job at the end, plus the sweep); a payment that comes later still
 *     moves the booking if the seats are free, else it is refunded.
 * The booker and the seat holders are mailed the new date with the booking's .ics.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { afterCommit, transaction } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { conflict, fieldError, HttpError, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { enqueue } from '../../platform/jobs'
import { log } from '../../platform/log'
import { retax } from '../tax'
import { discountFor, Voucher } from '../vouchers'
import { type Workshop, WorkshopSchedule } from '../workshops'
import { allTenants, bookingEm } from './booking.access'
import { Booking } from './booking.entity'
import { lockBooking } from './booking.service'
import { changesBetween, changesNotAccepted, cityOf, describeChanges, type Place, type RescheduleChange, schedulePlace, venueOf } from './reschedule.changes'
import { BookingReschedule } from './reschedule.entity'
import { dropPendingReschedule } from './reschedule.hold'
import { mailRescheduled } from './reschedule.mail'

export const EXPIRE_RESCHEDULE_JOB = 'bookings.reschedule-expire'
export const SWEEP_RESCHEDULES_JOB = 'bookings.reschedule-sweep'

const freshEm = () => allTenants(getOrm().em.fork() as EntityManager)

/**
 * Called in the move's transaction (booking row locked) once a booking has moved. The payments
 * module records the refund of a negative difference here. Use only `tem`; defer calls out.
 */
type RescheduledListener = (tem: EntityManager, booking: Booking, reschedule: BookingReschedule) => Promise<void> | void
const listeners: RescheduledListener[] = []
export function onBookingRescheduled(fn: RescheduledListener) {
  listeners.push(fn)
}

const M = {
  unavailable: 'The selected workshop schedule is not available for booking.',
  same: 'The booking is already on this date. Pick another one.',
  otherWorkshop: 'Pick a date of the same workshop.',
  past: 'This date has already started or passed. Pick an upcoming one.',
}

export interface Price {
  amountTotal: number
  discount: number
  amountDue: number
  /** amountDue minus what the booking is worth now (its current amountDue). */
  difference: number
}

/** The booking priced at the workshop's current price, with its voucher's discount recomputed. */
export function priceFor(b: Pick<Booking, 'seats' | 'discount' | 'amountDue' | 'tax'>, workshop: Pick<Workshop, 'price'>, voucher: Voucher | null): Price {
  const amountTotal = workshop.price * b.seats
  const discount = voucher ? discountFor(voucher.data, amountTotal) : Math.min(b.discount, amountTotal)
  // The booking's tax (its rate and whether prices include it) on the new amount.
  const amountDue = retax(b.tax, amountTotal - discount)?.gross ?? amountTotal - discount
  return { amountTotal, discount, amountDue, difference: amountDue - b.amountDue }
}

async function voucherOf(em: EntityManager, b: Booking) {
  return b.voucherId ? em.findOne(Voucher, { id: b.voucherId }, { filters: false }) : null
}

export interface RescheduleOption extends Price {
  scheduleId: string
  startDate: string
  endDate: string
  timezone: string
  seatsLeft: number
  currency: string
  mode: string
  /** Venue name and address line ("The Workshop Rooms, 12 Main St"); null online. */
  venue: string | null
  /** City and country ("London, United Kingdom"); null online. */
  city: string | null
  /** What differs from the booking's current date besides the time: a move with any needs `acceptChanges`. */
  changes: RescheduleChange[]
  /** Each change in a sentence, as the dialog and the mail say it. */
  changeNotes: string[]
}

type PlaceRow = { mode: string; venue_name: string | null; address_line1: string | null; city: string | null; country: string | null }
const placeOf = (r: PlaceRow): Place => ({ mode: r.mode, venueName: r.venue_name, addressLine1: r.address_line1, city: r.city, country: r.country })
/** Where a date meets, for the API: venue and city only when it meets somewhere. */
const whereOf = (p: Place) => (p.mode === 'ONLINE' ? { venue: null, city: null } : { venue: venueOf(p), city: cityOf(p) })

/** The dates a booking may move to: upcoming, published schedules of its workshop with its seats free, soonest first. */
export async function rescheduleOptions(em: EntityManager, b: Booking, at = clock.now()): Promise<RescheduleOption[]> {
  em = allTenants(em)
  // A session moves to another free time of its own type (the slots), never to a workshop date.
  if (!b.workshopSchedule) return []
  const from = await em.findOneOrFail(WorkshopSchedule, { id: b.workshopSchedule.id }, { filters: false, populate: ['workshop'] })
  const workshop = from.workshop as unknown as Workshop
  const rows = await em.execute<({ id: string; start_date: Date; end_date: Date; timezone: string; seats_left: number } & PlaceRow)[]>(
    `select s.id, s.start_date, s.end_date, s.timezone, w.max_seats - s.seats_taken as seats_left,
            s.mode, s.venue_name, s.address_line1, s.city, s.country
       from workshop_schedules s join workshops w on w.id = s.workshop_id
      where s.workshop_id = ? and s.id <> ? and s.deleted_at is null and s.status = 'PUBLISHED' and s.start_date > ?
        and (s.visibility <> 'PRIVATE' or ? = 'PRIVATE') and w.max_seats - s.seats_taken >= ?
      order by s.start_date limit 50`,
    [workshop.id, from.id, at, from.visibility, b.seats],
  )
  const price = priceFor(b, workshop, await voucherOf(em, b))
  const here = schedulePlace(from)
  return rows.map((r) => {
    const there = placeOf(r)
    const changes = changesBetween(here, there)
    return {
      scheduleId: r.id,
      startDate: new Date(r.start_date).toISOString(),
      endDate: new Date(r.end_date).toISOString(),
      timezone: r.timezone,
      seatsLeft: Number(r.seats_left),
      currency: b.currency,
      mode: r.mode,
      ...whereOf(there),
      changes,
      changeNotes: describeChanges(here, there, changes),
      ...price,
    }
  })
}

/** Checks the target of a move (422 on `workshopScheduleId`); the booking's own schedule is `from`. */
async function targetOf(tem: EntityManager, from: WorkshopSchedule, targetId: string, at: Date) {
  if (!isId(targetId)) throw fieldError('workshopScheduleId', M.unavailable)
  const to = await tem.findOne(WorkshopSchedule, { id: targetId }, { filters: false, populate: ['workshop'] })
  if (!to || to.deletedAt || (to.workshop as unknown as Workshop).deletedAt) throw fieldError('workshopScheduleId', M.unavailable)
  if (to.id === from.id) throw fieldError('workshopScheduleId', M.same)
  if (to.workshop.id !== from.workshop.id) throw fieldError('workshopScheduleId', M.otherWorkshop)
  if (to.startDate.getTime() <= at.getTime()) throw fieldError('workshopScheduleId', M.past)
  if (to.status !== 'PUBLISHED' || (to.visibility === 'PRIVATE' && from.visibility !== 'PRIVATE')) throw fieldError('workshopScheduleId', M.unavailable)
  return to
}

/**
 * Moves the booking (row locked by the caller) onto `r.toSchedule`: the seat counters (both, in
 * id order, unless the target seats are already held), the booking's schedule and price, the
 * expiry of its open invitations; then the waitlist of the schedule it left, the listeners, and
 * the mail after commit.
 */
async function moveLocked(tem: EntityManager, b: Booking, r: BookingReschedule, targetHeld: boolean, at: Date, paid = 0) {
  const fromId = b.workshopSchedule!.id
  const toId = r.toSchedule!.id
  const to = await tem.findOneOrFail(WorkshopSchedule, { id: toId }, { filters: false })
  await dropPendingReschedule(tem, b.id, 'CANCELLED', at, {
    also: [...(targetHeld ? [] : [{ scheduleId: toId, delta: b.seats }]), { scheduleId: fromId, delta: -b.seats }],
    except: r.id,
  })
  b.workshopSchedule = to
  b.amountTotal = r.amountTotal
  b.discount = r.discount
  b.amountDue = r.amountDue
  b.tax = retax(b.tax, r.amountTotal - r.discount)
  b.amountPaid += paid
  r.status = 'DONE'
  r.holdExpiresAt = null
  r.completedAt = at
  // Invitations still open now expire at the new start at the latest (14 days after sending otherwise).
  await tem.execute(
    `update booking_seats set invitation_expires_at = least(coalesce(invitation_sent_at, ?) + interval '336 hours', ?), updated_at = now()
      where booking_id = ? and status = 'PENDING' and invitation_token_hash is not null and deleted_at is null`,
    [at, to.startDate, b.id],
  )
  await tem.flush()
  for (const fn of listeners) await fn(tem, b, r)
  const bookingId = b.id
  const from = fromId
  afterCommit(tem, () => mailRescheduled(freshEm(), bookingId, from))
}

export interface RescheduleResult {
  booking: Booking
  reschedule: BookingReschedule
}

/**
 * Moves a CONFIRMED booking to `targetId`, or, when the move costs more, holds the target seats
 * in a PENDING reschedule until the difference is paid (see the file comment).
 */
export async function rescheduleBooking(
  em: EntityManager,
  bookingId: string,
  targetId: string,
  at = clock.now(),
  opts: { acceptChanges?: boolean } = {},
): Promise<RescheduleResult> {
  em = bookingEm(em)
  const id = await transaction(em, async (tem) => {
    const { b, schedule: from } = await lockBooking(tem, bookingId)
    if (!from)
      throw fieldError(
        'workshopScheduleId',
        'A one-to-one session moves to another free time of its own (POST /v1/bookings/{id}/session-time), not to a workshop date.',
      )
    if (b.status !== 'CONFIRMED') throw conflict('Only a confirmed booking can be moved to another date.')
    if (from.startDate.getTime() <= at.getTime()) throw conflict('This workshop has already started: the booking can no longer be moved.')
    const to = await targetOf(tem, from, targetId, at)
    // A date that meets elsewhere or in another format moves only once the client said yes to it.
    const changes = changesBetween(schedulePlace(from), schedulePlace(to))
    if (changes.length && !opts.acceptChanges)
      throw new HttpError(409, changesNotAccepted(changes), { acceptChanges: describeChanges(schedulePlace(from), schedulePlace(to), changes) })
    const price = priceFor(b, to.workshop as unknown as Workshop, await voucherOf(tem, b))
    const [pending] = await tem.execute<{ id: string; to_schedule_id: string; hold_expires_at: Date | null; difference: number }[]>(
      `select id, to_schedule_id, hold_expires_at, difference from booking_reschedules where booking_id = ? and status = 'PENDING'`,
      [b.id],
    )
    // The same move asked again while its hold lasts (a reload of the dialog): the same hold.
    if (
      pending &&
      pending.to_schedule_id === to.id &&
      Number(pending.difference) === price.difference &&
      pending.hold_expires_at &&
      new Date(pending.hold_expires_at).getTime() > at.getTime()
    )
      return pending.id
    const costsMore = price.difference > 0
    // Costs more: any other pending move is replaced, and the target seats are held while it is paid.
    if (costsMore) await dropPendingReschedule(tem, b.id, 'CANCELLED', at, { also: [{ scheduleId: to.id, delta: b.seats }] })
    const r = tem.create(BookingReschedule, {
      tenant: b.tenant.id,
      booking: b.id,
      fromSchedule: from.id,
      toSchedule: to.id,
      seats: b.seats,
      ...price,
      currency: b.currency,
      status: costsMore ? 'PENDING' : 'DONE',
      holdExpiresAt: costsMore ? new Date(at.getTime() + config.BOOKING_HOLD_MINUTES * 60_000) : null,
    })
    if (!costsMore) {
      await moveLocked(tem, b, r, false, at)
      return r.id
    }
    await tem.flush()
    const rid = r.id
    const until = r.holdExpiresAt!
    afterCommit(tem, () =>
      enqueue(EXPIRE_RESCHEDULE_JOB, { bookingId: b.id }, { startAfter: until }).catch((err) =>
        log.error({ err, rescheduleId: rid }, 'could not queue the reschedule hold expiry (the sweep will release it)'),
      ),
    )
    return rid
  })
  const fresh = allTenants(em.fork() as EntityManager)
  const reschedule = await fresh.findOneOrFail(BookingReschedule, { id })
  const booking = await fresh.findOneOrFail(Booking, { id: bookingId }, { populate: ['workshopSchedule', 'workshopSchedule.workshop'] })
  return { booking, reschedule }
}

/**
 * The difference of a PENDING reschedule was paid (called by the payments module inside its
 * transaction, the booking row locked): the move is made. Idempotent for the same intent. A
 * reschedule whose hold lapsed still moves when the target has the seats; anything else is a
 * 409 (the caller refunds the payment).
 */
export async function completeReschedule(tem: EntityManager, rescheduleId: string, payment: { amount: number; paymentIntentId: string }, at = clock.now()) {
  allTenants(tem)
  const r = await tem.findOne(BookingReschedule, { id: rescheduleId }, { refresh: true })
  if (!r) throw notFound('Reschedule')
  if (r.status === 'DONE' && r.paymentIntentId === payment.paymentIntentId) return false
  const { b } = await lockBooking(tem, r.booking.id)
  if (r.status === 'DONE' || r.status === 'CANCELLED') throw conflict('This move was replaced or cancelled before it was paid.')
  if (b.status !== 'CONFIRMED' || b.workshopSchedule?.id !== r.fromSchedule?.id) throw conflict('The booking changed before the move was paid.')
  const to = await tem.findOneOrFail(WorkshopSchedule, { id: r.toSchedule!.id }, { filters: false })
  if (to.startDate.getTime() <= at.getTime() || to.deletedAt || to.status !== 'PUBLISHED') throw conflict('The new date is no longer available.')
  // PENDING: the target seats are held. EXPIRED: they went back; the move takes them again if it can.
  await moveLocked(tem, b, r, r.status === 'PENDING', at, payment.amount)
  r.paymentIntentId = payment.paymentIntentId
  await tem.flush()
  return true
}

/** The hold of a pending reschedule ended unpaid: its target seats go back (job and sweep; safe to run twice). */
export async function expireRescheduleHold(em: EntityManager, bookingId: string, at = clock.now()): Promise<boolean> {
  em = bookingEm(em)
  return transaction(em, async (tem) => {
    await lockBooking(tem, bookingId)
    return !!(await dropPendingReschedule(tem, bookingId, 'EXPIRED', at, { onlyExpired: true })).dropped
  })
}

export async function expireRescheduleHolds(em: EntityManager, at = clock.now()): Promise<number> {
  const rows = await em.execute<{ booking_id: string }[]>(
    `select booking_id from booking_reschedules where status = 'PENDING' and hold_expires_at <= ? order by hold_expires_at limit 500`,
    [at],
  )
  let n = 0
  for (const r of rows) if (await expireRescheduleHold(em.fork() as EntityManager, r.booking_id, at)) n++
  return n
}

/** A booking's moves, newest first (the booking page shows them). */
export async function reschedulesOf(em: EntityManager, bookingId: string) {
  return allTenants(em).find(BookingReschedule, { booking: bookingId }, { orderBy: { createdAt: 'desc' }, limit: 20 })
}
