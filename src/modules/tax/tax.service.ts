/**
 * A team's tax profile (read, saved as a whole) and the tax of a sale: the decision of
 * tax.rules.ts with the amounts, as a booking keeps it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { toMajor } from '../../shared/money'
import type { ViewOf } from '../../shared/view'
import { type Buyer, decideTax, type Supply, type TaxDecision, taxAmounts } from './tax.rules'
import { type BillingInput, type BookingTaxView, priceNoteOf, type TaxProfileInput, type TaxProfileView } from './tax.schema'
import { TaxProfile } from './tax-profile.entity'

/** The tax of a booking: the decision and its amounts in minor units (net, tax, gross of what is due). */
export interface BookingTax extends TaxDecision {
  net: number
  tax: number
  gross: number
}

/** The buyer's billing details a booking keeps for its invoice. */
export type Billing = BillingInput

/**
 * The team's profile, read fresh through the caller's EntityManager (inside a transaction, its
 * connection: never a second pool connection while the transaction holds locks).
 */
export const loadTaxProfile = (em: EntityManager, tenantId: string) => em.findOne(TaxProfile, { tenant: tenantId }, { refresh: true, filters: false })

export function serializeTaxProfile(p: TaxProfile | null): ViewOf<typeof TaxProfileView> {
  return {
    legalName: p?.legalName ?? null,
    address: p?.address ?? null,
    country: p?.country ?? null,
    region: p?.region ?? null,
    taxId: p?.taxId ?? null,
    registered: !!p?.registered,
    pricesIncludeTax: !!p?.pricesIncludeTax,
    rates: (p?.rates ?? []).map((r) => ({ country: r.country, region: r.region ?? null, rate: r.rate })),
    priceNote: priceNoteOf(p),
  }
}

/**
 * Saves the team's profile as a whole (one row per team: an upsert, so two saves never make two
 * rows). Answers the row and what prices now show beside them.
 */
export async function saveTaxProfile(em: EntityManager, tenantId: string, input: TaxProfileInput) {
  await em.execute(
    `insert into tax_profiles (id, created_at, updated_at, tenant_id, legal_name, address, country, region, tax_id, registered, prices_include_tax, rates)
     values (?, now(), now(), ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)
     on conflict (tenant_id) do update set legal_name = excluded.legal_name, address = excluded.address, country = excluded.country,
       region = excluded.region, tax_id = excluded.tax_id, registered = excluded.registered, prices_include_tax = excluded.prices_include_tax,
       rates = excluded.rates, updated_at = now()`,
    [
      Bun.randomUUIDv7(),
      tenantId,
      input.legalName ?? null,
      input.address ?? null,
      input.country,
      input.region ?? null,
      input.taxId ?? null,
      input.registered,
      input.pricesIncludeTax,
      JSON.stringify(input.rates.map((r) => ({ country: r.country, region: r.region ?? null, rate: r.rate }))),
    ],
  )
  const row = await em.findOneOrFail(TaxProfile, { tenant: tenantId }, { refresh: true })
  return { profile: row, priceNote: priceNoteOf(row) }
}

/** The tax of a sale of `amount` minor units (in the price's terms) by a team with `profile`. */
export function taxOfSale(profile: TaxProfile | null, supply: Supply, buyer: Buyer, amount: number, at: Date): BookingTax {
  const decision = decideTax(
    profile && {
      registered: profile.registered,
      pricesIncludeTax: profile.pricesIncludeTax,
      country: profile.country,
      region: profile.region,
      rates: profile.rates,
    },
    supply,
    buyer,
    at,
  )
  return { ...decision, ...taxAmounts(amount, decision) }
}

/** The same decision on another amount (a move to another date priced anew). */
export function retax(t: BookingTax | null | undefined, amount: number): BookingTax | null {
  if (!t) return null
  return { ...t, ...taxAmounts(amount, t) }
}

export function serializeBookingTax(t: BookingTax | null | undefined, currency: string): ViewOf<typeof BookingTaxView> | null {
  if (!t) return null
  return {
    kind: t.kind,
    rate: t.rate,
    country: t.country,
    region: t.region,
    name: t.name,
    included: t.included,
    net: toMajor(t.net, currency),
    tax: toMajor(t.tax, currency),
    gross: toMajor(t.gross, currency),
    note: t.note,
  }
}
