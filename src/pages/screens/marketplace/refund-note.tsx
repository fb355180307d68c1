/**
 * The refund policy where a buyer decides (the public workshop page and the checkout): the
 * policy in a sentence (describeRefundPolicy, as the workshop form, the cancel dialog and mail
 * say it) and its deadlines still ahead as dates on the session's clock (refundSteps, from the
 * same `refundFor` a cancellation computes with). Server-only markup, no JavaScript.
 */
import { css } from 'styled-system/css'
import { describeRefundPolicy, type RefundPolicy, refundSteps } from '../../../shared/refund-policy'
import { momentOf, muted } from './parts'

const list = css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' })

export function RefundNote({
  policy,
  startDate,
  timezone,
  at = new Date(),
  headingLevel = 3,
}: {
  policy: RefundPolicy | null
  startDate: string | null
  timezone: string
  at?: Date
  headingLevel?: 2 | 3
}) {
  const start = new Date(startDate ?? 0)
  const steps = refundSteps(policy, start, at)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })} data-testid="refund-policy">
      <Heading className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Refund policy</Heading>
      <p className={css({ fontSize: 'sm' })} data-testid="refund-policy-text">
        {describeRefundPolicy(policy)}
      </p>
      {policy && steps.length > 0 && (
        <ul className={list} aria-label="Refund deadlines">
          {steps.map((s) => (
            <li key={s.percent} className={muted}>
              {s.percent === 100 ? 'Full refund' : `${s.percent}% back`} if you cancel by{' '}
              <time dateTime={s.until.toISOString()}>{momentOf(s.until, timezone)}</time>
            </li>
          ))}
        </ul>
      )}
      {policy && steps.length === 0 && start.getTime() > at.getTime() && (
        <p className={muted}>The refund deadlines have passed: a booking made now is not refunded if you cancel it.</p>
      )}
      <p className={muted}>If the coach cancels, you get everything back.</p>
    </div>
  )
}
