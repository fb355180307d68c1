import { formatMoment } from '../../src/shared/datetime'
import { type RefundPolicy, refundSteps } from '../../src/shared/refund-policy'

/** The confirmation's refund line, as the workshop checkout's: until when a cancellation gets back what (the policy's first deadline still ahead), on the coach's clock. */
export function sessionRefundDeadline(policy: RefundPolicy | null, startsAt: string, coachTz: string, at = new Date()) {
  if (!policy) return 'Cancel at any time before the start for a full refund.'
  const [first] = refundSteps(policy, new Date(startsAt), at)
  if (!first) return 'This booking is not refunded if you cancel it: the refund deadlines have passed.'
  return first.percent === 100
    ? `Full refund if you cancel by ${formatMoment(first.until, coachTz)}.`
    : `${first.percent}% back if you cancel by ${formatMoment(first.until, coachTz)}.`
}
