/**
 * A one-to-one session is a booking like seats are: the same row (with a session type and a
 * time instead of a schedule), the same hold while it is paid, the same confirmation, refund
 * policy, reminders, invoice, calendar file and payout. What differs is what gets scarcer: the
 * coach's time, not a seat counter. It is checked by the sessions module in the booking's
 * transaction (under the coach's time lock: busy calendars, workshops, the per-day limit) and
 * guarded by the database (`bookings_session_time_excl`: no two sessions of a coach overlap,
 * buffers included), so of any number of racing bookers of one time exactly one gets it and the
 * others are told "This time is no longer available." (409).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { afterCommit, transaction } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { conflict, fieldError } from '../../platform/http/errors'
import { enqueue } from '../../platform/jobs'
import { log } from '../../platform/log'
import { checkSessionTime, SESSION_TIME_TAKEN } from '../sessions'
import { type Billing, loadTaxProfile, taxOfSale } from '../tax'
import type { User } from '../users'
import { discountFor, findVoucherByCode, redeemVoucher, VOUCHER_PROBLEMS, voucherProblem } from '../vouchers'
import { bookingEm } from './booking.access'
import { Booking, type BookingAddress, type BookingMeta, BookingSeat, type BookingStatus } from './booking.entity'
import { mailBookingChange } from './booking.mail'
import { lockBooking, RELEASE_HOLD_JOB } from './booking.service'
import { sessionRefundPolicy } from './refund-quote'
import { BookingReschedule } from './reschedule.entity'
import { mailSessionMoved } from './session.mail'

const getOrmEm = () => getOrm().em.fork() as EntityManager

export const SESSION_VOUCHER_MISMATCH = 'This voucher does not apply to this session.'

/** The database refused an overlap of the coach's time (the exclusion constraint, SQLSTATE 23P01). */
export function isTimeOverlap(err: unknown) {
  for (let e: any = err, depth = 0; e && depth < 6; depth++, e = e.cause) {
    const code = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' ? e.code : undefined
    if (code === '23P01') return true
  }
  return false
}

/** Flushes, turning the database's refusal of an overlap into the 409 the booker reads. */
export async function flushTime(tem: EntityManager) {
  try {
    await tem.flush()
  } catch (err) {
    if (isTimeOverlap(err)) throw conflict(SESSION_TIME_TAKEN)
    throw err
  }
}

export interface NewSessionBooking {
  user: User
  sessionTypeId: string
  startsAt: Date
  voucherCode?: string | null
  notes?: string | null
  address?: BookingAddress | null
  meta?: BookingMeta | null
  /** The buyer's billing details (country; a company's name, address and VAT ID): the tax depends on them. */
  billing?: Billing | null
}

/**
 * Books a session: the time checked and taken, the voucher applied and counted, in one
 * transaction. Free (nothing to pay): CONFIRMED at once. Otherwise PENDING, holding the time for
 * BOOKING_HOLD_MINUTES while it is paid (the hold-release job and sweep give it back).
 */
export async function createSessionBooking(em: EntityManager, input: NewSessionBooking, at = clock.now()): Promise<Booking> {
  em = bookingEm(em)
  const { user } = input
  const state: { status: BookingStatus } = { status: 'PENDING' }
  const id = await transaction(em, async (tem) => {
    const time = await checkSessionTime(tem, { sessionTypeId: input.sessionTypeId, startsAt: input.startsAt, bookerId: user.id, at })
    const total = time.price
    let voucher = null
    let discount = 0
    if (input.voucherCode) {
      voucher = await findVoucherByCode(tem, time.tenantId, input.voucherCode)
      if (!voucher) throw fieldError('voucherCode', 'This voucher code is not valid.')
      // A voucher made for a workshop or one of its dates does not apply to sessions.
      if (voucher.modelType) throw fieldError('voucherCode', SESSION_VOUCHER_MISMATCH)
      const problem = voucherProblem(voucher, null, at)
      if (problem) throw fieldError('voucherCode', VOUCHER_PROBLEMS[problem])
      discount = discountFor(voucher.data, total)
    }
    // The tax, as for seats: an online session is taxed where the buyer is, one in person or by
    // phone where the coach's team is (the session type keeps no country of its own).
    const billing = input.billing ?? null
    const tax = taxOfSale(
      await loadTaxProfile(tem, time.tenantId),
      { mode: time.mode, country: null, region: null },
      { country: billing?.country ?? user.profile?.country ?? input.address?.country ?? null, region: billing?.region ?? null, vatId: billing?.vatId ?? null },
      total - discount,
      at,
    )
    const due = tax.gross
    const status: BookingStatus = due === 0 ? 'CONFIRMED' : 'PENDING'
    state.status = status
    const holdExpiresAt = status === 'PENDING' ? new Date(at.getTime() + config.BOOKING_HOLD_MINUTES * 60_000) : null
    const booking = tem.create(Booking, {
      tenant: time.tenantId,
      user: user.id,
      workshopSchedule: null,
      sessionType: time.sessionTypeId,
      sessionCoach: time.coachId,
      startsAt: time.startsAt,
      endsAt: time.endsAt,
      blockedFrom: time.blockedFrom,
      blockedUntil: time.blockedUntil,
      seats: 1,
      voucherCode: voucher?.code ?? null,
      voucherId: voucher?.id ?? null,
      status,
      amountTotal: total,
      discount,
      amountDue: due,
      amountPaid: 0,
      currency: time.currency,
      notes: input.notes ?? null,
      address: input.address ?? null,
      meta: input.meta ?? {},
      holdExpiresAt,
      confirmedAt: status === 'CONFIRMED' ? at : null,
      refundTerms: { policy: await sessionRefundPolicy(tem, time.sessionTypeId) },
      billing,
      tax,
    })
    tem.create(BookingSeat, { tenant: time.tenantId, booking, status: 'ACCEPTED', user: user.id, inviter: null, respondedAt: at, meta: {} })
    await flushTime(tem)
    if (voucher && (await redeemVoucher(tem, voucher.id, at)) === null) throw fieldError('voucherCode', VOUCHER_PROBLEMS.used_up)
    const bookingId = booking.id
    if (holdExpiresAt)
      afterCommit(tem, () =>
        enqueue(RELEASE_HOLD_JOB, { bookingId }, { startAfter: holdExpiresAt }).catch((err) =>
          log.error({ err, bookingId }, 'could not queue the hold release (the sweep will release it)'),
        ),
      )
    return bookingId
  })
  const created = await em.findOneOrFail(Booking, { id }, { populate: ['sessionType'], refresh: true, filters: false })
  if (state.status === 'CONFIRMED') await afterCommit(em, () => mailBookingChange(getOrmEm(), created, 'confirmed'))
  return created
}

/**
 * A session's hold ran out and its payment came after: the time is taken again if it is still
 * free (in the caller's transaction, the booking row locked), else 409 and the payment is refunded.
 */
export async function retakeSessionTime(tem: EntityManager, b: Booking) {
  const [taken] = await tem.execute(
    `select 1 from bookings where session_coach_id = ? and id <> ? and status <> 'CANCELLED' and deleted_at is null
        and tstzrange(blocked_from, blocked_until) && tstzrange(?::timestamptz, ?::timestamptz) limit 1`,
    [b.sessionCoach!.id, b.id, b.blockedFrom, b.blockedUntil],
  )
  if (taken) throw conflict(`The time of this booking was released when its hold expired. ${SESSION_TIME_TAKEN}`)
}

/**
 * Moves a session booking to another free time of its type (the coach's or the client's
 * choice): the same price, so no money moves. Checked and written like a new booking (the old
 * time does not count against the new one: the row's own range is updated in place, so the
 * exclusion constraint compares it with the coach's other sessions only, and a move that
 * overlaps the old time is one UPDATE), recorded in the booking's moves (booking_reschedules,
 * DONE, with both times), then the booker is mailed the new time and the booking's calendar
 * file, and reminders follow the new start.
 */
export async function rescheduleSession(em: EntityManager, bookingId: string, startsAt: Date, at = clock.now()): Promise<Booking> {
  em = bookingEm(em)
  let from: Date | null = null
  await transaction(em, async (tem) => {
    const { b } = await lockBooking(tem, bookingId)
    if (!b.sessionType) throw fieldError('startsAt', 'Only a one-to-one session moves to another time.')
    if (b.status !== 'CONFIRMED' && b.status !== 'PENDING') throw conflict(`A ${b.status} booking cannot be moved.`)
    if (b.startsAt && b.startsAt.getTime() <= at.getTime()) throw conflict('This session has already started and can no longer be moved.')
    if (b.startsAt?.getTime() === startsAt.getTime()) throw fieldError('startsAt', 'The session is already at this time. Pick another one.')
    const time = await checkSessionTime(tem, { sessionTypeId: b.sessionType.id, startsAt, bookerId: null, ignoreBookingId: b.id, at })
    from = b.startsAt ?? null
    b.startsAt = time.startsAt
    b.endsAt = time.endsAt
    b.blockedFrom = time.blockedFrom
    b.blockedUntil = time.blockedUntil
    // The booking's history: a move like a workshop's, with the times instead of schedules.
    tem.create(BookingReschedule, {
      tenant: b.tenant,
      booking: b,
      fromSchedule: null,
      toSchedule: null,
      fromStartsAt: from,
      toStartsAt: time.startsAt,
      seats: b.seats,
      amountTotal: b.amountTotal,
      discount: b.discount,
      amountDue: b.amountDue,
      difference: 0,
      currency: b.currency,
      status: 'DONE',
      completedAt: at,
    })
    await flushTime(tem)
    // A paid session's payout row keeps the session's times (when its money becomes due).
    await tem.execute('update payout_transfers set starts_at = ?, ends_at = ? where booking_id = ?', [time.startsAt, time.endsAt, b.id])
  })
  const moved = await em.findOneOrFail(Booking, { id: bookingId }, { populate: ['sessionType'], refresh: true, filters: false })
  if (from) {
    const previous = from as Date
    await afterCommit(em, () => mailSessionMoved(getOrmEm(), moved, previous))
  }
  return moved
}
