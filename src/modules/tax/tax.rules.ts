/**
 * Which tax a sale carries and how much, from the seller's tax profile, where the service is
 * supplied and who buys. Pure functions: the bookings module calls them in the booking's
 * transaction, reschedules reuse the decision, invoices and credit notes copy it.
 *
 * The rules (README "Money, tax and invoices"):
 *  - A team not registered for tax charges none (kind `none`).
 *  - In person (and hybrid): taxed where it takes place (the schedule's country; Canada: its
 *    province), at that country's rate, whoever buys (EU: admission to events, Art. 53).
 *  - Online to a business with a valid VAT ID of another country than the seller's (EU, UK,
 *    Switzerland, Norway): reverse charge, 0 %, the buyer accounts for the tax (EU: Art. 196).
 *  - Online to a consumer: the buyer's country (EU sellers to EU consumers: the buyer's member
 *    state's rate, the One-Stop Shop). Outside the seller's tax area: outside its scope, 0 %.
 *  - No rate for the place (the US without a rate of the team's): no tax.
 *  - Prices including tax keep the gross for taxed sales; a 0 % sale (reverse charge, outside
 *    scope) pays the price less the seller's domestic tax (the net).
 */
import { splitTax, taxInGross } from '../../shared/money'
import { type RateOverride, rateFor } from './rates'
import { type TaxKind, taxNameOf } from './tax.schema'
import { isEu } from './tax-id'

export interface SellerTax {
  registered: boolean
  pricesIncludeTax: boolean
  country: string | null
  region?: string | null
  rates?: readonly RateOverride[] | null
}
export interface Supply {
  /** ONLINE, IN-PERSON or HYBRID. */
  mode: string
  /** Where it takes place (in person): the schedule's country and state/province. */
  country?: string | null
  region?: string | null
}
export interface Buyer {
  country?: string | null
  region?: string | null
  /** A VAT ID that passed the billing schema (format and check digit for the chosen country). */
  vatId?: string | null
}

/** What a sale's tax is: kept on the booking and copied to its invoice and credit notes. */
export interface TaxDecision {
  kind: TaxKind
  /** Percent charged (0 for none, reverse charge, outside scope). */
  rate: number
  /** Where it is taxed (the report's country); null for none. */
  country: string | null
  region: string | null
  /** VAT, GST, HST or sales tax (the seller's name for it). */
  name: string
  /** Prices were entered including tax. */
  included: boolean
  /** The seller's domestic rate: what an inclusive price holds when the sale is 0 %. */
  homeRate: number
  /** The sentence an invoice prints for a 0 % sale (reverse charge, outside scope). */
  note: string | null
}

export const REVERSE_CHARGE_EU = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).'
export const REVERSE_CHARGE = 'Reverse charge: the recipient accounts for the tax.'
const VAT_AREAS = new Set(['GB', 'CH', 'NO'])
const hasVat = (c: string) => isEu(c) || VAT_AREAS.has(c)
/** The seller's own tax area: the EU is one for VAT on services to EU consumers. */
const sameArea = (seller: string, place: string) => seller === place || (isEu(seller) && isEu(place))

const NONE = (included: boolean): TaxDecision => ({ kind: 'none', rate: 0, country: null, region: null, name: 'tax', included, homeRate: 0, note: null })

export function decideTax(seller: SellerTax | null | undefined, supply: Supply, buyer: Buyer, at: Date): TaxDecision {
  if (!seller?.registered || !seller.country) return NONE(!!seller?.pricesIncludeTax)
  const home = seller.country.toUpperCase()
  const homeRegion = seller.region?.toUpperCase() ?? null
  const overrides = seller.rates ?? []
  const included = seller.pricesIncludeTax
  const homeRate = rateFor(home, homeRegion, at, overrides) ?? 0
  const name = taxNameOf(home, homeRegion)
  const base = { included, homeRate, name }
  const buyerCountry = buyer.country?.toUpperCase() || null
  const inPerson = supply.mode !== 'ONLINE'

  let place: string
  let region: string | null
  if (inPerson) {
    place = supply.country?.toUpperCase() || home
    region = place === home && !supply.country ? homeRegion : (supply.region?.toUpperCase() ?? null)
  } else {
    place = buyerCountry ?? home
    region = buyerCountry ? (buyer.region?.toUpperCase() ?? null) : homeRegion
    // A business with a valid VAT ID elsewhere: the recipient accounts for the tax.
    if (buyer.vatId && buyerCountry && buyerCountry !== home && hasVat(home) && hasVat(buyerCountry)) {
      return {
        ...base,
        kind: 'reverse_charge',
        rate: 0,
        country: buyerCountry,
        region: null,
        note: isEu(home) && isEu(buyerCountry) ? REVERSE_CHARGE_EU : REVERSE_CHARGE,
      }
    }
  }
  if (!sameArea(home, place)) {
    const where = isEu(home) ? 'the EU' : home
    return { ...base, kind: 'outside_scope', rate: 0, country: place, region, note: `Not subject to ${name}: the service is supplied outside ${where}.` }
  }
  // Canada: the province of the place (an unknown one: the seller's).
  if (place === 'CA' && !region) region = homeRegion
  const rate = rateFor(place, region, at, overrides)
  if (rate === null) return NONE(included)
  return {
    ...base,
    kind: 'standard',
    rate,
    country: place,
    region: place === 'CA' || place === 'US' ? region : null,
    name: taxNameOf(place, region),
    note: null,
  }
}

/** Net, tax and gross of `amount` (minor units, in the price's terms: gross when prices include tax) under a decision. */
export function taxAmounts(amount: number, d: Pick<TaxDecision, 'kind' | 'rate' | 'included' | 'homeRate'> | null | undefined) {
  if (!d || d.kind === 'none') return { net: amount, tax: 0, gross: amount }
  if (d.kind === 'standard') return splitTax(amount, d.rate, d.included)
  // 0 %: an inclusive price is paid without the seller's domestic tax in it.
  const net = d.included ? amount - taxInGross(amount, d.homeRate) : amount
  return { net, tax: 0, gross: net }
}

/** The split of a refund (gross minor units) of a sale: the same rate, tax inside the refunded amount. */
export function refundSplit(refunded: number, d: Pick<TaxDecision, 'kind' | 'rate'> | null | undefined) {
  if (d?.kind !== 'standard' || !d.rate) return { net: refunded, tax: 0, gross: refunded }
  const tax = taxInGross(refunded, d.rate)
  return { net: refunded - tax, tax, gross: refunded }
}
