/**
 * Money: integer minor units of a currency by its ISO 4217 exponent (JPY 0 decimals, USD, EUR,
 * GBP 2), the currencies a team may sell in, conversions between minor units and the decimal
 * amounts the API shows, formatting in the reader's locale, and the tax arithmetic (half-up to
 * the minor unit). The one place money is converted: nothing else multiplies or divides by 100.
 *
 * Built on dinero.js v2 and its ISO 4217 currency table. Pure and browser-safe: islands import it.
 */
import { type DineroCurrency, dinero, halfUp, multiply, toDecimal, toSnapshot, transformScale } from 'dinero.js'
import {
  AED,
  AUD,
  BGN,
  BRL,
  CAD,
  CHF,
  CLP,
  CZK,
  DKK,
  EUR,
  GBP,
  HKD,
  IDR,
  ILS,
  INR,
  JPY,
  KRW,
  MXN,
  MYR,
  NOK,
  NZD,
  PHP,
  PLN,
  PYG,
  RON,
  SEK,
  SGD,
  THB,
  USD,
  VND,
  XAF,
  XOF,
  ZAR,
} from 'dinero.js/currencies'

/**
 * The currencies a team may sell in: ones the payment provider charges in the currency's own
 * ISO 4217 minor unit. Left out: the three-decimal currencies (BHD, JOD, KWD, OMR, TND: the
 * provider wants their amounts in tens of the minor unit, which a tax split cannot promise) and
 * the provider's special cases whose charged unit differs from ISO's (HUF, ISK, TWD, UGX).
 */
const TABLE = {
  usd: USD,
  eur: EUR,
  gbp: GBP,
  chf: CHF,
  jpy: JPY,
  cad: CAD,
  aud: AUD,
  nzd: NZD,
  nok: NOK,
  sek: SEK,
  dkk: DKK,
  pln: PLN,
  czk: CZK,
  ron: RON,
  bgn: BGN,
  sgd: SGD,
  hkd: HKD,
  mxn: MXN,
  brl: BRL,
  inr: INR,
  zar: ZAR,
  aed: AED,
  ils: ILS,
  thb: THB,
  myr: MYR,
  php: PHP,
  idr: IDR,
  krw: KRW,
  vnd: VND,
  clp: CLP,
  pyg: PYG,
  xof: XOF,
  xaf: XAF,
} satisfies Record<string, DineroCurrency<number>>

export type CurrencyCode = keyof typeof TABLE
/** Lower-case codes, as stored and as the payment provider takes them. */
export const CURRENCY_CODES = Object.keys(TABLE) as CurrencyCode[]
export const isCurrency = (code: string): code is CurrencyCode => Object.hasOwn(TABLE, code.toLowerCase())

/** The currency's ISO 4217 record (USD for a code we do not sell in: old rows, typos). */
export const currencyOf = (code: string | null | undefined): DineroCurrency<number> =>
  (code && (TABLE as Record<string, DineroCurrency<number>>)[code.toLowerCase()]) || USD

/** Decimals of the minor unit: JPY 0, USD 2. */
export const exponentOf = (code: string | null | undefined) => currencyOf(code).exponent

const pow10 = (e: number) => 10 ** e

/**
 * A decimal amount (as the API takes it) in minor units, half-up to the minor unit:
 * 12.345 USD -> 1235, 1500 JPY -> 1500, 10.5 JPY -> 11.
 */
export function toMinor(amount: number, currency: string): number {
  const scaled = Number((amount * pow10(exponentOf(currency))).toPrecision(15))
  return Math.sign(scaled) * Math.floor(Math.abs(scaled) + 0.5)
}

/** Minor units as the decimal amount the API shows: 1235 USD -> 12.35, 1500 JPY -> 1500. */
export function toMajor(minor: number, currency: string): number {
  return Math.round(minor) / pow10(exponentOf(currency))
}

/** Whether a decimal amount has no more decimals than the currency's minor unit (10.5 JPY has too many). */
export function fitsMinorUnit(amount: number, currency: string): boolean {
  const scaled = Number((amount * pow10(exponentOf(currency))).toPrecision(15))
  return Number.isInteger(scaled)
}

/** Minor units as a plain decimal string with the currency's digits (CSV, PDF): 11900 EUR -> "119.00", 1500 JPY -> "1500". */
export function decimalString(minor: number, currency: string): string {
  return toDecimal(dinero({ amount: Math.round(minor), currency: currencyOf(currency) }))
}

/** Formatters cost ~35x more to build than to use: one per locale and currency, kept. */
const formats = new Map<string, Intl.NumberFormat>()
function formatter(locale: string, currency: string) {
  const key = `${locale}|${currency}`
  let f = formats.get(key)
  if (!f) {
    const digits = exponentOf(currency)
    try {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: digits, maximumFractionDigits: digits })
    } catch {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    }
    if (formats.size > 500) formats.clear()
    formats.set(key, f)
  }
  return f
}

/** The product's language: amounts read as an English reader expects, in each amount's own currency. */
export const DEFAULT_LOCALE = 'en-US'

/** Minor units in their currency: 11900 eur -> "€119.00", 1500 jpy -> "¥1,500". */
export const formatMinor = (minor: number, currency: string, locale = DEFAULT_LOCALE) => formatter(locale, currency).format(toMajor(minor, currency))

/** A decimal amount (as the API shows it) in its currency: 119 eur -> "€119.00", 1500 jpy -> "¥1,500". */
export const formatAmount = (amount: number, currency: string, locale = DEFAULT_LOCALE) => formatter(locale, currency).format(amount)

const plainFormats = new Map<number, Intl.NumberFormat>()
/**
 * Minor units as "1,234.50 EUR" (JPY: "1,500 JPY"): the code after the amount, for mails and
 * documents (plain text and fonts without every currency's symbol).
 */
export function formatWithCode(minor: number, currency: string) {
  const digits = exponentOf(currency)
  let f = plainFormats.get(digits)
  if (!f) plainFormats.set(digits, (f = new Intl.NumberFormat(DEFAULT_LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits })))
  return `${f.format(toMajor(minor, currency))} ${currency.toUpperCase()}`
}

// ---- Tax arithmetic ----

/** Rates are percentages with at most three decimals (8.1, 14.975); kept as integer thousandths of a percent. */
export const RATE_SCALE = 1000
export const rateUnits = (percent: number) => Math.round(percent * RATE_SCALE)

/** Dinero on a unit-less "currency": tax is computed in minor units whatever the currency. */
const UNIT: DineroCurrency<number> = { code: 'XXX', base: 10, exponent: 0 }

/** Integer a / b rounded half-up (half away from zero for negatives), b > 0. */
function divHalfUp(a: number, b: number) {
  const q = Math.floor((2 * Math.abs(a) + b) / (2 * b))
  return a < 0 ? -q : q
}

/**
 * The tax on a net amount at `percent`, half-up to the minor unit: 19 % of 0.05 EUR (5) is 0.95
 * minor units -> 1. Computed with dinero (multiply by the scaled rate, back to scale 0 with halfUp).
 */
export function taxOnNet(net: number, percent: number): number {
  if (!percent || !net) return 0
  const sign = net < 0 ? -1 : 1
  const scaled = multiply(dinero({ amount: Math.abs(net), currency: UNIT }), { amount: rateUnits(percent), scale: 5 })
  return sign * toSnapshot(transformScale(scaled, 0, halfUp)).amount
}

/** The tax inside a gross amount at `percent` (prices that include tax): gross x rate / (100 + rate), half-up. */
export function taxInGross(gross: number, percent: number): number {
  if (!percent || !gross) return 0
  const r = rateUnits(percent)
  return divHalfUp(gross * r, 100 * RATE_SCALE + r)
}

/** Tax rounded on each line, then added up (what an invoice shows per line). */
export const taxPerLine = (nets: number[], percent: number) => nets.reduce((sum, n) => sum + taxOnNet(n, percent), 0)
/** Tax of the lines' total, rounded once. */
export const taxOfTotal = (nets: number[], percent: number) =>
  taxOnNet(
    nets.reduce((a, b) => a + b, 0),
    percent,
  )

/** Net, tax and gross of an amount: `amount` is the gross when prices include tax, else the net. */
export function splitTax(amount: number, percent: number, included: boolean) {
  if (included) {
    const tax = taxInGross(amount, percent)
    return { net: amount - tax, tax, gross: amount }
  }
  const tax = taxOnNet(amount, percent)
  return { net: amount, tax, gross: amount + tax }
}
