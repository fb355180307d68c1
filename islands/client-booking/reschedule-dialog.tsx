/**
 * Move a confirmed booking to another date of its workshop: the upcoming dates with its seats
 * free, each with its format, venue and city, its hours on the workshop's clock (the viewer's
 * beside them where they differ) and the price difference (GET
 * /v1/bookings/{id}/reschedule-options), then POST /v1/bookings/{id}/reschedule. A date that
 * changes the format, the venue or the city says so plainly and moves only once the client
 * ticks that they accept it (`acceptChanges`). A cheaper or same-price date moves at once (a
 * difference is refunded to the card); a dearer one holds the new seats while the difference
 * is paid by card (Stripe.js, the checkout's loader), then finalize moves the booking.
 */
import type { StripeCardElement } from '@stripe/stripe-js'
import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes/input'
import { Button } from '../../design-system/components/button/button'
import { Choice } from '../../design-system/components/choice/choice'
import { Dialog } from '../../design-system/components/dialog/dialog'
import { formatDay, sessionHours } from '../../src/shared/datetime'
import { MODE_LABEL } from '../../src/shared/vocabulary'
import { count } from '../../src/shared/words'
import { getStripe } from '../checkout/stripe'
import { ApiError, get, post } from '../lib/api'
import { money } from '../lib/format'
import type { ClientBookingProps } from './props'

interface Option {
  scheduleId: string
  startDate: string
  endDate: string
  timezone: string
  seatsLeft: number
  amountDue: number
  difference: number
  currency: string
  mode: string
  venue: string | null
  city: string | null
  changes: ('mode' | 'venue' | 'city')[]
  changeNotes: string[]
}
interface Move {
  status: 'DONE' | 'PAYMENT_REQUIRED'
  reschedule: { id: string; difference: number; currency: string }
  payment: { paymentIntentId: string; clientSecret: string | null; amount: number; currency: string } | null
}

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? (Object.values(err.errors ?? {})[0]?.[0] ?? err.message) : err instanceof Error && err.message ? err.message : fallback
const alert = css({ borderWidth: '1px', borderColor: 'red.7', bg: 'red.2', color: 'red.11', borderRadius: 'l2', px: '3', py: '2', fontSize: 'sm' })
const muted = css({ color: 'fg.muted', fontSize: 'sm' })
const changeBadge = css({
  alignSelf: 'flex-start',
  fontSize: 'xs',
  fontWeight: 'semibold',
  color: 'yellow.11',
  bg: 'yellow.3',
  borderRadius: 'full',
  px: '2',
  py: '0.5',
})
const warning = css({ borderWidth: '1px', borderColor: 'yellow.7', bg: 'yellow.2', color: 'yellow.12', borderRadius: 'l2', px: '3', py: '2', fontSize: 'sm' })

/** "Sat, Dec 26, 2026 · 2:00 PM – 5:00 PM London time (9:00 AM – 12:00 PM your time)". */
export const whenOf = (o: Pick<Option, 'startDate' | 'endDate' | 'timezone'>, tz: string) =>
  `${formatDay(o.startDate, o.timezone)} · ${sessionHours(o.startDate, o.endDate, o.timezone, tz)}`
/** "In person · The Rooms, 1 High St · London, United Kingdom", or "Online". */
export const placeOf = (o: Pick<Option, 'mode' | 'venue' | 'city'>) =>
  [MODE_LABEL[o.mode] ?? o.mode, o.mode === 'ONLINE' ? null : o.venue, o.mode === 'ONLINE' ? null : o.city].filter(Boolean).join(' · ')
const changesLabel = (o: Option) =>
  `Changes ${o.changes
    .map((c) => (c === 'mode' ? 'the format' : c === 'venue' ? 'the venue' : 'the city'))
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1')}`

export const differenceLabel = (d: number, currency: string) =>
  d > 0 ? `${money(d, currency)} more to pay` : d < 0 ? `${money(-d, currency)} back to your card` : 'Same price'

export default function RescheduleDialog({
  b,
  tz,
  open,
  onOpenChange,
}: {
  b: ClientBookingProps['booking']
  tz: string
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const [options, setOptions] = useState<Option[] | null>(null)
  const [choice, setChoice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [move, setMove] = useState<Move | null>(null)
  const [done, setDone] = useState<Option | null>(null)
  // The changes of the picked date (format, venue, city) the client said yes to.
  const [accepted, setAccepted] = useState<string | null>(null)

  useEffect(() => {
    get<{ data: Option[] }>(`/v1/bookings/${b.id}/reschedule-options`, { silent: true })
      .then((r) => {
        setOptions(r.data)
        setChoice(r.data[0]?.scheduleId ?? null)
      })
      .catch((err) => setError(messageOf(err, 'The other dates could not be loaded.')))
  }, [b.id])

  const picked = options?.find((o) => o.scheduleId === choice) ?? null
  const mustAccept = !!picked?.changes.length
  const acceptedPicked = mustAccept && accepted === picked?.scheduleId
  const submit = async () => {
    if (!picked || (mustAccept && !acceptedPicked)) return
    setBusy(true)
    setError(null)
    try {
      const body = { workshopScheduleId: picked.scheduleId, ...(mustAccept ? { acceptChanges: true } : {}) }
      const r = await post<{ data: Move }>(`/v1/bookings/${b.id}/reschedule`, body, { silent: true })
      if (r.data.status === 'DONE') setDone(picked)
      else setMove(r.data)
    } catch (err) {
      setError(messageOf(err, 'The booking could not be moved. Try again.'))
    } finally {
      setBusy(false)
    }
  }

  const close = (o: boolean) => {
    if (!o && done) location.reload()
    onOpenChange(o)
  }

  const title = done ? 'Booking moved' : move ? 'Pay the difference' : 'Move to another date'
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={done || move ? undefined : `${b.workshopTitle}: your seats and invitations move with the booking.`}
      footer={
        done ? (
          <Button onClick={() => location.reload()}>Done</Button>
        ) : move ? null : (
          <div className={css({ display: 'flex', flexWrap: 'wrap-reverse', gap: '3', justifyContent: 'flex-end' })}>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep this date
            </Button>
            <Button onClick={() => void submit()} loading={busy} disabled={!picked || (mustAccept && !acceptedPicked)}>
              {picked && picked.difference > 0 ? `Continue to pay ${money(picked.difference, picked.currency)}` : 'Move my booking'}
            </Button>
          </div>
        )
      }
    >
      {error && (
        <p role="alert" className={alert}>
          {error}
        </p>
      )}
      {done ? (
        <p role="status" data-testid="reschedule-done">
          Your booking now takes place on {whenOf(done, tz)}
          {done.changes.length ? `, ${placeOf(done)}` : ''}.
          {done.difference < 0 ? ` ${money(-done.difference, done.currency)} is on its way back to your card.` : ''} Everyone on it gets the new date by email.
        </p>
      ) : move?.payment && picked ? (
        <PayDifference bookingId={b.id} move={move} option={picked} tz={tz} onPaid={() => setDone(picked)} />
      ) : options === null ? (
        error ? null : (
          <p className={muted} aria-busy="true">
            Loading the other dates…
          </p>
        )
      ) : options.length === 0 ? (
        <p className={muted}>There is no other upcoming date of this workshop with {b.seats === 1 ? 'a seat' : count(b.seats, 'seat')} free right now.</p>
      ) : (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '2', borderWidth: '0', p: '0', m: '0', minW: '0' })}>
            <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>Upcoming dates</legend>
            {options.map((o) => (
              <Choice key={o.scheduleId} data-testid="reschedule-option">
                <input type="radio" name="reschedule-date" value={o.scheduleId} checked={choice === o.scheduleId} onChange={() => setChoice(o.scheduleId)} />
                <span className={css({ display: 'flex', flexDir: 'column', gap: '0.5', minW: '0' })}>
                  <span className={css({ fontWeight: 'medium' })}>{whenOf(o, tz)}</span>
                  <span className={css({ fontSize: 'sm' })} data-testid="reschedule-place">
                    {placeOf(o)}
                  </span>
                  <span className={muted}>
                    {count(o.seatsLeft, 'seat left')} · {differenceLabel(o.difference, o.currency)}
                  </span>
                  {o.changes.length ? <span className={changeBadge}>{changesLabel(o)}</span> : null}
                </span>
              </Choice>
            ))}
          </fieldset>
          {picked && mustAccept ? (
            <div className={warning} data-testid="reschedule-changes">
              <p className={css({ fontWeight: 'semibold' })}>This date is not held like your current one:</p>
              <ul className={css({ listStyle: 'disc', pl: '5', my: '1' })}>
                {picked.changeNotes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
              <Choice size="sm" className={css({ mt: '2', bg: 'bg.default', color: 'fg.default' })}>
                <input
                  type="checkbox"
                  name="accept-changes"
                  checked={acceptedPicked}
                  onChange={(e) => setAccepted(e.target.checked ? picked.scheduleId : null)}
                />
                <span>I accept these changes</span>
              </Choice>
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  )
}

/** The card form for the difference: the new seats are held meanwhile (BOOKING_HOLD_MINUTES). */
function PayDifference({ bookingId, move, option, tz, onPaid }: { bookingId: string; move: Move; option: Option; tz: string; onPaid: () => void }) {
  const mountRef = useRef<HTMLDivElement>(null)
  const cardRef = useRef<StripeCardElement | null>(null)
  const [ready, setReady] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [paying, setPaying] = useState(false)
  useEffect(() => {
    let cancelled = false
    getStripe()
      .then((stripe) => {
        if (cancelled || !mountRef.current) return
        const card = stripe.elements().create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } })
        card.on('change', (e) => setError(e.error?.message ?? null))
        card.mount(mountRef.current)
        cardRef.current = card
        setReady(true)
      })
      .catch((err) => !cancelled && setError(messageOf(err, 'The payment form could not be loaded.')))
    return () => {
      cancelled = true
      cardRef.current?.destroy()
      cardRef.current = null
    }
  }, [])
  const pay = async () => {
    const card = cardRef.current
    if (!card || !move.payment?.clientSecret) return
    setPaying(true)
    setError(null)
    try {
      const stripe = await getStripe()
      const result = await stripe.confirmCardPayment(move.payment.clientSecret, { payment_method: { card } })
      if (result.error) return setError(result.error.message ?? 'Your card was declined. Try another card.')
      await post(`/v1/bookings/${bookingId}/reschedule/finalize`, { paymentIntentId: move.payment.paymentIntentId }, { silent: true })
      onPaid()
    } catch (err) {
      setError(messageOf(err, 'The payment could not be completed. Try again.'))
    } finally {
      setPaying(false)
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <p className={css({ fontSize: 'sm' })}>
        {whenOf(option, tz)} costs {money(move.payment!.amount, move.payment!.currency)} more than your booking. The seats are held for you while you pay.
      </p>
      {error && (
        <p role="alert" className={alert}>
          {error}
        </p>
      )}
      <div ref={mountRef} data-testid="reschedule-card" className={cx(input({ size: 'md' }), css({ h: 'auto', minH: '11', py: '3', bg: 'bg.default' }))} />
      <div>
        <Button onClick={() => void pay()} loading={paying} disabled={!ready}>
          Pay {money(move.payment!.amount, move.payment!.currency)} and move
        </Button>
      </div>
    </div>
  )
}
