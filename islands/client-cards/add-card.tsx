/** Add a card with Stripe Elements (Stripe.js from the server's stripe-key: the local stand-in in development and tests). */
import type { StripeCardElement } from '@stripe/stripe-js'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { getStripe } from '../checkout/stripe'
import { ApiError, post } from '../lib/api'
import { notify } from '../lib/toast'

export default function AddCard({ onAdded, onCancel }: { onAdded: () => void; onCancel: () => void }) {
  const mountRef = useRef<HTMLDivElement>(null)
  const cardRef = useRef<StripeCardElement | null>(null)
  const [ready, setReady] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let cancelled = false
    getStripe()
      .then((stripe) => {
        if (cancelled || !mountRef.current) return
        const card = stripe.elements().create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } })
        card.mount(mountRef.current)
        cardRef.current = card
        setReady(true)
      })
      .catch((err) => setError(err instanceof Error ? err.message : 'The card form could not be loaded.'))
    return () => {
      cancelled = true
      cardRef.current?.destroy()
    }
  }, [])
  async function save() {
    setBusy(true)
    setError(null)
    try {
      const stripe = await getStripe()
      const res = await stripe.createPaymentMethod({ type: 'card', card: cardRef.current! })
      if (res.error) return setError(res.error.message ?? 'Your card could not be saved.')
      await post('/v1/payments/payment-methods', { paymentMethodId: res.paymentMethod!.id, default: false }, { silent: true })
      notify({ type: 'success', title: 'Card saved', description: 'You can pay with it at checkout.' })
      onAdded()
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors ? Object.values(err.errors)[0]?.[0] : err.message) || 'Something went wrong!' : 'Something went wrong!')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', p: '4' })}>
      <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>Add a card</p>
      <div ref={mountRef} className={css({ minH: '10' })} data-testid="card-element" />
      {error ? (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
          {error}
        </p>
      ) : null}
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button onClick={save} loading={busy} disabled={!ready}>
          Save card
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
