/**
 * The actions of one booking: pay a pending one (the checkout resumes the held booking), cancel
 * with a reason (the refund is shown before and after), download the invoice or credit note, add
 * to calendar (.ics), and leave feedback after attending. Errors per section 8.
 */
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { money } from '../lib/format'
import { split } from '../lib/split'
import type { ClientBookingProps } from './props'

/** The cancel dialog (Ark Dialog, focus trap) is fetched when "Cancel booking" is first pressed. */
const CancelDialog = lazy(() => import('./cancel-dialog'))
/** The reschedule dialog (and the card form of a dearer date), fetched when "Reschedule" is first pressed. */
const RescheduleDialog = lazy(() => import('./reschedule-dialog'))
/** A one-to-one session's free times, fetched when "Move" is first pressed. */
const SessionTimeDialog = lazy(() => import('../lib/session-time-dialog'))
/** The feedback form (valibot, the form helpers) is rendered by the server and fetched after first paint. */
const FeedbackForm = split(() => import('./feedback-form'))

export default function ClientBooking({
  booking: b,
  hasInvoice,
  hasCreditNote,
  refunded,
  canLeaveFeedback,
  feedback: given,
  now,
  tz,
  session,
}: ClientBookingProps) {
  const [cancelling, setCancelling] = useState(false)
  const [moving, setMoving] = useState(false)
  // Feedback sent from this page shows in place of the form (one per seat: the form goes).
  const [feedback, setFeedback] = useState(given)
  const upcoming = new Date(b.startDate).getTime() > new Date(now).getTime()
  const canCancel = b.mine && (b.status === 'PENDING' || b.status === 'CONFIRMED') && upcoming
  // Confirmed and not started (what the API's session-time and reschedule allow the client): a
  // one-to-one session moves to another free time of its type, a workshop booking to another date.
  const canMove = b.mine && b.status === 'CONFIRMED' && upcoming
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <fieldset className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', borderWidth: '0', p: '0', m: '0', minW: '0' })} aria-label="Booking actions">
        {b.mine && b.status === 'PENDING' ? (
          <LinkButton href={session ? session.pageUrl : `/workshops/${b.scheduleId}/book`}>Pay {money(b.amountDue, b.currency)}</LinkButton>
        ) : null}
        {b.status !== 'CANCELLED' ? (
          <LinkButton variant="outline" href={`/v1/bookings/${b.id}/calendar.ics`} download>
            Add to calendar
          </LinkButton>
        ) : null}
        {b.mine && hasInvoice ? (
          <LinkButton variant="outline" href={`/v1/payments/bookings/${b.id}/invoice`} download>
            Download invoice
          </LinkButton>
        ) : null}
        {b.mine && hasCreditNote ? (
          <LinkButton variant="outline" href={`/v1/payments/bookings/${b.id}/invoice?document=credit-note`} download>
            Download credit note
          </LinkButton>
        ) : null}
        {canMove ? (
          <Button variant="outline" size="sm" onClick={() => setMoving(true)}>
            {session ? 'Move' : 'Reschedule'}
          </Button>
        ) : null}
        {canCancel ? (
          <Button variant="outline" size="sm" onClick={() => setCancelling(true)}>
            Cancel booking
          </Button>
        ) : null}
      </fieldset>
      {b.status === 'CANCELLED' && refunded > 0 ? (
        <p className={css({ fontSize: 'sm' })} data-testid="refunded">
          Refunded {money(refunded, b.currency)} to your card.
        </p>
      ) : null}
      {canLeaveFeedback && feedback === given ? <FeedbackForm scheduleId={b.scheduleId} bookingId={session ? b.id : null} onSent={setFeedback} /> : null}
      {feedback ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="my-feedback">
          Your feedback: {'★'.repeat(feedback.rating)}
          {'☆'.repeat(5 - feedback.rating)}
          {feedback.comment ? ` “${feedback.comment}”` : ''}
        </p>
      ) : null}
      {moving ? (
        <Suspense fallback={null}>
          {session ? (
            <SessionTimeDialog
              b={{ id: b.id, title: b.workshopTitle, startDate: b.startDate, endDate: b.endDate, timeZone: session.timeZone }}
              tz={tz}
              now={now}
              open={moving}
              onOpenChange={setMoving}
            />
          ) : (
            <RescheduleDialog b={b} tz={tz} open={moving} onOpenChange={setMoving} />
          )}
        </Suspense>
      ) : null}
      {cancelling ? (
        <Suspense fallback={null}>
          <CancelDialog b={b} open={cancelling} onOpenChange={setCancelling} />
        </Suspense>
      ) : null}
    </div>
  )
}

ClientBooking.prepare = (props: ClientBookingProps) => (props.canLeaveFeedback ? FeedbackForm.preload() : undefined)
