/**
 * What cancelling a booking gives back. A client cancelling their own booking gets what the
 * refund policy they booked under says at that moment (the workshop's policy, else its
 * tenant's, else a full refund, as it was when the booking was made); the coach or a super-admin cancelling always refunds in
 * full. The quote the cancel dialog shows and the amount the cancellation records come from
 * the same function (`refundFor` of src/shared/refund-policy.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { conflict } from '../../platform/http/errors'
import { formatWithCode, toMajor } from '../../shared/money'
import { describeRefundPolicy, type RefundPolicy, type RefundQuote, refundFor } from '../../shared/refund-policy'
import type { WorkshopSchedule } from '../workshops'
import type { Booking } from './booking.entity'

/** Who cancels: `policy` (the client, under the refund policy) or `full` (the coach's side: everything back). */
export type RefundMode = 'policy' | 'full'

/** The refund policy that applies to a schedule's bookings: the workshop's, else its tenant's, else none (full refund). */
export async function refundPolicyOf(em: EntityManager, workshopId: string): Promise<RefundPolicy | null> {
  const [row] = await em.execute<{ policy: RefundPolicy | string | null }[]>(
    `select coalesce(w.refund_policy, t.refund_policy) as policy from workshops w join tenants t on t.id = w.tenant_id where w.id = ?`,
    [workshopId],
  )
  const policy = row?.policy ?? null
  return typeof policy === 'string' ? (JSON.parse(policy) as RefundPolicy) : policy
}

/** The refund policy of a session type: its own, else its team's, else none (a full refund). */
export async function sessionRefundPolicy(em: EntityManager, sessionTypeId: string): Promise<RefundPolicy | null> {
  const [row] = await em.execute<{ policy: RefundPolicy | string | null }[]>(
    `select coalesce(st.refund_policy, t.refund_policy) as policy from session_types st join tenants t on t.id = st.tenant_id where st.id = ?`,
    [sessionTypeId],
  )
  const policy = row?.policy ?? null
  return typeof policy === 'string' ? (JSON.parse(policy) as RefundPolicy) : policy
}

/** The policy a client's cancellation follows: the one the booking was made under, else (older bookings) the current one. */
async function policyOf(em: EntityManager, b: Booking, schedule: WorkshopSchedule | null): Promise<RefundPolicy | null> {
  if (b.refundTerms) return b.refundTerms.policy
  if (schedule) return refundPolicyOf(em, schedule.workshop.id)
  return b.sessionType ? sessionRefundPolicy(em, b.sessionType.id) : null
}

/**
 * What the booking still holds (minor units): what its card payments brought less what was
 * refunded or is being refunded (a move to a cheaper date gives part back first), never more
 * than `amountPaid`. A booking paid outside the card provider (the coach recorded it) holds its
 * `amountPaid`.
 */
export async function heldAmount(em: EntityManager, b: Booking): Promise<number> {
  const [row] = await em.execute<{ cards: number; paid: string; refunded: string }[]>(
    `select count(*) filter (where kind = 'payment' and status in ('succeeded', 'refunded'))::int as cards,
            coalesce(sum(amount) filter (where kind = 'payment' and status in ('succeeded', 'refunded')), 0) as paid,
            coalesce(sum(amount) filter (where kind = 'refund' and status in ('pending', 'succeeded')), 0) as refunded
       from payments where booking_id = ?`,
    [b.id],
  )
  if (!row || !Number(row.cards)) return b.amountPaid
  return Math.max(0, Math.min(b.amountPaid, Number(row.paid) - Number(row.refunded)))
}

export interface BookingRefundQuote extends RefundQuote {
  policy: RefundPolicy | null
  /** True when the client cancels (the policy decides); false on the coach's side (a full refund). */
  appliesPolicy: boolean
  /** What the booking holds now (the base of the refund). */
  held: number
}

/** The refund of cancelling `b` (seats on `schedule`, or a session when it is null) at `at`: nothing when nothing was paid. */
export async function quoteRefund(em: EntityManager, b: Booking, schedule: WorkshopSchedule | null, at: Date, mode: RefundMode): Promise<BookingRefundQuote> {
  const policy = mode === 'policy' ? await policyOf(em, b, schedule) : null
  const held = b.amountPaid > 0 ? await heldAmount(em, b) : 0
  const quote = refundFor(policy, held, schedule?.startDate ?? b.startsAt ?? at, at)
  return { ...quote, policy, appliesPolicy: mode === 'policy', held }
}

/** A cancellation refused because its refund is no longer the one the client saw (a deadline passed meanwhile). */
export function refundChanged(amount: number, currency: string) {
  const shown = formatWithCode(amount, currency)
  return conflict(`The refund for this booking is now ${shown}: a refund deadline has passed. Check the amount and confirm again.`)
}

export const serializeQuote = (b: Booking, q: BookingRefundQuote, at: Date) => ({
  bookingId: b.id,
  status: b.status,
  currency: b.currency,
  amountPaid: toMajor(q.held, b.currency),
  refundAmount: toMajor(q.amount, b.currency),
  percent: q.percent,
  tier: q.tier,
  appliesPolicy: q.appliesPolicy,
  policy: q.policy,
  description: q.appliesPolicy ? describeRefundPolicy(q.policy) : 'A cancellation by the coach is refunded in full.',
  fullRefundUntil: q.appliesPolicy ? q.fullRefundUntil : null,
  partialRefundUntil: q.appliesPolicy ? q.partialRefundUntil : null,
  quotedAt: at,
})
