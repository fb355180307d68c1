/**
 * Booking use cases. Seats are taken and given back by guarded UPDATEs on the schedule's
 * `seats_taken` inside the transaction that changes the booking: the database decides, so
 * concurrent bookers can never oversell. Status changes lock the booking row and go through
 * booking.state.ts. Service functions take an EntityManager (no HTTP): the payments module
 * calls confirmBooking / cancelBooking.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { recordAudit } from '../../platform/audit'
import { clock } from '../../platform/clock'
import { afterCommit, lockRow, transaction } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { conflict, fieldError, notFound } from '../../platform/http/errors'
import { enqueue } from '../../platform/jobs'
import { log } from '../../platform/log'
import type { Billing } from '../tax'
import type { User } from '../users'
import { redeemVoucher, unredeemVoucher, VOUCHER_PROBLEMS } from '../vouchers'
import type { Workshop } from '../workshops'
import { WorkshopSchedule } from '../workshops'
import type { StoredAnswers } from '../workshops/question.schema'
import { allTenants, bookingEm } from './booking.access'
import { Booking, type BookingAddress, type BookingMeta, BookingSeat, type BookingStatus } from './booking.entity'
import { mailBookingChange } from './booking.mail'
import { assertTransition, HOLD_EXPIRED_REASON, holdsSeats } from './booking.state'
import { priceSeats } from './booking-price'
import { quoteRefund, type RefundMode, refundChanged, refundPolicyOf } from './refund-quote'
import { dropPendingReschedule } from './reschedule.hold'
import { seatsLeftMessage, takeSeats } from './seat-counter'
import { flushTime, retakeSessionTime } from './session-booking'
import { takeOffer } from './waitlist.service'

/** What a booking's queries load with it: its schedule and workshop (seats), or its session type. */
export const BOOKING_POPULATE = ['workshopSchedule', 'workshopSchedule.workshop', 'sessionType'] as const

/** When what the booking books ends (the schedule's end, or the session's). */
export const endOf = (b: Booking, schedule: WorkshopSchedule | null) => schedule?.endDate ?? b.endsAt ?? new Date(0)
/** When what the booking books starts. */
export const startOf = (b: Booking, schedule: WorkshopSchedule | null) => schedule?.startDate ?? b.startsAt ?? new Date(0)

/** A fresh EntityManager for work after COMMIT (the caller's may be a finished transaction's). */
const getOrmEm = () => getOrm().em.fork() as EntityManager

export const RELEASE_HOLD_JOB = 'bookings.release-hold'
export const SWEEP_HOLDS_JOB = 'bookings.sweep-holds'

export interface PaymentInfo {
  /** Minor units actually paid. */
  amountPaid: number
  paymentMethod: string | null
  paymentTransactionId: string | null
}

/**
 * Called inside the cancel transaction, after the booking row changed (the payments module
 * records the refund of a paid booking there). A listener must only use `em` (the transaction)
 * and defer provider calls and mail with `afterCommit`.
 */
type CancelListener = (booking: Booking, em: EntityManager, opts: CancelOptions) => Promise<void> | void
const cancelListeners: CancelListener[] = []
export function onBookingCancelled(fn: CancelListener) {
  cancelListeners.push(fn)
}

export { releaseSeats, seatsLeftMessage, takeSeats } from './seat-counter'

export interface NewBooking {
  user: User
  schedule: WorkshopSchedule
  seats: number
  voucherCode?: string | null
  notes?: string | null
  address?: BookingAddress | null
  meta?: BookingMeta | null
  /** A waitlist offer of this user on this schedule: the booking takes over its held seats. */
  waitlistEntryId?: string | null
  /** The buyer's billing details (country; a company's name, address and VAT ID): the tax depends on them. */
  billing?: Billing | null
  /** Checked answers (booking-answers.ts): the booking's own, and the booker's seat's. */
  answers?: { booking: StoredAnswers | null; seat: StoredAnswers | null } | null
}

/**
 * Books seats: prices them, applies the voucher, takes the seats and counts the voucher use in
 * one transaction. A booking with nothing to pay is CONFIRMED at once; otherwise it is PENDING
 * and holds its seats for BOOKING_HOLD_MINUTES, after which a job releases them.
 */
export async function createBooking(em: EntityManager, input: NewBooking, at = clock.now()): Promise<Booking> {
  em = bookingEm(em)
  const { schedule, user, seats } = input
  const workshop = schedule.workshop as unknown as Workshop
  const tenantId = schedule.tenant.id as string
  if (schedule.startDate.getTime() <= at.getTime()) throw conflict('This workshop has already started and can no longer be booked.')
  // Fail fast when the schedule was already full when read: only ever used to refuse, never to
  // grant (the guarded UPDATE below decides), so a stale read cannot oversell. An offer's seats
  // are already counted as taken.
  const offer = input.waitlistEntryId ?? null
  const leftWhenRead = workshop.maxSeats - schedule.seatsTaken
  if (!offer && leftWhenRead < seats) throw conflict(seatsLeftMessage(leftWhenRead))
  // The price, the voucher and the tax, decided by the server (booking-price.ts): the buyer pays its gross.
  const billing = input.billing ?? null
  const { total, discount, voucher, tax } = await priceSeats(em, { ...input, billing }, at)
  const due = tax.gross
  const status: BookingStatus = due === 0 ? 'CONFIRMED' : 'PENDING'
  // The terms the client books under: a later change of the policy does not reach this booking.
  const refundTerms = { policy: await refundPolicyOf(em, workshop.id) }
  const holdExpiresAt = status === 'PENDING' ? new Date(at.getTime() + config.BOOKING_HOLD_MINUTES * 60_000) : null

  // Inserts first, the hot rows last: the schedule's (then the voucher's) row lock is held only
  // from its guarded UPDATE to COMMIT, so concurrent bookers of one schedule queue briefly.
  // Lock order everywhere: schedule, then voucher (cancel and confirm follow it too).
  const id = await transaction(em, async (tem) => {
    const booking = tem.create(Booking, {
      tenant: tenantId,
      user: user.id,
      workshopSchedule: schedule.id,
      seats,
      voucherCode: voucher?.code ?? null,
      voucherId: voucher?.id ?? null,
      status,
      amountTotal: total,
      discount,
      amountDue: due,
      amountPaid: 0,
      currency: workshop.currency,
      notes: input.notes ?? null,
      address: input.address ?? null,
      meta: input.meta ?? {},
      holdExpiresAt,
      confirmedAt: status === 'CONFIRMED' ? at : null,
      refundTerms,
      billing,
      tax,
      answers: input.answers?.booking ?? null,
    })
    for (let i = 0; i < seats; i++)
      tem.create(BookingSeat, {
        tenant: tenantId,
        booking,
        status: i === 0 ? 'ACCEPTED' : 'PENDING',
        user: i === 0 ? user.id : null,
        inviter: i === 0 ? null : user.id,
        respondedAt: i === 0 ? at : null,
        meta: {},
        answers: i === 0 ? (input.answers?.seat ?? null) : null,
      })
    await tem.flush()
    if (offer) {
      // The offered seats move to the booking (no second capacity check that could race).
      await takeOffer(tem, { entryId: offer, userId: user.id, scheduleId: schedule.id, seats, bookingId: booking.id, at })
    } else {
      const taken = await takeSeats(tem, schedule.id, seats)
      if (!taken.ok) throw conflict(seatsLeftMessage(taken.left))
    }
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
  const created = await em.findOneOrFail(Booking, { id }, { populate: BOOKING_POPULATE, refresh: true })
  if (status === 'CONFIRMED') await afterCommit(em, () => mailBookingChange(getOrmEm(), created, 'confirmed'))
  return created
}

/**
 * Locks the booking row alone (`FOR UPDATE` on bookings only, never on joined tenant, user or
 * schedule rows) and reads it, with its schedule (null for a session). Lock order everywhere:
 * booking, schedule seat counter (or the coach's time), voucher, tenant invoice counter.
 */
export async function lockBooking(tem: EntityManager, id: string) {
  allTenants(tem)
  if (!(await lockRow(tem, 'bookings', id))) throw notFound('Booking')
  const b = await tem.findOne(Booking, { id }, { refresh: true })
  if (!b) throw notFound('Booking')
  const schedule = b.workshopSchedule ? await tem.findOneOrFail(WorkshopSchedule, { id: b.workshopSchedule.id }, { filters: false }) : null
  return { b, schedule }
}

/**
 * PENDING -> CONFIRMED after payment (idempotent for the same transaction id). A payment that
 * arrives after the hold expired takes the seats again if they are still free, else 409.
 */
export async function confirmBooking(em: EntityManager, bookingId: string, payment: PaymentInfo, at = clock.now()): Promise<Booking> {
  em = bookingEm(em)
  const changed = await transaction(em, async (tem) => {
    const { b, schedule } = await lockBooking(tem, bookingId)
    if (b.status === 'CONFIRMED' && payment.paymentTransactionId && b.paymentTransactionId === payment.paymentTransactionId) return false
    if (b.status === 'CANCELLED' && b.cancellationReason === HOLD_EXPIRED_REASON) {
      if (schedule) {
        const taken = await takeSeats(tem, schedule.id, b.seats)
        if (!taken.ok) throw conflict(`The seats of this booking were released when its hold expired. ${seatsLeftMessage(taken.left)}`)
      } else await retakeSessionTime(tem, b)
      if (b.voucherId) await redeemVoucher(tem, b.voucherId, at)
      b.cancellationReason = null
      b.cancelledAt = null
    } else assertTransition(b.status, 'CONFIRMED', { scheduleEndsAt: endOf(b, schedule), now: at })
    b.status = 'CONFIRMED'
    b.amountPaid = payment.amountPaid
    b.paymentMethod = payment.paymentMethod
    b.paymentTransactionId = payment.paymentTransactionId
    b.confirmedAt = at
    b.holdExpiresAt = null
    // A session's time back in force: the exclusion constraint has the last word (409).
    if (!schedule) await flushTime(tem)
    return true
  })
  const confirmed = await em.findOneOrFail(Booking, { id: bookingId }, { populate: BOOKING_POPULATE, refresh: true })
  // After the commit (the caller's, when it called us inside its own transaction).
  if (changed) await afterCommit(em, () => mailBookingChange(getOrmEm(), confirmed, 'confirmed'))
  return confirmed
}

export interface CancelOptions {
  /** `policy`: the client cancels (the refund policy decides); `full` (default): the coach's side refunds everything. */
  refund?: RefundMode
  /** Minor units the client was shown (refund quote): a different amount now is a 409 and nothing changes. */
  expectedRefund?: number | null
  /**
   * The coach's side cancels (the coach, a manager, a super-admin): recorded in the team's audit
   * log with the refund, and `beyondPolicy` runs (inside the transaction, before anything is
   * kept) when the refund is more than the booking's refund policy would give: the second check.
   */
  coach?: { beyondPolicy?: () => void }
}

/**
 * PENDING|CONFIRMED -> CANCELLED with a reason; gives the seats (and an unpaid voucher use)
 * back and records what the cancellation refunds (`refundAmount`), which the payments
 * module's listener then refunds in the same transaction.
 */
export async function cancelBooking(em: EntityManager, bookingId: string, reason: string, at = clock.now(), opts: CancelOptions = {}): Promise<Booking> {
  em = bookingEm(em)
  return transaction(em, async (tem) => {
    const { b, schedule } = await lockBooking(tem, bookingId)
    assertTransition(b.status, 'CANCELLED', { scheduleEndsAt: endOf(b, schedule), now: at, reason })
    const was = { status: b.status, refundAmount: b.refundAmount ?? null }
    if (b.amountPaid > 0) {
      const quote = await quoteRefund(tem, b, schedule, at, opts.refund ?? 'full')
      if (opts.expectedRefund != null && opts.expectedRefund !== quote.amount) throw refundChanged(quote.amount, b.currency)
      if (opts.coach?.beyondPolicy && quote.amount > 0 && (opts.refund ?? 'full') === 'full') {
        const policy = await quoteRefund(tem, b, schedule, at, 'policy')
        if (quote.amount > policy.amount) opts.coach.beyondPolicy()
      }
      b.refundAmount = quote.amount
    }
    await cancelLocked(tem, b, reason.trim(), at)
    await tem.flush()
    if (opts.coach)
      await recordAudit(tem, {
        tenantId: b.tenant.id,
        action: 'booking.cancelled',
        resource: 'booking',
        resourceId: b.id,
        before: was,
        after: { status: b.status, cancellationReason: b.cancellationReason, refundAmount: b.refundAmount ?? null, currency: b.currency },
        ownerId: schedule ? schedule.coach.id : (b.sessionCoach?.id ?? null),
      })
    // In the same transaction: a paid booking's refund is recorded with its cancellation.
    for (const fn of cancelListeners) await fn(b, tem, opts)
    const cancelled = await tem.findOneOrFail(Booking, { id: bookingId }, { populate: BOOKING_POPULATE, refresh: true })
    afterCommit(tem, () => mailBookingChange(getOrmEm(), cancelled, 'cancelled'))
    return cancelled
  })
}

async function cancelLocked(tem: EntityManager, b: Booking, reason: string, at: Date) {
  const wasPending = b.status === 'PENDING'
  // The seats go back (with those of a move waiting for payment), straight on to the waitlist.
  // A session's time is free again as soon as its status is CANCELLED (the exclusion constraint leaves cancelled rows out).
  if (b.workshopSchedule)
    await dropPendingReschedule(tem, b.id, 'CANCELLED', at, { also: holdsSeats(b.status) ? [{ scheduleId: b.workshopSchedule.id, delta: -b.seats }] : [] })
  if (wasPending && b.voucherId) await unredeemVoucher(tem, b.voucherId)
  b.status = 'CANCELLED'
  b.cancellationReason = reason
  b.cancelledAt = at
  b.holdExpiresAt = null
}

/** CONFIRMED -> COMPLETED | NO_SHOW, only after the schedule has ended. */
export async function finishBooking(em: EntityManager, bookingId: string, to: 'COMPLETED' | 'NO_SHOW', at = clock.now()) {
  em = bookingEm(em)
  await transaction(em, async (tem) => {
    const { b, schedule } = await lockBooking(tem, bookingId)
    assertTransition(b.status, to, { scheduleEndsAt: endOf(b, schedule), now: at })
    b.status = to
  })
  return em.findOneOrFail(Booking, { id: bookingId }, { populate: BOOKING_POPULATE, refresh: true })
}

/**
 * The hold-expiry job: a PENDING booking whose hold has passed becomes CANCELLED with the
 * reason HOLD_EXPIRED_REASON and its seats go back. Safe to run twice or late.
 */
export async function releaseExpiredHold(em: EntityManager, bookingId: string, at = clock.now()): Promise<boolean> {
  em = bookingEm(em)
  return transaction(em, async (tem) => {
    allTenants(tem)
    if (!(await lockRow(tem, 'bookings', bookingId))) return false
    const b = await tem.findOne(Booking, { id: bookingId }, { refresh: true })
    if (b?.status !== 'PENDING' || !b.holdExpiresAt || b.holdExpiresAt.getTime() > at.getTime()) return false
    await cancelLocked(tem, b, HOLD_EXPIRED_REASON, at)
    return true
  })
}

/** The sweep (cron, every minute): releases every expired hold, whether or not its job ran. */
export async function releaseExpiredHolds(em: EntityManager, at = clock.now()): Promise<number> {
  const rows = await em.execute(
    `select id from bookings where status = 'PENDING' and hold_expires_at <= ? and deleted_at is null order by hold_expires_at limit 500`,
    [at],
  )
  let released = 0
  for (const r of rows) if (await releaseExpiredHold(em.fork(), r.id, at)) released++
  return released
}
