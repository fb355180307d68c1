/**
 * The card step of the checkout and its confirmation. A booking with nothing to pay arrives
 * CONFIRMED and goes straight to the confirmation. Otherwise the client picks a saved card
 * (the default preselected: a returning client pays in one click here) or a new one:
 *  - saved card: POST payments/bookings/{id}/payment-intent `{ paymentMethodId }` confirms on
 *    the server; a card that asks for 3-D Secure answers requires_action and Stripe.js
 *    handleNextAction runs the step, then finalize;
 *  - new card: the card element (Stripe.js), the intent (`savePaymentMethod` when "Save this
 *    card for next time" is ticked), confirmCardPayment (which runs a 3-D Secure step itself),
 *    then POST payments/bookings/{id}/finalize.
 * A declined card shows the provider's message and the same button tries again.
 */

import type { StripeCardElement } from '@stripe/stripe-js'
import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes/input'
import { Button } from '../../design-system/components/button/button'
import { formatAmount } from '../../src/shared/money'
import { count } from '../../src/shared/words'
import { ApiError, post } from '../lib/api'
import { type SaleTax, TaxRows } from '../lib/tax-rows'
import { Confirmation } from './confirmation'
import type { CheckoutProps } from './props'
import { CardChoice, loadSavedCards, NEW_CARD, preselect, type SavedCard } from './saved-cards'
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
  /** The tax the server computed for this booking (null for a team that charges none). */
  tax?: SaleTax | null
}

interface Intent {
  paymentIntentId: string
  clientSecret: string | null
  status: string
  bookingStatus: string | null
}

const money = (amount: number, currency: string) => formatAmount(amount, currency)
const messageOf = (err: unknown, fallback: string) => {
  if (err instanceof ApiError) return err.errors?.paymentMethodId?.[0] ?? err.errors?.payment?.[0] ?? (err.message || fallback)
  return err instanceof Error && err.message ? err.message : fallback
}

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

/** "4:59" (minutes and seconds); past an hour "1:04:59". */
const mmss = (ms: number) => {
  const s = Math.ceil(ms / 1000)
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return `${h ? `${h}:${String(m).padStart(2, '0')}` : m}:${String(s % 60).padStart(2, '0')}`
}

export function PaymentStep({ booking, ...props }: { booking: Booking } & CheckoutProps) {
  const [status, setStatus] = useState(booking.status)
  if (status === 'CONFIRMED') return <Confirmation booking={booking} {...props} />
  return <CardForm booking={booking} {...props} onPaid={() => setStatus('CONFIRMED')} />
}

function CardForm({ booking, onPaid, ...props }: { booking: Booking; onPaid: () => void } & CheckoutProps) {
  const mountRef = useRef<HTMLDivElement>(null)
  const cardRef = useRef<StripeCardElement | null>(null)
  const [cards, setCards] = useState<SavedCard[] | null>(null)
  const [choice, setChoice] = useState<string>(NEW_CARD)
  const [save, setSave] = useState(false)
  const [ready, setReady] = useState(false)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [paying, setPaying] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const holdLeft = useHoldLeft(booking.holdExpiresAt)
  const expired = holdLeft === 0
  const newCard = cards !== null && choice === NEW_CARD

  useEffect(() => {
    let cancelled = false
    void loadSavedCards().then((list) => {
      if (cancelled) return
      setCards(list)
      setChoice(preselect(list))
      // Stripe.js is ready before a saved card needs it for a 3-D Secure step.
      if (list.length) void getStripe().catch(() => {})
    })
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(() => {
    if (!newCard) return
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
  }, [attempt, newCard])

  /** After the provider said succeeded (or processing): the booking is confirmed by finalize. */
  const finalize = async (pi: { id: string; status: string } | undefined) => {
    if (pi?.status !== 'succeeded' && pi?.status !== 'processing') {
      setError('The payment was not completed. Try again or use another card.')
      return
    }
    const { data } = await post<{ data: Intent }>(`/v1/payments/bookings/${booking.id}/finalize`, { paymentIntentId: pi.id }, { silent: true })
    if (data.bookingStatus === 'CONFIRMED' || pi.status === 'succeeded') onPaid()
    else setError('The payment is still being processed. Check your bookings in a moment.')
  }

  const payWithSavedCard = async (paymentMethodId: string) => {
    const { data: intent } = await post<{ data: Intent }>(`/v1/payments/bookings/${booking.id}/payment-intent`, { paymentMethodId }, { silent: true })
    if (intent.bookingStatus === 'CONFIRMED') return onPaid()
    if (intent.status === 'requires_action' && intent.clientSecret) {
      const stripe = await getStripe()
      const result = await stripe.handleNextAction({ clientSecret: intent.clientSecret })
      if (result.error) return setError(result.error.message ?? 'Your card could not be authenticated. Try again or use another card.')
      return finalize(result.paymentIntent)
    }
    return finalize({ id: intent.paymentIntentId, status: intent.status })
  }

  const payWithNewCard = async () => {
    const card = cardRef.current
    if (!card) return
    const stripe = await getStripe()
    const { data: intent } = await post<{ data: Intent }>(`/v1/payments/bookings/${booking.id}/payment-intent`, { savePaymentMethod: save }, { silent: true })
    if (intent.bookingStatus === 'CONFIRMED') return onPaid()
    const result = await stripe.confirmCardPayment(intent.clientSecret!, {
      payment_method: { card, billing_details: { name: props.billingName, email: props.email } },
    })
    if (result.error) return setError(result.error.message ?? 'Your card was declined. Try another card.')
    return finalize(result.paymentIntent)
  }

  const pay = async () => {
    if (cards === null || (newCard && !cardRef.current)) return
    setPaying(true)
    setError(null)
    try {
      if (newCard) await payWithNewCard()
      else await payWithSavedCard(choice)
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
          {props.what === 'session' ? 'This time is' : `Your ${booking.seats === 1 ? 'seat is' : count(booking.seats, 'seat is')}`} held for you
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
        <p className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm' })}>
          <span>{props.what === 'session' ? props.title : `${props.title} × ${booking.seats}`}</span>
          <span className={css({ whiteSpace: 'nowrap' })}>{money(booking.amountTotal, booking.currency)}</span>
        </p>
        {booking.discount > 0 && (
          <p className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm', color: 'green.11' })}>
            <span>Voucher {booking.voucherCode}</span>
            <span>−{money(booking.discount, booking.currency)}</span>
          </p>
        )}
        <TaxRows tax={booking.tax} currency={booking.currency} />
        <p className={css({ display: 'flex', justifyContent: 'space-between', fontWeight: 'bold' })}>
          <span>Amount due</span>
          <span>{money(booking.amountDue, booking.currency)}</span>
        </p>
      </div>
      {cards === null ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm', minH: '12' })} aria-busy="true">
          Loading your saved cards…
        </p>
      ) : cards.length ? (
        <CardChoice
          cards={cards}
          value={choice}
          disabled={paying}
          onChange={(id) => {
            setChoice(id)
            setError(null)
          }}
        />
      ) : null}
      {newCard ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
          <span id="card-label" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            Card details
          </span>
          <div
            ref={mountRef}
            role="group"
            aria-labelledby="card-label"
            aria-invalid={error ? true : undefined}
            className={cx(
              input({ size: 'md' }),
              css({
                h: 'auto',
                minH: '11',
                py: '2.5',
                display: 'flex',
                alignItems: 'center',
                bg: 'bg.default',
                _focusWithin: { borderColor: 'colorPalette.default', boxShadow: '0 0 0 1px var(--colors-color-palette-default)' },
              }),
            )}
          >
            {!ready && !loadError && <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>Loading the secure card form…</span>}
          </div>
          {loadError && (
            <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
              {loadError}{' '}
              <Button variant="link" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            </p>
          )}
          <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm', cursor: 'pointer', mt: '1', alignSelf: 'flex-start' })}>
            <input
              type="checkbox"
              name="save-card"
              checked={save}
              disabled={paying}
              onChange={(e) => setSave(e.target.checked)}
              className={css({ w: '4', h: '4', accentColor: 'var(--colors-color-palette-default)' })}
            />
            Save this card for next time
          </label>
        </div>
      ) : null}
      {error && (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })} data-testid="card-error">
          {error}
        </p>
      )}
      {expired && (
        <p
          role="alert"
          className={css({
            borderWidth: '1px',
            borderColor: 'yellow.7',
            bg: 'yellow.2',
            color: 'yellow.12',
            borderRadius: 'l2',
            px: '3',
            py: '2',
            fontSize: 'sm',
          })}
        >
          {props.what === 'session' ? 'The hold on this time has expired.' : 'The hold on these seats has expired.'}{' '}
          <Button variant="link" onClick={() => location.reload()}>
            Book again
          </Button>
        </p>
      )}
      <Button type="submit" size="lg" loading={paying} loadingText="Paying..." disabled={expired || cards === null || (newCard && !ready)}>
        Pay {money(booking.amountDue, booking.currency)}
      </Button>
      <p className={css({ color: 'fg.muted', fontSize: 'xs', textAlign: 'center' })}>Payments are processed securely by our card payment provider.</p>
    </form>
  )
}
