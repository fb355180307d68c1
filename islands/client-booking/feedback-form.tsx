/** Feedback after attending: a rating from 1 to 5 and a comment (section 5 messages from the shared schema). */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Choice } from '../../design-system/components/choice/choice'
import { FormField } from '../../design-system/components/field/form-field'
import { Textarea } from '../../design-system/components/input/input'
import { FeedbackCreateSchema, SessionFeedbackCreateSchema } from '../../src/modules/feedback/feedback.schema'
import { ApiError, post } from '../lib/api'
import { check } from '../lib/form'
import { notify } from '../lib/toast'

/** The design system's text area (its invalid state included). */
const errorCss = css({ color: 'fg.error', fontSize: 'sm' })

/** Seats rate their schedule; a one-to-one session (`bookingId`) rates the booking it was. */
export default function FeedbackForm({
  scheduleId,
  bookingId,
  onSent,
}: {
  scheduleId: string
  bookingId?: string | null
  onSent: (feedback: { rating: number; comment: string | null }) => void
}) {
  const [rating, setRating] = useState(0)
  const [comment, setComment] = useState('')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [busy, setBusy] = useState(false)
  async function submit(e: React.FormEvent) {
    e.preventDefault()
    const fields = { rating: rating || null, comment: comment.trim() || null }
    const body = bookingId ? { bookingId, ...fields } : { workshopScheduleId: scheduleId, ...fields }
    const bag = bookingId ? check(SessionFeedbackCreateSchema, body) : check(FeedbackCreateSchema, body)
    if (bag) return setErrors(bag)
    setBusy(true)
    try {
      await post(bookingId ? '/v1/feedbacks/sessions' : '/v1/feedbacks', body)
      notify({ type: 'success', title: 'Thank you!', description: 'Your feedback was sent to the coach.' })
      onSent({ rating, comment: body.comment })
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(err.errors ?? {})
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      id="feedback"
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
        scrollMarginTop: '20',
      })}
    >
      <FormField label="How was the workshop?" group error={errors.rating?.[0]} id="feedback-rating">
        <div className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', alignItems: 'center' })}>
          {[1, 2, 3, 4, 5].map((n) => (
            <Choice key={n} size="sm">
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => (setRating(n), setErrors({}))} />
              {n} ★
            </Choice>
          ))}
        </div>
      </FormField>
      <FormField label="Comment (optional)" error={errors.comment?.[0]} id="feedback-comment">
        <Textarea size="sm" rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
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
