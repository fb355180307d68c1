/**
 * The card choice of the checkout's card step: the client's saved cards (brand, last 4,
 * expiry; the default preselected; an expired one shown but not selectable) and "Use a new
 * card". The list is fetched as soon as the card step's module loads (the booking is being
 * made meanwhile), so a returning client sees it with the step.
 */
import { css, cx } from 'styled-system/css'
import { Badge } from '../../design-system/components/badge/badge'
import { Choice } from '../../design-system/components/choice/choice'
import { get } from '../lib/api'

export interface SavedCard {
  id: string
  brand: string | null
  last4: string | null
  expMonth: number | null
  expYear: number | null
  isDefault: boolean
  expired: boolean
}

export const NEW_CARD = 'new'

let loading: Promise<SavedCard[]> | null = null
/** The saved cards (once per page; a failure reads as none, so the new-card form still works). */
export function loadSavedCards(): Promise<SavedCard[]> {
  loading ??= get<{ data: SavedCard[] }>('/v1/payments/payment-methods', { silent: true })
    .then((r) => r.data)
    .catch(() => {
      loading = null
      return []
    })
  return loading
}
if (typeof window !== 'undefined') void loadSavedCards()

/** The card to preselect: the default when it can pay, else the first that can, else a new card. */
export function preselect(cards: SavedCard[]): string {
  const usable = cards.filter((c) => !c.expired)
  return (usable.find((c) => c.isDefault) ?? usable[0])?.id ?? NEW_CARD
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}
export const brandName = (brand: string | null) => (brand ? (BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card')
const expiry = (c: SavedCard) => `${String(c.expMonth ?? '').padStart(2, '0')}/${String(c.expYear ?? '').slice(-2)}`

export function CardChoice({ cards, value, onChange, disabled }: { cards: SavedCard[]; value: string; onChange: (id: string) => void; disabled?: boolean }) {
  return (
    <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '2', borderWidth: '0', p: '0', m: '0', minW: '0' })} data-testid="card-choice">
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>Pay with</legend>
      {cards.map((c) => {
        const label = `${brandName(c.brand)} ending ${c.last4 ?? '????'}`
        return (
          <Choice key={c.id} size="lg">
            <input
              type="radio"
              name="card"
              value={c.id}
              checked={value === c.id}
              disabled={disabled || c.expired}
              onChange={() => onChange(c.id)}
              aria-label={`${label}, ${c.expired ? 'expired' : 'expires'} ${expiry(c)}`}
            />
            <span className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2', rowGap: '0.5', flex: '1', minW: '0' })}>
              <strong className={css({ fontWeight: 'semibold' })}>{brandName(c.brand)}</strong>
              <span className={css({ fontVariantNumeric: 'tabular-nums' })}>•••• {c.last4}</span>
              <span className={cx(css({ color: c.expired ? 'fg.error' : 'fg.muted', fontVariantNumeric: 'tabular-nums' }))}>
                {c.expired ? `Expired ${expiry(c)}` : `Expires ${expiry(c)}`}
              </span>
            </span>
            {c.expired ? (
              <Badge variant="soft" tone="danger">
                Expired
              </Badge>
            ) : c.isDefault ? (
              <Badge variant="soft" tone="accent">
                Default
              </Badge>
            ) : null}
          </Choice>
        )
      })}
      <Choice size="lg">
        <input type="radio" name="card" value={NEW_CARD} checked={value === NEW_CARD} disabled={disabled} onChange={() => onChange(NEW_CARD)} />
        <span className={css({ fontWeight: 'medium' })}>Use a new card</span>
      </Choice>
    </fieldset>
  )
}
