/**
 * Saved cards: list, add with Stripe Elements (Stripe.js from the server's stripe-key: the local
 * stand-in in development and tests), make default, remove. Errors per section 8.
 */

import type { StripeCardElement } from '@stripe/stripe-js'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { getStripe } from '../checkout/stripe'
import { ApiError, api, del, get, post } from '../lib/api'
import { notify } from '../lib/toast'

interface SavedCard {
  id: string
  brand: string | null
  last4: string | null
  expMonth: number | null
  expYear: number | null
  isDefault: boolean
}

function AddCard({ onAdded, onCancel }: { onAdded: () => void; onCancel: () => void }) {
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

export default function ClientCards() {
  const [cards, setCards] = useState<SavedCard[] | null>(null)
  const [adding, setAdding] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const load = () =>
    get<{ data: SavedCard[] }>('/v1/payments/payment-methods')
      .then((r) => setCards(r.data))
      .catch(() => setCards([]))
  useEffect(() => {
    void load()
  }, [])
  async function act(id: string, kind: 'default' | 'remove') {
    setBusy(`${kind}:${id}`)
    try {
      if (kind === 'default') await api('PUT', '/v1/payments/payment-methods/default', { body: { paymentMethodId: id } })
      else await del(`/v1/payments/payment-methods/${id}`)
      await load()
    } catch {
      // The API client shows the error toast.
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      {cards === null ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Loading your cards…</p>
      ) : cards.length ? (
        <ul aria-label="Saved cards" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          {cards.map((c) => (
            <li
              key={c.id}
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                gap: '2',
                alignItems: 'center',
                justifyContent: 'space-between',
                borderWidth: '1px',
                borderColor: 'border.subtle',
                borderRadius: 'l2',
                p: '3',
              })}
            >
              <span className={css({ fontSize: 'sm' })}>
                <strong className={css({ textTransform: 'capitalize' })}>{c.brand ?? 'Card'}</strong> •••• {c.last4} · expires{' '}
                {String(c.expMonth ?? '').padStart(2, '0')}/{c.expYear}
                {c.isDefault ? (
                  <span className={css({ ml: '2', px: '2', py: '0.5', borderRadius: 'full', bg: 'colorPalette.a3', fontSize: 'xs', fontWeight: 'semibold' })}>
                    Default
                  </span>
                ) : null}
              </span>
              <span className={css({ display: 'flex', gap: '2' })}>
                {!c.isDefault ? (
                  <Button
                    size="xs"
                    variant="outline"
                    loading={busy === `default:${c.id}`}
                    onClick={() => act(c.id, 'default')}
                    aria-label={`Make card ending ${c.last4} the default`}
                  >
                    Make default
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  variant="outline"
                  loading={busy === `remove:${c.id}`}
                  onClick={() => act(c.id, 'remove')}
                  aria-label={`Remove card ending ${c.last4}`}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>No saved cards. Add one to pay faster at checkout.</p>
      )}
      {adding ? (
        <AddCard onAdded={() => (setAdding(false), void load())} onCancel={() => setAdding(false)} />
      ) : (
        <div>
          <Button variant="outline" onClick={() => setAdding(true)}>
            Add a card
          </Button>
        </div>
      )}
    </div>
  )
}
