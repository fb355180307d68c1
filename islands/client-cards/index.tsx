/**
 * Saved cards: list, add with Stripe Elements (Stripe.js from the server's stripe-key: the local
 * stand-in in development and tests), make default, remove. Errors per section 8.
 */

import { lazy, Suspense, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { api, del, get } from '../lib/api'

/** The card form (Stripe Elements) is fetched when "Add card" is first pressed. */
const AddCard = lazy(() => import('./add-card'))

interface SavedCard {
  id: string
  brand: string | null
  last4: string | null
  expMonth: number | null
  expYear: number | null
  isDefault: boolean
  /** Past its expiry month: listed so it can be removed, but it cannot pay or become the default. */
  expired: boolean
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
              <span className={css({ fontSize: 'sm', color: c.expired ? 'fg.muted' : undefined })}>
                <strong className={css({ textTransform: 'capitalize' })}>{c.brand ?? 'Card'}</strong> •••• {c.last4} ·{' '}
                <span className={css({ color: c.expired ? 'fg.error' : undefined })}>{c.expired ? 'expired' : 'expires'}</span>{' '}
                {String(c.expMonth ?? '').padStart(2, '0')}/{c.expYear}
                {c.expired ? (
                  <span
                    className={css({ ml: '2', px: '2', py: '0.5', borderRadius: 'full', bg: 'red.3', color: 'red.11', fontSize: 'xs', fontWeight: 'semibold' })}
                  >
                    Expired
                  </span>
                ) : c.isDefault ? (
                  <span className={css({ ml: '2', px: '2', py: '0.5', borderRadius: 'full', bg: 'colorPalette.a3', fontSize: 'xs', fontWeight: 'semibold' })}>
                    Default
                  </span>
                ) : null}
              </span>
              <span className={css({ display: 'flex', gap: '2' })}>
                {!c.isDefault && !c.expired ? (
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
        <Suspense fallback={<p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Loading the card form…</p>}>
          <AddCard onAdded={() => (setAdding(false), void load())} onCancel={() => setAdding(false)} />
        </Suspense>
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
