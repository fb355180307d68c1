/**
 * Booking a one-to-one session (/{username}/sessions/{id}): a month of days with free times,
 * the times of a day in the visitor's own zone (detected, switchable, the coach's named), then
 * the checkout the workshops use: signed out, sign in or create an account and come back to the
 * same time (`?start=`); signed in, an optional voucher and `POST /v1/bookings { sessionTypeId,
 * startsAt }`; a paid session goes on to the card step (saved cards, 3-D Secure) while its time
 * is held, a free call is confirmed at once. A time taken meanwhile (409) sends the visitor
 * back to the day with the times as they are now.
 */
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { sessionWhen } from '../../src/shared/datetime'
import { refundDeadlineLine } from '../../src/shared/refund-policy'
import { ApiError, get } from '../lib/api'
import { dateIn, MonthView, type Slot, TimesOfDay, ZonePicker } from './calendar'
import { ConfirmStep } from './confirm'
import type { SessionBookingProps } from './props'

type Booking = NonNullable<SessionBookingProps['resume']>

type PaymentModule = typeof import('../checkout/payment-step')
let Payment: PaymentModule['PaymentStep'] | null = null
const loadPayment = () => import('../checkout/payment-step').then((m) => (Payment = m.PaymentStep))
const LazyPayment = lazy(() => loadPayment().then((P) => ({ default: P as ComponentType<any> })))
if (typeof window === 'undefined') void loadPayment()

/** A resumed booking needs the card step before hydration. */
SessionBooking.prepare = (props: SessionBookingProps) => (props.resume ? loadPayment() : undefined)

const lastDay = (month: string) => {
  const d = new Date(`${month}-01T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + 1, 0)
  return d.toISOString().slice(0, 10)
}

export default function SessionBooking(props: SessionBookingProps) {
  const [tz, setTz] = useState(props.coachTimeZone)
  const [month, setMonth] = useState(props.today.slice(0, 7))
  const [slots, setSlots] = useState<Slot[] | null>(null)
  const [day, setDay] = useState<string | null>(null)
  const [slot, setSlot] = useState<Slot | null>(null)
  const [booking, setBooking] = useState<Booking | null>(props.resume)
  const [notice, setNotice] = useState<string | null>(null)
  const [ready, setReady] = useState(false)
  const [round, setRound] = useState(0)
  const wanted = useRef(props.start)
  const minMonth = props.today.slice(0, 7)

  // The visitor's own zone, once in the browser (the server rendered the coach's); times load after it.
  useEffect(() => {
    const mine = Intl.DateTimeFormat().resolvedOptions().timeZone || props.coachTimeZone
    setTz(mine)
    if (wanted.current) setMonth(dateIn(wanted.current, mine).slice(0, 7))
    setReady(true)
  }, [props.coachTimeZone])

  useEffect(() => {
    if (booking || !ready) return
    let live = true
    setSlots(null)
    void get<{ data: Slot[] }>(`/v1/public/session-types/${props.sessionTypeId}/slots`, {
      query: { from: `${month}-01`, to: lastDay(month), timeZone: tz },
      silent: true,
    })
      .then((r) => r.data)
      .catch((err) => {
        if (live) setNotice(err instanceof ApiError && err.message ? err.message : 'The free times could not be loaded. Try again.')
        return [] as Slot[]
      })
      .then((list) => {
        if (!live) return
        setSlots(list)
        // Back from signing in: the time picked before, if it is still free.
        const start = wanted.current
        if (!start) return
        wanted.current = null
        const found = list.find((s) => s.start === start)
        if (found) {
          setDay(dateIn(found.start, tz))
          setSlot(found)
        } else setNotice('The time you picked is no longer free: pick another one.')
      })
    return () => {
      live = false
    }
  }, [month, tz, ready, booking, round, props.sessionTypeId])

  const byDay = useMemo(() => {
    const m = new Map<string, Slot[]>()
    for (const s of slots ?? []) {
      const d = dateIn(s.start, tz)
      if (!d.startsWith(month)) continue
      const list = m.get(d)
      if (list) list.push(s)
      else m.set(d, [s])
    }
    return m
  }, [slots, tz, month])

  const sessionOf = (start: string) => {
    const end = new Date(Date.parse(start) + props.durationMinutes * 60_000).toISOString()
    return { startDate: start, endDate: end, timezone: props.coachTimeZone, place: props.place, when: sessionWhen(start, end, props.coachTimeZone, tz) }
  }
  const checkoutProps = {
    scheduleId: props.sessionTypeId,
    userId: props.viewer?.id ?? '',
    billingName: props.viewer?.billingName ?? '',
    email: props.viewer?.email ?? '',
    title: props.title,
    price: props.price,
    currency: props.currency,
    seatsLeft: 1,
    bookingUrl: '/b/bookings/{id}',
    what: 'session' as const,
    moreUrl: props.coachUrl,
    // The confirmation's summary and calendar links: the session in the coach's zone (the visitor's beside).
    session: booking?.startsAt ? sessionOf(booking.startsAt) : undefined,
    refundDeadline: booking?.startsAt ? refundDeadlineLine(props.refundPolicy, booking.startsAt, props.coachTimeZone) : null,
  }

  if (booking) {
    if (Payment) return <Payment booking={booking} {...checkoutProps} />
    return (
      <Suspense fallback={<p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Loading the payment form…</p>}>
        <LazyPayment booking={booking} {...checkoutProps} />
      </Suspense>
    )
  }

  if (slot)
    return (
      <ConfirmStep
        {...props}
        slot={slot}
        tz={tz}
        onBack={() => setSlot(null)}
        onBooked={(b) => {
          void loadPayment().then(() => setBooking(b))
        }}
        onTaken={(message) => {
          setSlot(null)
          setNotice(message)
          setRound((n) => n + 1)
        }}
      />
    )

  const times = day ? byDay.get(day) : undefined
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '5' })}>
      <div>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Pick a time</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {props.durationMinutes} minutes with {props.coachName}.
        </p>
      </div>
      {notice ? (
        <p
          role="alert"
          className={css({
            borderWidth: '1px',
            borderColor: 'amber.7',
            bg: 'amber.2',
            color: 'amber.12',
            borderRadius: 'l2',
            px: '3',
            py: '2',
            fontSize: 'sm',
          })}
        >
          {notice}
        </p>
      ) : null}
      <ZonePicker tz={tz} coachTimeZone={props.coachTimeZone} coachName={props.coachName} onChange={setTz} />
      <MonthView
        month={month}
        minMonth={minMonth}
        byDay={byDay}
        selected={day}
        loading={slots === null}
        onMonth={(m) => {
          setMonth(m)
          setDay(null)
        }}
        onDay={(d) => {
          setDay(d)
          setNotice(null)
        }}
      />
      {times ? <TimesOfDay date={day!} slots={times} tz={tz} onPick={setSlot} /> : null}
    </div>
  )
}
