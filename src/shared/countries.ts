/**
 * The country list of docs/product-rules.md section 3 (name, dialCode, code, flag), built from the
 * maintained `countries-list` package. No server imports: the Combobox, the forms and the
 * API validation all read this one list.
 */
import { countries, getEmojiFlag, type TCountryCode } from 'countries-list'
import * as v from 'valibot'

export interface Country {
  /** English short name, e.g. "United Kingdom". */
  name: string
  /** International calling code with a plus, e.g. "+44". */
  dialCode: string
  /** ISO 3166-1 alpha-2, upper case, e.g. "GB". */
  code: string
  /** Flag emoji, e.g. "🇬🇧". */
  flag: string
}

// Ascension Island and Tristan da Cunha carry exceptionally reserved codes (not ISO 3166-1
// country codes) and share Saint Helena's dial code: leave them out.
const EXCLUDED = new Set(['AC', 'TA'])

export const COUNTRIES: readonly Country[] = Object.freeze(
  (Object.entries(countries) as [TCountryCode, (typeof countries)[TCountryCode]][])
    .filter(([code]) => !EXCLUDED.has(code))
    .map(([code, c]) => ({ name: c.name, dialCode: `+${c.phone[0]}`, code, flag: getEmojiFlag(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en')),
)

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]))

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code)

/** The country of a two-letter code (any case), or undefined. */
export function countryByCode(code: string | null | undefined): Country | undefined {
  return code ? BY_CODE.get(code.trim().toUpperCase()) : undefined
}

export { COUNTRY_MESSAGE, countryRule } from './country-codes'
