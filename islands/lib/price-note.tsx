/**
 * "incl. VAT" / "+ VAT" beside a price: what the team's tax profile says its prices are
 * (`priceNote` of a workshop or a team: `priceNoteOf` in src/modules/tax/tax.schema.ts). A team
 * that charges no tax has none, and nothing is shown. Pages and islands use the same helper.
 */
import { css } from 'styled-system/css'

const note = css({ color: 'fg.muted', fontSize: '0.8em', fontWeight: 'normal', whiteSpace: 'nowrap' })

/** The note after a price, with its space ("€119.00 incl. VAT"), or nothing. */
export function PriceNote({ note: text }: { note: string | null | undefined }) {
  if (!text) return null
  return (
    <>
      {' '}
      <span className={note} data-testid="price-note">
        {text}
      </span>
    </>
  )
}

/** The same in plain text: "€119.00 incl. VAT", or the price alone. */
export const withPriceNote = (price: string, text: string | null | undefined) => (text ? `${price} ${text}` : price)
