/**
 * What a team's money settings change in its catalogue: the note beside its prices ("incl. VAT",
 * "+ VAT") when its tax profile changes, and the currency of its workshops and their prices when
 * the team changes currency (only while it has no paid booking: the teams module checks).
 * Plain UPDATEs in the caller's transaction: the workshops' triggers touch the marketplace rows
 * they show on, so cached cards follow at once.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { fieldError } from '../../platform/http/errors'
import { exponentOf, fitsMinorUnit, toMinor } from '../../shared/money'

export async function setTeamPriceNotes(em: EntityManager, tenantId: string, note: string | null) {
  await em.execute(`update workshops set price_note = ?, updated_at = now() where tenant_id = ? and price_note is distinct from ?`, [note, tenantId, note])
}

/**
 * The team's workshops move to `to`: their prices keep the amount the coach typed (49.99 USD ->
 * 49.99 EUR; 1500 JPY -> 1500.00 USD), rescaled to the new currency's minor unit, rounded half
 * up when it has fewer decimals (49.99 USD -> 50 JPY).
 */
export async function changeTeamCurrency(em: EntityManager, tenantId: string, from: string, to: string) {
  const shift = exponentOf(to) - exponentOf(from)
  const price = shift >= 0 ? `price * ${10 ** shift}` : `round(price / ${10 ** -shift}.0)::int`
  await em.execute(`update workshops set currency = ?, price = ${price}, updated_at = now() where tenant_id = ?`, [to, tenantId])
}

/** A price (a seat's, a session's) in the team's currency's minor units; more decimals than the currency has is a 422 (JPY has none). */
export function priceInMinor(price: number, currency: string) {
  if (!fitsMinorUnit(price, currency)) {
    const digits = exponentOf(currency)
    throw fieldError(
      'price',
      digits ? `Prices in ${currency.toUpperCase()} have at most ${digits} decimals` : `Prices in ${currency.toUpperCase()} are whole amounts`,
    )
  }
  return toMinor(price, currency)
}
