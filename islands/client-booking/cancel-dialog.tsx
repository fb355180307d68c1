/**
 * Cancel a booking with a reason. Before confirming, the dialog shows what the client gets back
 * (GET /v1/bookings/{id}/refund-quote: the workshop's refund policy at this moment, with its
 * deadlines); the cancel sends that amount as `expectedRefund`, so a deadline passing in
 * between answers 409 with the new amount instead of refunding something else than was shown.
 * After the cancel it shows the refund the server recorded. Section 5 and 8 messages.
 */
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Dialog } from '../../design-system/components/dialog/dialog'
import { FormField } from '../../design-system/components/field/form-field'
import { Textarea } from '../../design-system/components/input/input'
import { BookingCancelSchema } from '../../src/modules/bookings/booking.schema'
import { ApiError, get, post } from '../lib/api'
import { check } from '../lib/form'
import { fmtDateTime, money } from '../lib/format'
import type { ClientBookingProps } from './props'

/** The design system's text area (its invalid state included). */

interface Quote {
  amountPaid: number
  refundAmount: number
  percent: number
  tier: 'full' | 'partial' | 'none'
  appliesPolicy: boolean
  description: string
  fullRefundUntil: string | null
  partialRefundUntil: string | null
  currency: string
}

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/** What the client gets back, in words. */
function QuoteText({ q }: { q: Quote }) {
  const tz = browserZone()
  const paid = money(q.amountPaid, q.currency)
  const back = money(q.refundAmount, q.currency)
  if (q.amountPaid <= 0) return <p className={css({ fontSize: 'sm' })}>Nothing was paid, so there is nothing to refund.</p>
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <p
        className={css({
          fontSize: 'sm',
          borderWidth: '1px',
          borderRadius: 'l2',
          px: '3',
          py: '2',
          borderColor: q.tier === 'none' ? 'yellow.7' : 'border.subtle',
          bg: q.tier === 'none' ? 'yellow.2' : 'bg.subtle',
          color: q.tier === 'none' ? 'yellow.12' : 'fg.default',
        })}
      >
        {q.tier === 'full' ? (
          <>
            You will get back <strong>{back}</strong>, the full amount, to your card.
          </>
        ) : q.tier === 'partial' ? (
          <>
            You will get back <strong>{back}</strong> ({q.percent}% of {paid}) to your card.
          </>
        ) : (
          <>You will not get a refund: the {paid} you paid is kept under the workshop's refund policy.</>
        )}
      </p>
      {q.appliesPolicy ? (
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="refund-policy">
          {q.description}
          {q.tier === 'full' && q.fullRefundUntil ? ` Full refund if you cancel by ${fmtDateTime(q.fullRefundUntil, tz)}.` : ''}
          {q.tier === 'partial' && q.partialRefundUntil ? ` ${q.percent}% if you cancel by ${fmtDateTime(q.partialRefundUntil, tz)}.` : ''}
        </p>
      ) : null}
    </div>
  )
}

export default function CancelDialog({ b, open, onOpenChange }: { b: ClientBookingProps['booking']; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const [quote, setQuote] = useState<Quote | null>(null)
  const [quoteError, setQuoteError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [refund, setRefund] = useState<number | null>(null)

  const loadQuote = async () => {
    setQuoteError(null)
    try {
      const r = await get<{ data: Quote }>(`/v1/bookings/${b.id}/refund-quote`, { silent: true })
      setQuote(r.data)
      return r.data
    } catch (err) {
      setQuoteError(err instanceof ApiError && err.message ? err.message : 'The refund could not be worked out. Try again.')
      return null
    }
  }
  useEffect(() => {
    if (open && refund === null) void loadQuote()
  }, [open])

  async function submit() {
    const bag = check(BookingCancelSchema, { reason })
    if (bag) return setError(bag.reason?.[0])
    if (!quote) return
    setBusy(true)
    setNotice(null)
    try {
      const res = await post<{ data: { refundAmount: number | null } }>(
        `/v1/bookings/${b.id}/cancel`,
        { reason, expectedRefund: quote.refundAmount },
        { silent: true },
      )
      setRefund(res.data.refundAmount ?? 0)
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(err.errors?.reason?.[0] ?? err.message)
      else if (err instanceof ApiError && err.status === 409) {
        // A refund deadline passed while the dialog was open: show the new amount, confirm again.
        setNotice(err.message)
        await loadQuote()
      } else setNotice(err instanceof ApiError && err.message ? err.message : 'The booking could not be cancelled. Try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o && refund !== null) location.reload()
        onOpenChange(o)
      }}
      title={refund === null ? 'Cancel this booking?' : 'Booking cancelled'}
      description={refund === null ? `${b.workshopTitle}: the seats go back to the workshop.` : undefined}
      footer={
        refund === null ? (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep booking
            </Button>
            <Button onClick={submit} loading={busy} disabled={!quote}>
              Cancel booking
            </Button>
          </>
        ) : (
          <Button onClick={() => location.reload()}>Done</Button>
        )
      }
    >
      {refund === null ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <div data-testid="refund-preview" aria-live="polite">
            {quote ? (
              <QuoteText q={quote} />
            ) : quoteError ? (
              <p role="alert" className={css({ fontSize: 'sm', color: 'fg.error' })}>
                {quoteError}{' '}
                <Button variant="link" onClick={() => void loadQuote()}>
                  Try again
                </Button>
              </p>
            ) : (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })} aria-busy="true">
                Working out your refund…
              </p>
            )}
          </div>
          {notice ? (
            <p role="alert" className={css({ fontSize: 'sm', color: 'fg.error' })}>
              {notice}
            </p>
          ) : null}
          <FormField label="Reason" error={error} id="cancel-reason">
            <Textarea
              size="sm"
              rows={3}
              value={reason}
              onChange={(e) => (setReason(e.target.value), setError(undefined))}
              onBlur={() => setError(check(BookingCancelSchema, { reason })?.reason?.[0])}
            />
          </FormField>
        </div>
      ) : (
        <p role="status" data-testid="refund-result">
          {refund > 0 ? `Your booking is cancelled. ${money(refund, b.currency)} is on its way back to your card.` : 'Your booking is cancelled.'}
        </p>
      )}
    </Dialog>
  )
}
