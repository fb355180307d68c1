/** Cancel a schedule with a reason (the booking cancel schema's rules and messages). */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Textarea } from '../../design-system/components/input/input'
import { BookingCancelSchema } from '../../src/modules/bookings/booking.schema'
import { count } from '../../src/shared/words'
import { Field, useSchemaForm } from '../coach-common/form'
import { post } from '../lib/api'
import { notify } from '../lib/toast'
import type { CoachScheduleItem } from './props'

export function CancelForm({ schedule, onDone, onCancel }: { schedule: CoachScheduleItem; onDone: () => void; onCancel: () => void }) {
  const form = useSchemaForm(BookingCancelSchema, { reason: '' })
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    if (!form.validate()) return
    setBusy(true)
    try {
      const r = await post<{ data: { cancelled: number; refunded: number } }>(`/v1/workshop-schedules/${schedule.id}/cancel`, form.body())
      notify({ type: 'success', title: 'Schedule cancelled', description: `${count(r.data.cancelled, 'booking')} cancelled, ${r.data.refunded} refunded.` })
      onDone()
    } catch (err) {
      form.takeServer(err)
      setBusy(false)
    }
  }
  return (
    <form
      ref={form.root}
      noValidate
      aria-label="Cancel schedule"
      className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <p className={css({ fontSize: 'sm' })}>
        {schedule.when}:{' '}
        {schedule.bookings
          ? `its ${count(schedule.bookings, 'booking')} ${schedule.bookings === 1 ? 'is cancelled (refunded in full if paid)' : 'are cancelled, paid ones refunded in full'}, and every attendee is mailed your reason.`
          : 'it has no bookings.'}{' '}
        The schedule leaves the marketplace.
      </p>
      <Field label="Reason" error={form.error('reason')}>
        {(a) => <Textarea {...a} rows={3} value={form.values.reason} onChange={(e) => form.set('reason', e.target.value)} onBlur={() => form.blur('reason')} />}
      </Field>
      <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
        <Button variant="outline" onClick={onCancel}>
          Keep schedule
        </Button>
        <Button type="submit" tone="danger" disabled={busy}>
          {busy ? 'Cancelling...' : 'Cancel schedule'}
        </Button>
      </div>
    </form>
  )
}
