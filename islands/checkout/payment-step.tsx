/**
 * The card step of the checkout and its confirmation. A booking with nothing to pay arrives
 * CONFIRMED and goes straight to the confirmation. Otherwise: the card element (Stripe.js),
 * POST payments/bookings/{id}/payment-intent for the client secret, confirmCardPayment, then
 * POST payments/bookings/{id}/finalize. A declined card shows the provider's message and the
 * same button tries again.
 */

import type { StripeCardElement } from '@stripe/stripe-js'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { ApiError, post } from '../lib/api'
import type { CheckoutProps } from './props'
import { getStripe } from './stripe'

export interface Booking {
  id: string
  status: string
  seats: number
  amountTotal: number
  discount: number
  amountDue: number
  amountPaid: number
  currency: string
  voucherCode: string | null
  holdExpiresAt: string | null
}

interface Intent {
  paymentIntentId: string
  clientSecret: string | null
  status: string
  bookingStatus: string | null
}

const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`
  }
}
const messageOf = (err: unknown, fallback: string) => ((err instanceof ApiError || err instanceof Error) && err.message ? err.message : fallback)

/** Milliseconds left on the seat hold, ticking each second (client only: null on the server and before mount). */
function useHoldLeft(until: string | null) {
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => {
    const end = until ? Date.parse(until) : NaN
    if (Number.isNaN(end)) return
    const tick = () => setLeft(Math.max(0, end - Date.now()))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [until])
  return left
}

const mmss = (ms: number) => {
  const s = Math.ceil(ms / 1000)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

export function PaymentStep({ booking, ...props }: { booking: Booking } & CheckoutProps) {
  const [status, setStatus] = useState(booking.status)
  if (status === 'CONFIRMED') return <Confirmation booking={booking} {...props} />
  return <CardForm booking={booking} {...props} onPaid={() => setStatus('CONFIRMED')} />
}

function CardForm({ booking, onPaid, ...props }: { booking: Booking; onPaid: () => void } & CheckoutProps) {
  const mountRef = useRef<HTMLDivElement>(null)
  const cardRef = useRef<StripeCardElement | null>(null)
  const [ready, setReady] = useState(false)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [paying, setPaying] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const holdLeft = useHoldLeft(booking.holdExpiresAt)
  const expired = holdLeft === 0

  useEffect(() => {
    let cancelled = false
    setLoadError(null)
    getStripe()
      .then((stripe) => {
        if (cancelled || !mountRef.current) return
        const card = stripe.elements().create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } })
        card.on('change', (e) => setError(e.error?.message ?? null))
        card.mount(mountRef.current)
        cardRef.current = card
        setReady(true)
      })
      .catch((err) => !cancelled && setLoadError(messageOf(err, 'The payment form could not be loaded.')))
    return () => {
      cancelled = true
      cardRef.current?.destroy()
      cardRef.current = null
      setReady(false)
    }
  }, [attempt])

  const pay = async () => {
    const card = cardRef.current
    if (!card) return
    setPaying(true)
    setError(null)
    try {
      const stripe = await getStripe()
      const { data: intent } = await post<{ data: Intent }>(`/v1/payments/bookings/${booking.id}/payment-intent`, {}, { silent: true })
      if (intent.bookingStatus === 'CONFIRMED') return onPaid()
      const result = await stripe.confirmCardPayment(intent.clientSecret!, {
        payment_method: { card, billing_details: { name: props.billingName, email: props.email } },
      })
      if (result.error) {
        setError(result.error.message ?? 'Your card was declined. Try another card.')
        return
      }
      const pi = result.paymentIntent
      if (pi?.status !== 'succeeded' && pi?.status !== 'processing') {
        setError('The payment was not completed. Try again or use another card.')
        return
      }
      const { data } = await post<{ data: Intent }>(`/v1/payments/bookings/${booking.id}/finalize`, { paymentIntentId: pi.id }, { silent: true })
      if (data.bookingStatus === 'CONFIRMED' || pi.status === 'succeeded') onPaid()
      else setError('The payment is still being processed. Check your bookings in a moment.')
    } catch (err) {
      setError(messageOf(err, 'The payment could not be completed. Try again.'))
    } finally {
      setPaying(false)
    }
  }

  return (
    <form
      aria-label="Pay by card"
      noValidate
      className={css({ display: 'flex', flexDir: 'column', gap: '5' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (!paying) void pay()
      }}
    >
      <div>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Pay by card</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="hold">
          Your {booking.seats === 1 ? 'seat is' : `${booking.seats} seats are`} held for you
          {holdLeft ? (
            <>
              {' '}
              for <strong className={css({ fontVariantNumeric: 'tabular-nums', color: 'fg.default' })}>{mmss(holdLeft)}</strong>
            </>
          ) : (
            ' while you pay'
          )}
          .
        </p>
      </div>
      <div
        className={css({
          display: 'flex',
          flexDir: 'column',
          gap: '2',
          borderWidth: '1px',
          borderColor: 'border.subtle',
          borderRadius: 'l2',
          p: '4',
          bg: 'bg.subtle',
        })}
        data-testid="amount-due"
      >
        <p className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })}>
          <span>
            {props.title} × {booking.seats}
          </span>
          <span>{money(booking.amountTotal, booking.currency)}</span>
        </p>
        {booking.discount > 0 && (
          <p className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm', color: 'green.11' })}>
            <span>Voucher {booking.voucherCode}</span>
            <span>−{money(booking.discount, booking.currency)}</span>
          </p>
        )}
        <p className={css({ display: 'flex', justifyContent: 'space-between', fontWeight: 'bold' })}>
          <span>Amount due</span>
          <span>{money(booking.amountDue, booking.currency)}</span>
        </p>
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
        <span id="card-label" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
          Card details
        </span>
        <div
          ref={mountRef}
          role="group"
          aria-labelledby="card-label"
          aria-invalid={error ? true : undefined}
          className={css({
            minH: '11',
            px: '3',
            py: '2.5',
            display: 'flex',
            alignItems: 'center',
            borderWidth: '1px',
            borderColor: error ? 'border.error' : 'border.default',
            borderRadius: 'l2',
            bg: 'bg.default',
            _focusWithin: { borderColor: 'colorPalette.default', boxShadow: '0 0 0 1px var(--colors-color-palette-default)' },
          })}
        >
          {!ready && !loadError && <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>Loading the secure card form…</span>}
        </div>
        {error && (
          <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })} data-testid="card-error">
            {error}
          </p>
        )}
        {loadError && (
          <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
            {loadError}{' '}
            <button type="button" className={css({ textDecoration: 'underline', cursor: 'pointer' })} onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </p>
        )}
      </div>
      {expired && (
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
          The hold on these seats has expired.{' '}
          <button type="button" className={css({ textDecoration: 'underline', cursor: 'pointer', fontWeight: 'semibold' })} onClick={() => location.reload()}>
            Book again
          </button>
        </p>
      )}
      <Button type="submit" size="lg" loading={paying} loadingText="Paying..." disabled={!ready || expired}>
        Pay {money(booking.amountDue, booking.currency)}
      </Button>
      <p className={css({ color: 'fg.muted', fontSize: 'xs', textAlign: 'center' })}>Payments are processed securely by our card payment provider.</p>
    </form>
  )
}

function Confirmation({ booking, ...props }: { booking: Booking } & CheckoutProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const href = props.bookingUrl.replace('{id}', booking.id)
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4', alignItems: 'flex-start' })} role="status">
      <span
        aria-hidden="true"
        className={css({
          w: '12',
          h: '12',
          borderRadius: 'full',
          bg: 'green.3',
          color: 'green.11',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: '2xl',
          fontWeight: 'bold',
        })}
      >
        ✓
      </span>
      <h2 ref={heading} tabIndex={-1} className={css({ fontSize: '2xl', fontWeight: 'bold', outline: 'none' })}>
        You're booked!
      </h2>
      <p>
        {booking.seats === 1 ? 'Your seat' : `${booking.seats} seats`} for <strong>{props.title}</strong> {booking.seats === 1 ? 'is' : 'are'} confirmed.
      </p>
      {booking.seats > 1 && <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Invite the people joining you from the booking page.</p>}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <a
          href={href}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            h: '10',
            px: '4',
            borderRadius: 'l2',
            fontWeight: 'semibold',
            textDecoration: 'none',
            bg: 'colorPalette.default',
            color: 'colorPalette.fg',
            _hover: { bg: 'colorPalette.emphasized' },
          })}
        >
          View booking
        </a>
        <a
          href="/workshops"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            h: '10',
            px: '4',
            borderRadius: 'l2',
            fontWeight: 'medium',
            textDecoration: 'none',
            borderWidth: '1px',
            borderColor: 'border.default',
            color: 'fg.default',
            _hover: { bg: 'bg.subtle' },
          })}
        >
          Browse more workshops
        </a>
      </div>
    </div>
  )
}
