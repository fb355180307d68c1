/**
 * What a coach does with one booking: notes, cancel with a reason (a paid booking is refunded),
 * mark COMPLETED or NO_SHOW once the session ended, attendance per seat (phone-friendly), and
 * which workshop resources this booking sees.
 */
import { lazy, Suspense, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Choice } from '../../design-system/components/choice/choice'
import { Textarea } from '../../design-system/components/input/input'
import { AttendanceNotesSchema, BookingCancelSchema, CoachNotesSchema } from '../../src/modules/bookings/booking-notes.schema'
import { Modal } from '../coach-common/dialog'
import { errorCss, Field, hintCss, useSchemaForm } from '../coach-common/form'
import { patch, post } from '../lib/api'
import { notify } from '../lib/toast'
import type { CoachBookingProps } from './props'

const SessionTimeDialog = lazy(() => import('../lib/session-time-dialog'))

const panel = css({
  display: 'flex',
  flexDir: 'column',
  gap: '3',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: { base: '4', md: '5' },
})

function Overview(p: CoachBookingProps) {
  const notes = useSchemaForm(CoachNotesSchema, { coachNotes: p.coachNotes })
  const cancel = useSchemaForm(BookingCancelSchema, { reason: '' })
  const [cancelOpen, setCancelOpen] = useState(false)
  const [moving, setMoving] = useState(false)
  const [busy, setBusy] = useState(false)
  const open = p.status === 'PENDING' || p.status === 'CONFIRMED'
  // A session not started yet may move to another free time of its type (the server checks again).
  const movable = open && p.session && Date.parse(p.session.startDate) > Date.parse(p.now || p.session.startDate)
  const saveNotes = async () => {
    if (!notes.validate()) return
    setBusy(true)
    try {
      await patch(`/v1/bookings/${p.bookingId}`, { status: p.status, coachNotes: notes.values.coachNotes })
      notify({ type: 'success', title: 'Notes saved' })
    } catch (err) {
      notes.takeServer(err)
    } finally {
      setBusy(false)
    }
  }
  const doCancel = async () => {
    if (!cancel.validate()) return
    setBusy(true)
    try {
      await post(`/v1/bookings/${p.bookingId}/cancel`, cancel.body())
      location.reload()
    } catch (err) {
      cancel.takeServer(err)
      setBusy(false)
    }
  }
  const finish = async (status: 'COMPLETED' | 'NO_SHOW') => {
    setBusy(true)
    try {
      await patch(`/v1/bookings/${p.bookingId}`, { status })
      location.reload()
    } catch {
      setBusy(false)
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <form
        ref={notes.root}
        noValidate
        aria-label="Coach notes"
        className={panel}
        onSubmit={(e) => {
          e.preventDefault()
          void saveNotes()
        }}
      >
        <Field label="Coach notes" error={notes.error('coachNotes')} hint="Only you see these.">
          {(a) => (
            <Textarea
              {...a}
              rows={4}
              value={notes.values.coachNotes}
              onChange={(e) => notes.set('coachNotes', e.target.value)}
              onBlur={() => notes.blur('coachNotes')}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={busy}>
            Save notes
          </Button>
        </div>
      </form>
      <div className={panel}>
        <h2 className={css({ fontWeight: 'semibold' })}>Status</h2>
        {p.status === 'CONFIRMED' && p.ended && (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button disabled={busy} onClick={() => finish('COMPLETED')}>
              Mark completed
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => finish('NO_SHOW')}>
              Mark no-show
            </Button>
          </div>
        )}
        {p.status === 'CONFIRMED' && !p.ended && <p className={hintCss}>Completed or no-show can be recorded once the session has ended.</p>}
        {open && (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {movable ? (
              <Button variant="outline" onClick={() => setMoving(true)}>
                Move to another time
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setCancelOpen(true)}>
              Cancel booking…
            </Button>
          </div>
        )}
        {moving && p.session ? (
          <Suspense fallback={null}>
            <SessionTimeDialog b={{ id: p.bookingId, ...p.session }} side="coach" tz={p.tz} now={p.now} open={moving} onOpenChange={setMoving} />
          </Suspense>
        ) : null}
        {!open && p.status !== 'CONFIRMED' && <p className={hintCss}>This booking is {p.status.replace('_', ' ').toLowerCase()}: nothing more to do.</p>}
      </div>
      <Modal open={cancelOpen} onClose={() => setCancelOpen(false)} title="Cancel booking">
        <form
          ref={cancel.root}
          noValidate
          aria-label="Cancel booking"
          className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
          onSubmit={(e) => {
            e.preventDefault()
            void doCancel()
          }}
        >
          <p className={css({ fontSize: 'sm' })}>
            The seats go back on sale{p.paid ? ', the payment is refunded in full' : ''} and the client is mailed your reason.
          </p>
          <Field label="Reason" error={cancel.error('reason')}>
            {(a) => (
              <Textarea
                {...a}
                rows={3}
                value={cancel.values.reason}
                onChange={(e) => cancel.set('reason', e.target.value)}
                onBlur={() => cancel.blur('reason')}
              />
            )}
          </Field>
          <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
            <Button variant="outline" onClick={() => setCancelOpen(false)}>
              Keep booking
            </Button>
            <Button type="submit" tone="danger" disabled={busy}>
              {busy ? 'Cancelling...' : p.paid ? 'Cancel and refund' : 'Cancel booking'}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  )
}

function SeatCard({ seat, index }: { seat: CoachBookingProps['seats'][number]; index: number }) {
  const [attended, setAttended] = useState(seat.attended)
  const form = useSchemaForm(AttendanceNotesSchema, { attendanceNotes: seat.attendanceNotes })
  const [saved, setSaved] = useState(true)
  const [busy, setBusy] = useState(false)
  const save = async (next = attended) => {
    if (!form.validate()) return
    setBusy(true)
    try {
      await patch(`/v1/booking-seats/${seat.id}`, { attended: next, attendanceNotes: form.values.attendanceNotes || null })
      setSaved(true)
      notify({ type: 'success', title: `Seat ${index + 1} saved` })
    } catch (err) {
      form.takeServer(err)
    } finally {
      setBusy(false)
    }
  }
  const label = seat.holder ?? 'Unassigned seat'
  return (
    <li className={panel} data-seat={seat.id}>
      <form
        ref={form.root}
        noValidate
        aria-label={`Attendance of ${label}`}
        className={css({ display: 'flex', flexDir: 'column', gap: '3' })}
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere', minW: '0' })}>
            Seat {index + 1}: {label} <span className={hintCss}>({seat.status.toLowerCase()})</span>
          </span>
          <Choice className={css({ display: 'inline-flex', fontWeight: 'medium', colorPalette: 'green' })}>
            <input
              type="checkbox"
              checked={attended}
              onChange={(e) => {
                setAttended(e.target.checked)
                setSaved(false)
                void save(e.target.checked)
              }}
            />
            Attended
          </Choice>
        </div>
        <Field label="Attendance notes" error={form.error('attendanceNotes')} hint={`${form.values.attendanceNotes.length}/1000`}>
          {(a) => (
            <Textarea
              {...a}
              rows={2}
              value={form.values.attendanceNotes}
              onChange={(e) => {
                form.set('attendanceNotes', e.target.value)
                setSaved(false)
              }}
              onBlur={() => form.blur('attendanceNotes')}
            />
          )}
        </Field>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <Button type="submit" disabled={busy}>
            Save notes
          </Button>
          {!saved && <span className={hintCss}>Unsaved changes</span>}
        </div>
      </form>
    </li>
  )
}

function Seats(p: CoachBookingProps) {
  if (!p.seats.length) return <p className={hintCss}>This booking has no seats.</p>
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      {!p.ended && <p className={hintCss}>You can take attendance during the session and correct it afterwards.</p>}
      <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        {p.seats.map((s, i) => (
          <SeatCard key={s.id} seat={s} index={i} />
        ))}
      </ul>
    </div>
  )
}

function Resources(p: CoachBookingProps) {
  const [prefs, setPrefs] = useState(() => Object.fromEntries(p.resources.map((r) => [r.id, r.isVisible])))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!p.resources.length) return <p className={hintCss}>This workshop has no resources yet. Add them on the workshop's Resources tab.</p>
  const toggle = async (id: string, isVisible: boolean) => {
    const next = { ...prefs, [id]: isVisible }
    setPrefs(next)
    setBusy(true)
    setError(null)
    try {
      await patch(`/v1/bookings/${p.bookingId}`, {
        status: p.status,
        meta: { workshopResourcePreferences: p.resources.map((r) => ({ id: r.id, isVisible: next[r.id] })) },
      })
    } catch (err: any) {
      setPrefs(prefs)
      setError(err?.message ?? 'Could not save')
    } finally {
      setBusy(false)
    }
  }
  return (
    <ul className={cx(panel, css({ gap: '0', p: '0' }))}>
      {p.resources.map((r) => (
        <li
          key={r.id}
          className={css({
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: '3',
            px: '4',
            py: '3',
            borderBottomWidth: '1px',
            borderColor: 'border.subtle',
            _last: { borderBottomWidth: '0' },
          })}
        >
          <span>
            {r.title}{' '}
            <span className={hintCss}>
              ({r.type}
              {r.defaultVisible ? '' : ', hidden for everyone else'})
            </span>
          </span>
          <label className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', minH: '10', cursor: 'pointer' })}>
            <input
              type="checkbox"
              className={css({ w: '5', h: '5' })}
              checked={!!prefs[r.id]}
              disabled={busy}
              onChange={(e) => void toggle(r.id, e.target.checked)}
            />
            Visible to this booking
          </label>
        </li>
      ))}
      {error && <li className={cx(errorCss, css({ px: '4', py: '2' }))}>{error}</li>}
    </ul>
  )
}

export default function CoachBooking(p: CoachBookingProps) {
  if (p.view === 'seats') return <Seats {...p} />
  if (p.view === 'resources') return <Resources {...p} />
  return <Overview {...p} />
}
