/**
 * The refund policy of a workshop (or a team's default for its workshops): a full refund when
 * a client cancels at least `fullRefundHours` before the start, `partialRefundPercent` of what
 * was paid when at least `partialRefundHours` before, nothing after. No policy (null) is a full
 * refund whenever the booking is cancelled, which is also what a coach cancelling gives.
 *
 * One schema for the API, the workshop form and the OpenAPI document; one function that both
 * the refund quote and the cancellation use, so the amount shown is the amount refunded.
 * Browser-safe: no server imports.
 */
import * as v from 'valibot'
import { formatMoment } from './datetime'
import { count } from './words'

export interface RefundPolicy {
  fullRefundHours: number
  partialRefundHours: number
  partialRefundPercent: number
}

/** At most a year before the start. */
export const MAX_REFUND_HOURS = 8760

export const REFUND_POLICY_MESSAGES = {
  fullRefundHours: `Full refund hours must be a whole number from 0 to ${MAX_REFUND_HOURS}`,
  partialRefundHours: `Partial refund hours must be a whole number from 0 to ${MAX_REFUND_HOURS}`,
  partialRefundPercent: 'The partial refund must be a whole percentage from 0 to 100',
  order: 'Partial refund hours cannot be more than full refund hours',
} as const
const M = REFUND_POLICY_MESSAGES

const hours = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(MAX_REFUND_HOURS, message))

export const RefundPolicySchema = v.pipe(
  v.strictObject(
    {
      fullRefundHours: v.optional(hours(M.fullRefundHours), null as never),
      partialRefundHours: v.optional(hours(M.partialRefundHours), null as never),
      partialRefundPercent: v.optional(
        v.pipe(
          v.number(M.partialRefundPercent),
          v.integer(M.partialRefundPercent),
          v.minValue(0, M.partialRefundPercent),
          v.maxValue(100, M.partialRefundPercent),
        ),
        null as never,
      ),
    },
    'The refund policy must be an object with fullRefundHours, partialRefundHours and partialRefundPercent',
  ),
  v.forward(
    v.check((p) => p.partialRefundHours <= p.fullRefundHours, M.order),
    ['partialRefundHours'],
  ),
)

/** A policy field (null: the team's default, or a full refund at any time). */
export const RefundPolicyField = v.optional(v.nullable(RefundPolicySchema))

export const RefundPolicyView = v.nullable(v.object({ fullRefundHours: v.number(), partialRefundHours: v.number(), partialRefundPercent: v.number() }))

export type RefundTier = 'full' | 'partial' | 'none'

export interface RefundQuote {
  /** Minor units refunded when the booking is cancelled at `at`. */
  amount: number
  percent: number
  tier: RefundTier
  /** Until when (inclusive) the full refund holds; null: always (no policy). */
  fullRefundUntil: Date | null
  /** Until when (inclusive) the partial refund holds; null when there is no partial step. */
  partialRefundUntil: Date | null
}

const HOUR = 3_600_000

/**
 * What cancelling at `at` gives back of `paid` (minor units) under `policy` for a session that
 * starts at `startsAt`. The boundaries belong to the better tier: exactly X hours before the
 * start is still a full refund. A partial amount is rounded to the nearest minor unit.
 */
export function refundFor(policy: RefundPolicy | null | undefined, paid: number, startsAt: Date, at: Date): RefundQuote {
  const paidAmount = Math.max(0, Math.round(paid))
  if (!policy) return { amount: paidAmount, percent: 100, tier: 'full', fullRefundUntil: null, partialRefundUntil: null }
  const fullRefundUntil = new Date(startsAt.getTime() - policy.fullRefundHours * HOUR)
  const hasPartial = policy.partialRefundHours < policy.fullRefundHours && policy.partialRefundPercent > 0
  const partialRefundUntil = hasPartial ? new Date(startsAt.getTime() - policy.partialRefundHours * HOUR) : null
  const t = at.getTime()
  if (t <= fullRefundUntil.getTime()) return { amount: paidAmount, percent: 100, tier: 'full', fullRefundUntil, partialRefundUntil }
  if (partialRefundUntil && t <= partialRefundUntil.getTime()) {
    const percent = policy.partialRefundPercent
    return { amount: Math.round((paidAmount * percent) / 100), percent, tier: 'partial', fullRefundUntil, partialRefundUntil }
  }
  return { amount: 0, percent: 0, tier: 'none', fullRefundUntil, partialRefundUntil }
}

/** The policy in a sentence, for forms, the cancel dialog and mail. */
export function describeRefundPolicy(policy: RefundPolicy | null | undefined): string {
  if (!policy) return 'Full refund whenever the booking is cancelled.'
  const h = (n: number) => (n === 0 ? 'the start' : n % 24 === 0 ? `${count(n / 24, 'day')} before the start` : `${count(n, 'hour')} before the start`)
  const full = `Full refund until ${h(policy.fullRefundHours)}`
  const partial =
    policy.partialRefundHours < policy.fullRefundHours && policy.partialRefundPercent > 0
      ? `, ${policy.partialRefundPercent}% until ${h(policy.partialRefundHours)}`
      : ''
  return `${full}${partial}, no refund after that.`
}

/** One step of a policy still ahead: `percent` of what was paid comes back when cancelled by `until`. */
export interface RefundStep {
  percent: number
  until: Date
}

/**
 * The steps of `policy` still ahead at `at` for a session starting at `startsAt`, best first,
 * with the deadlines `refundFor` applies (so what a buyer reads before paying is what a
 * cancellation gives). Empty with no policy (a full refund whenever it is cancelled) and once
 * every deadline has passed (a booking made now is not refunded).
 */
export function refundSteps(policy: RefundPolicy | null | undefined, startsAt: Date, at: Date): RefundStep[] {
  if (!policy) return []
  const q = refundFor(policy, 0, startsAt, startsAt)
  const steps: RefundStep[] = [{ percent: 100, until: q.fullRefundUntil! }]
  if (q.partialRefundUntil) steps.push({ percent: policy.partialRefundPercent, until: q.partialRefundUntil })
  // Inclusive, as in refundFor: cancelling exactly at a deadline still gets its step.
  return steps.filter((s) => s.until.getTime() >= at.getTime())
}

/**
 * A confirmation's refund line (the workshop checkout's and a session's): until when a
 * cancellation gets back what, by the policy's first deadline still ahead, on `timezone`'s clock.
 */
export function refundDeadlineLine(policy: RefundPolicy | null, startsAt: string | null, timezone: string, at = new Date()) {
  if (!policy) return 'Cancel at any time before the start for a full refund.'
  const [first] = refundSteps(policy, new Date(startsAt ?? 0), at)
  if (!first) return 'This booking is not refunded if you cancel it: the refund deadlines have passed.'
  return first.percent === 100
    ? `Full refund if you cancel by ${formatMoment(first.until, timezone)}.`
    : `${first.percent}% back if you cancel by ${formatMoment(first.until, timezone)}.`
}
