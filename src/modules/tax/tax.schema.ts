/**
 * A team's tax profile and a buyer's billing details: request bodies with their messages, and
 * the views the API answers. No server imports: the settings form and the checkout validate with
 * the same schemas.
 */
import * as v from 'valibot'
import { countryRule } from '../../shared/country-codes'
import { isEu, normalizeTaxId, taxIdName, validTaxId, vatCountryOf } from './tax-id'
import { REPORT_MESSAGES } from './tax-report.schema'

export { EU_COUNTRIES, isEu, normalizeTaxId, taxIdName, validTaxId } from './tax-id'

/** Canada's provinces and territories: GST or HST by the place of supply's province. */
export const CA_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const

export const TAX_MESSAGES = {
  legalName: 'Legal name is required',
  address: 'Address is required',
  country: 'Please select a valid country',
  region: 'Please select a province',
  taxIdRequired: 'A tax ID is required to charge tax',
  taxId: (country: string) => `Please enter a valid ${taxIdName(country)} of ${country.toUpperCase()}`,
  rate: 'A rate is a percentage from 0 to 100 with at most 3 decimals',
  rates: 'At most 50 rates',
  company: 'Company name is required',
  billingAddress: 'Address is required',
  vatId: 'Please enter a valid VAT ID',
  vatIdCountry: 'The VAT ID must be one of the country you chose',
  ...REPORT_MESSAGES,
} as const
const M = TAX_MESSAGES

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `Must be at most ${max} characters`))
const optionalText = (max: number) => v.optional(v.nullable(text(max)), null)
const regionRule = v.nullable(v.pipe(v.string(M.region), v.trim(), v.toUpperCase(), v.maxLength(8, M.region)))

/** A rate in percent: 0 to 100, at most three decimals (8.1, 14.975). */
export const rateRule = v.pipe(
  v.number(M.rate),
  v.minValue(0, M.rate),
  v.maxValue(100, M.rate),
  v.check((n) => Number.isInteger(Math.round(n * 1000)) && Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, M.rate),
)

/** A team's own rate for a country (and region): it replaces the table's. */
export const RateOverrideSchema = v.strictObject({
  country: countryRule,
  region: v.optional(regionRule, null),
  rate: rateRule,
})

const profileFields = {
  legalName: optionalText(255),
  address: optionalText(1000),
  country: countryRule,
  region: v.optional(regionRule, null),
  taxId: optionalText(64),
  registered: v.optional(v.boolean('Please choose whether the team is registered'), false),
  pricesIncludeTax: v.optional(v.boolean('Please choose how prices are entered'), false),
  rates: v.optional(v.pipe(v.array(RateOverrideSchema, M.rate), v.maxLength(50, M.rates)), []),
}

/**
 * `PATCH /v1/t` `{ taxProfile }`. Registered for tax: the legal name, address and a tax ID valid
 * for the country (format and check digit) are needed, and Canada's province. Not registered:
 * no tax is charged; the legal name and address, when given, still go on invoices.
 */
export const TaxProfileSchema = v.pipe(
  v.strictObject(profileFields),
  v.forward(
    v.partialCheck([['registered'], ['legalName']], (p) => !p.registered || !!p.legalName, M.legalName),
    ['legalName'],
  ),
  v.forward(
    v.partialCheck([['registered'], ['address']], (p) => !p.registered || !!p.address, M.address),
    ['address'],
  ),
  v.forward(
    v.partialCheck([['registered'], ['taxId']], (p) => !p.registered || !!p.taxId, M.taxIdRequired),
    ['taxId'],
  ),
  v.forward(
    v.partialCheck(
      [['country'], ['taxId']],
      (p) => !p.taxId || validTaxId(p.country, p.taxId),
      (issue) => M.taxId(String((issue.input as { country?: string }).country ?? '')),
    ),
    ['taxId'],
  ),
  v.forward(
    v.partialCheck(
      [['registered'], ['country'], ['region']],
      (p) => !p.registered || p.country !== 'CA' || (CA_PROVINCES as readonly string[]).includes(p.region ?? ''),
      M.region,
    ),
    ['region'],
  ),
  v.transform((p) => ({
    ...p,
    legalName: p.legalName || null,
    address: p.address || null,
    taxId: p.taxId ? normalizeTaxId(p.taxId) : null,
    region: p.region || null,
  })),
)
export type TaxProfileInput = v.InferOutput<typeof TaxProfileSchema>

/**
 * The buyer's billing details at checkout (`POST /v1/bookings` `{ billing }`): the country they
 * live in (the rate of online services to consumers in the EU is their country's), and for a
 * company its name, address and VAT ID. A valid EU VAT ID of another member state than the
 * seller's makes an online sale reverse charge.
 */
export const BillingSchema = v.pipe(
  v.strictObject({
    company: optionalText(255),
    address: optionalText(1000),
    country: countryRule,
    region: v.optional(regionRule, null),
    vatId: optionalText(64),
  }),
  v.forward(
    v.partialCheck([['company'], ['address']], (b) => !b.company || !!b.address, M.billingAddress),
    ['address'],
  ),
  v.forward(
    v.partialCheck([['company'], ['vatId']], (b) => !b.vatId || !!b.company, M.company),
    ['company'],
  ),
  v.forward(
    v.partialCheck(
      [['country'], ['vatId']],
      (b) => {
        // A European VAT number names its country by its prefix: it must be the one chosen.
        const named = b.vatId ? vatCountryOf(b.vatId) : null
        return !named || named === b.country || !(isEu(named) || isEu(b.country))
      },
      M.vatIdCountry,
    ),
    ['vatId'],
  ),
  v.forward(
    v.partialCheck([['country'], ['vatId']], (b) => !b.vatId || validTaxId(b.country, b.vatId), M.vatId),
    ['vatId'],
  ),
  v.transform((b) => ({
    ...b,
    company: b.company || null,
    address: b.address || null,
    vatId: b.vatId ? normalizeTaxId(b.vatId) : null,
    region: b.region || null,
  })),
)
export type BillingInput = v.InferOutput<typeof BillingSchema>

export { TaxReportQuerySchema } from './tax-report.schema'

export const TAX_KINDS = ['none', 'standard', 'reverse_charge', 'outside_scope'] as const
export type TaxKind = (typeof TAX_KINDS)[number]

/** A team's tax profile as the API answers it. */
export const TaxProfileView = v.object({
  legalName: v.nullable(v.string()),
  address: v.nullable(v.string()),
  country: v.nullable(v.string()),
  region: v.nullable(v.string()),
  taxId: v.nullable(v.string()),
  registered: v.boolean(),
  pricesIncludeTax: v.boolean(),
  rates: v.array(v.object({ country: v.string(), region: v.nullable(v.string()), rate: v.number() })),
  /** What prices show beside them: "incl. VAT", "+ VAT", or null when no tax is charged. */
  priceNote: v.nullable(v.string()),
})

/** The tax of a booking, as the server computed it (the browser only shows it). Amounts are decimals of its currency. */
export const BookingTaxView = v.object({
  kind: v.picklist(TAX_KINDS),
  rate: v.number(),
  country: v.nullable(v.string()),
  region: v.nullable(v.string()),
  name: v.string(),
  included: v.boolean(),
  net: v.number(),
  tax: v.number(),
  gross: v.number(),
  note: v.nullable(v.string()),
})

/** One row of the tax report: per kind, country and rate (and currency), invoices minus credit notes. */
export const TaxReportRowView = v.object({
  kind: v.picklist(TAX_KINDS),
  country: v.nullable(v.string()),
  rate: v.number(),
  currency: v.string(),
  invoices: v.number(),
  creditNotes: v.number(),
  invoiced: v.object({ net: v.number(), tax: v.number(), gross: v.number() }),
  credited: v.object({ net: v.number(), tax: v.number(), gross: v.number() }),
  net: v.number(),
  tax: v.number(),
  gross: v.number(),
})
export const TaxReportView = v.object({
  from: v.string(),
  to: v.string(),
  team: v.object({ name: v.string(), legalName: v.nullable(v.string()), taxId: v.nullable(v.string()), country: v.nullable(v.string()) }),
  rows: v.array(TaxReportRowView),
  totals: v.array(v.object({ currency: v.string(), net: v.number(), tax: v.number(), gross: v.number() })),
})

/** What a country calls its sales tax on prices and invoices. */
export function taxNameOf(country: string | null | undefined, region?: string | null) {
  const c = (country ?? '').toUpperCase()
  if (c === 'AU' || c === 'NZ') return 'GST'
  if (c === 'CA') return region && ['NB', 'NL', 'NS', 'ON', 'PE'].includes(region.toUpperCase()) ? 'HST' : 'GST'
  if (c === 'US') return 'sales tax'
  return 'VAT'
}

/** What prices show beside them: "incl. VAT" / "+ VAT", or null when the team charges no tax. */
export function priceNoteOf(p: { registered: boolean; pricesIncludeTax: boolean; country: string | null; region?: string | null } | null | undefined) {
  if (!p?.registered) return null
  const name = taxNameOf(p.country, p.region)
  return p.pricesIncludeTax ? `incl. ${name}` : `+ ${name}`
}
