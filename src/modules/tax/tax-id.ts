/**
 * Tax identification numbers by country: format and checksum, offline (no call to VIES or any
 * registry: a number that passes is well formed, not proven to be registered). EU member states,
 * the UK, Switzerland and Norway with jsvat (their VAT numbers, country prefix included: DE…,
 * EL… for Greece, CHE…, NO…MVA); Australia's ABN, New Zealand's GST (IRD) number and Canada's
 * business number with their published check digits; the US EIN by its format. Other countries:
 * 4 to 32 letters and digits. Browser-safe: the forms check with the same functions.
 */
import {
  austria,
  belgium,
  bulgaria,
  type Country,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  norway,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  switzerland,
  unitedKingdom,
} from 'jsvat'

/** The EU member states (ISO codes; Greece is GR, its VAT prefix EL). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const
export const isEu = (country: string | null | undefined) => !!country && (EU_COUNTRIES as readonly string[]).includes(country.toUpperCase())

const VAT_CHECKERS: Record<string, Country> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  HR: croatia,
  CY: cyprus,
  CZ: czechRepublic,
  DK: denmark,
  EE: estonia,
  FI: finland,
  FR: france,
  DE: germany,
  GR: greece,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LV: latvia,
  LT: lithuania,
  LU: luxembourg,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SK: slovakiaRepublic,
  SI: slovenia,
  ES: spain,
  SE: sweden,
  GB: unitedKingdom,
  CH: switzerland,
  NO: norway,
}

/** Countries whose tax ID is a VAT number checked by jsvat. */
export const hasVatNumbers = (country: string) => Object.hasOwn(VAT_CHECKERS, country.toUpperCase())

const digitsOf = (s: string) => s.replace(/[\s.\-/]/g, '')

/** Australia: an ABN, 11 digits, weights 10,1,3,…,19 after taking 1 from the first digit, modulo 89. */
export function validAbn(raw: string) {
  const d = digitsOf(raw)
  if (!/^\d{11}$/.test(d)) return false
  const w = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
  const sum = [...d].reduce((s, c, i) => s + (Number(c) - (i === 0 ? 1 : 0)) * w[i], 0)
  return sum % 89 === 0
}

/** New Zealand: a GST (IRD) number, 8 or 9 digits, Inland Revenue's two-pass modulo 11 check digit. */
export function validNzGst(raw: string) {
  let d = digitsOf(raw)
  if (!/^\d{8,9}$/.test(d)) return false
  d = d.padStart(9, '0')
  const n = Number(d)
  if (n < 10_000_000 || n > 150_000_000) return false
  const check = (weights: number[]) => {
    const r = [...d.slice(0, 8)].reduce((s, c, i) => s + Number(c) * weights[i], 0) % 11
    return r === 0 ? 0 : 11 - r
  }
  let c = check([3, 2, 7, 6, 5, 4, 3, 2])
  if (c === 10) c = check([7, 4, 3, 2, 5, 2, 7, 6])
  return c !== 10 && c === Number(d[8])
}

/** Canada: a business number, 9 digits with a Luhn check digit, optionally with its program account (RT0001). */
export function validCaBn(raw: string) {
  const s = raw.replace(/[\s-]/g, '').toUpperCase()
  const m = /^(\d{9})(RT\d{4})?$/.exec(s)
  if (!m) return false
  const digits = m[1]
  let sum = 0
  for (let i = 0; i < 9; i++) {
    let n = Number(digits[8 - i])
    if (i % 2 === 1) {
      n *= 2
      if (n > 9) n -= 9
    }
    sum += n
  }
  return sum % 10 === 0
}

/** The United States: an EIN, 9 digits (12-3456789). */
export const validEin = (raw: string) => /^\d{2}-?\d{7}$/.test(raw.trim())

/**
 * The tax ID as stored: upper case, without spaces, dots and dashes (a VAT number keeps its
 * country prefix: "de 136 695 976" -> "DE136695976").
 */
export const normalizeTaxId = (raw: string) => raw.replace(/[\s.\-/]/g, '').toUpperCase()

/** Whether `raw` is a well-formed tax ID of `country`, with a right check digit where the country has one. */
export function validTaxId(country: string, raw: string) {
  const c = country.toUpperCase()
  const value = raw.trim()
  if (!value) return false
  const vat = VAT_CHECKERS[c]
  if (vat) return checkVAT(value, [vat]).isValid
  if (c === 'AU') return validAbn(value)
  if (c === 'NZ') return validNzGst(value)
  if (c === 'CA') return validCaBn(value)
  if (c === 'US') return validEin(value)
  return /^[A-Z0-9]{4,32}$/.test(normalizeTaxId(value))
}

/** The country a VAT number names by its prefix (EL is Greece), or null. */
export function vatCountryOf(raw: string): string | null {
  const p = normalizeTaxId(raw).slice(0, 2)
  const c = p === 'EL' ? 'GR' : p
  return hasVatNumbers(c) ? c : null
}

/** What a country calls its tax ID in the forms' messages. */
export function taxIdName(country: string | null | undefined) {
  const c = (country ?? '').toUpperCase()
  if (hasVatNumbers(c)) return 'VAT ID'
  if (c === 'AU') return 'ABN'
  if (c === 'NZ') return 'GST number'
  if (c === 'CA') return 'business number'
  if (c === 'US') return 'EIN'
  return 'tax ID'
}
