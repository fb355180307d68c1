/** Cancel a booking with a reason: the refund is shown before and after (section 5 and 8 messages). */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { textarea } from 'styled-system/recipes/textarea'
import { Button } from '../../design-system/components/button/button'
import { Dialog } from '../../design-system/components/dialog/dialog'
import { FormField } from '../../design-system/components/field/form-field'
import { BookingCancelSchema } from '../../src/modules/bookings/booking.schema'
import { ApiError, post } from '../lib/api'
import { check } from '../lib/form'
import { money } from '../lib/format'
import type { ClientBookingProps } from './props'

/** The design system's text area (its invalid state included). */
const fieldCss = textarea({ size: 'sm' })

export default function CancelDialog({ b, open, onOpenChange }: { b: ClientBookingProps['booking']; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const [refund, setRefund] = useState<number | null>(null)
  async function submit() {
    const bag = check(BookingCancelSchema, { reason })
    if (bag) return setError(bag.reason?.[0])
    setBusy(true)
    try {
      const res = await post<{ data: { amountPaid: number } }>(`/v1/bookings/${b.id}/cancel`, { reason })
      setRefund(b.amountPaid)
      void res
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(err.errors?.reason?.[0] ?? err.message)
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
            <Button onClick={submit} loading={busy}>
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
          <p className={css({ fontSize: 'sm' })} data-testid="refund-preview">
            {b.amountPaid > 0
              ? `You will be refunded ${money(b.amountPaid, b.currency)} in full to your card.`
              : 'Nothing was paid, so there is nothing to refund.'}
          </p>
          <FormField label="Reason" error={error} id="cancel-reason">
            <textarea
              className={fieldCss}
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
