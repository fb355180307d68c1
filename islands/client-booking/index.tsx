/**
 * The actions of one booking: pay a pending one (the checkout resumes the held booking), cancel
 * with a reason (the refund is shown before and after), download the invoice or credit note, add
 * to calendar (.ics), and leave feedback after attending. Errors per section 8.
 */
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { FeedbackCreateSchema } from '../../src/modules/feedback/feedback.schema'
import { ApiError, post } from '../lib/api'
import { check } from '../lib/form'
import { money } from '../lib/format'
import { notify } from '../lib/toast'
import type { ClientBookingProps } from './props'

/** The cancel dialog (Ark Dialog, focus trap) is fetched when "Cancel booking" is first pressed. */
const CancelDialog = lazy(() => import('./cancel-dialog'))

const actionLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '8',
  px: '3',
  borderRadius: 'l2',
  fontSize: 'sm',
  fontWeight: 'semibold',
  textDecoration: 'none',
  borderWidth: '1px',
  borderColor: 'border.default',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
})
const primaryLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '8',
  px: '3',
  borderRadius: 'l2',
  fontSize: 'sm',
  fontWeight: 'semibold',
  textDecoration: 'none',
  bg: 'colorPalette.default',
  color: 'colorPalette.fg',
  _hover: { bg: 'colorPalette.emphasized' },
})
const fieldCss = css({
  w: 'full',
  p: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.default',
  color: 'fg.default',
  fontSize: 'sm',
  '&[aria-invalid=true]': { borderColor: 'fg.error' },
})
const errorCss = css({ color: 'fg.error', fontSize: 'sm' })

function FeedbackForm({ scheduleId }: { scheduleId: string }) {
  const [rating, setRating] = useState(0)
  const [comment, setComment] = useState('')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [busy, setBusy] = useState(false)
  async function submit(e: React.FormEvent) {
    e.preventDefault()
    const body = { workshopScheduleId: scheduleId, rating: rating || null, comment: comment.trim() || null }
    const bag = check(FeedbackCreateSchema, body)
    if (bag) return setErrors(bag)
    setBusy(true)
    try {
      await post('/v1/feedbacks', body)
      notify({ type: 'success', title: 'Thank you!', description: 'Your feedback was sent to the coach.' })
      setTimeout(() => location.reload(), 400)
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(err.errors ?? {})
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Leave feedback"
      className={css({
        display: 'flex',
        flexDir: 'column',
        gap: '2',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'l3',
        p: '4',
        bg: 'bg.default',
      })}
    >
      <FormField label="How was the workshop?" group error={errors.rating?.[0]} id="feedback-rating">
        <div className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', alignItems: 'center' })}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                gap: '1',
                px: '2',
                h: '8',
                borderRadius: 'l2',
                borderWidth: '1px',
                borderColor: rating === n ? 'colorPalette.default' : 'border.default',
                cursor: 'pointer',
                fontSize: 'sm',
              })}
            >
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => (setRating(n), setErrors({}))} />
              {n} ★
            </label>
          ))}
        </div>
      </FormField>
      <FormField label="Comment (optional)" error={errors.comment?.[0]} id="feedback-comment">
        <textarea className={fieldCss} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
      </FormField>
      {errors.workshopScheduleId ? <p className={errorCss}>{errors.workshopScheduleId[0]}</p> : null}
      <div>
        <Button type="submit" loading={busy}>
          Send feedback
        </Button>
      </div>
    </form>
  )
}

export default function ClientBooking({ booking: b, hasInvoice, hasCreditNote, refunded, canLeaveFeedback, feedback, now }: ClientBookingProps) {
  const [cancelling, setCancelling] = useState(false)
  const upcoming = new Date(b.startDate).getTime() > new Date(now).getTime()
  const canCancel = b.mine && (b.status === 'PENDING' || b.status === 'CONFIRMED') && upcoming
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <fieldset className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', borderWidth: '0', p: '0', m: '0', minW: '0' })} aria-label="Booking actions">
        {b.mine && b.status === 'PENDING' ? (
          <a className={primaryLink} href={`/workshops/${b.scheduleId}/book`}>
            Pay {money(b.amountDue, b.currency)}
          </a>
        ) : null}
        {b.status !== 'CANCELLED' ? (
          <a className={actionLink} href={`/v1/bookings/${b.id}/calendar.ics`} download>
            Add to calendar
          </a>
        ) : null}
        {b.mine && hasInvoice ? (
          <a className={actionLink} href={`/v1/payments/bookings/${b.id}/invoice`} download>
            Download invoice
          </a>
        ) : null}
        {b.mine && hasCreditNote ? (
          <a className={actionLink} href={`/v1/payments/bookings/${b.id}/invoice?document=credit-note`} download>
            Download credit note
          </a>
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
      {canLeaveFeedback ? <FeedbackForm scheduleId={b.scheduleId} /> : null}
      {feedback ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="my-feedback">
          Your feedback: {'★'.repeat(feedback.rating)}
          {'☆'.repeat(5 - feedback.rating)}
          {feedback.comment ? ` “${feedback.comment}”` : ''}
        </p>
      ) : null}
      {cancelling ? (
        <Suspense fallback={null}>
          <CancelDialog b={b} open={cancelling} onOpenChange={setCancelling} />
        </Suspense>
      ) : null}
    </div>
  )
}
