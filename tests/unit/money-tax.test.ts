/**
 * The money helpers (src/shared/money.ts: ISO 4217 exponents, half-up rounding to the minor unit,
 * tax per line and per total) and the tax rules (src/modules/tax: the rates table, tax IDs, the
 * decision for a sale and its amounts).
 */
import { describe, expect, test } from 'bun:test'
import { decideTax, REVERSE_CHARGE_EU, rateFor, refundSplit, taxAmounts, validTaxId } from '../../src/modules/tax'
import {
  decimalString,
  exponentOf,
  fitsMinorUnit,
  formatMinor,
  formatWithCode,
  splitTax,
  taxInGross,
  taxOfTotal,
  taxOnNet,
  taxPerLine,
  toMajor,
  toMinor,
} from '../../src/shared/money'

describe('currencies', () => {
  test('minor units follow each currency’s exponent', () => {
    expect([exponentOf('usd'), exponentOf('EUR'), exponentOf('gbp'), exponentOf('jpy')]).toEqual([2, 2, 2, 0])
    expect(toMinor(12.34, 'usd')).toBe(1234)
    expect(toMinor(1500, 'jpy')).toBe(1500)
    expect(toMajor(1500, 'jpy')).toBe(1500)
    expect(toMajor(11900, 'eur')).toBe(119)
    // Half-up to the minor unit, without binary-fraction surprises (1.005 is 1.00499999... in binary).
    expect(toMinor(1.005, 'usd')).toBe(101)
    expect(toMinor(12.345, 'usd')).toBe(1235)
    expect(toMinor(10.5, 'jpy')).toBe(11)
    expect(toMinor(-2.5, 'jpy')).toBe(-3)
    expect(toMinor(0.1 + 0.2, 'eur')).toBe(30)
  })

  test('amounts with more decimals than the minor unit are told apart', () => {
    expect(fitsMinorUnit(10.5, 'jpy')).toBe(false)
    expect(fitsMinorUnit(1500, 'jpy')).toBe(true)
    expect(fitsMinorUnit(19.99, 'eur')).toBe(true)
    expect(fitsMinorUnit(19.999, 'eur')).toBe(false)
  })

  test('each amount is written in its own currency', () => {
    expect(formatMinor(11900, 'eur')).toBe('€119.00')
    expect(formatMinor(150000, 'jpy')).toBe('¥150,000')
    expect(formatMinor(1999, 'usd')).toBe('$19.99')
    expect(formatWithCode(123450, 'eur')).toBe('1,234.50 EUR')
    expect(formatWithCode(1500, 'jpy')).toBe('1,500 JPY')
    expect(decimalString(11900, 'eur')).toBe('119.00')
    expect(decimalString(1500, 'jpy')).toBe('1500')
  })
})

describe('tax arithmetic', () => {
  test('19 % on every amount from 0.01 to 2.00 is the half-up of the exact tax', () => {
    for (let net = 1; net <= 200; net++) {
      const exact = (net * 19) / 100
      expect({ net, tax: taxOnNet(net, 19) }).toEqual({ net, tax: Math.floor(exact + 0.5) })
    }
    expect(taxOnNet(5, 19)).toBe(1) // 0.95 minor units
    expect(taxOnNet(2, 19)).toBe(0) // 0.38
    expect(taxOnNet(-5, 19)).toBe(-1)
    expect(taxOnNet(10000, 8.1)).toBe(810)
    expect(taxOnNet(10000, 14.975)).toBe(1498) // 1497.5 -> half-up
  })

  test('tax inside a gross price, and the split both ways', () => {
    expect(taxInGross(11900, 19)).toBe(1900)
    expect(taxInGross(100, 19)).toBe(16) // 15.97
    expect(splitTax(11900, 19, true)).toEqual({ net: 10000, tax: 1900, gross: 11900 })
    expect(splitTax(10000, 19, false)).toEqual({ net: 10000, tax: 1900, gross: 11900 })
    expect(splitTax(1500, 10, false)).toEqual({ net: 1500, tax: 150, gross: 1650 })
  })

  test('rounded per line or once on the total', () => {
    const lines = [5, 5, 5] // 0.95 each
    expect(taxPerLine(lines, 19)).toBe(3)
    expect(taxOfTotal(lines, 19)).toBe(3) // 2.85 -> 3
    expect(taxPerLine([2, 2, 2], 19)).toBe(0) // 0.38 each rounds away
    expect(taxOfTotal([2, 2, 2], 19)).toBe(1) // 1.14 once
  })
})

describe('rates and tax IDs', () => {
  const at = new Date('2026-11-28T12:00:00Z')
  test('the table’s rate in force on the day, a team’s own rate first, none for the US', () => {
    expect(rateFor('DE', null, at)).toBe(19)
    expect(rateFor('DE', null, new Date('2020-09-01T00:00:00Z'))).toBe(16)
    expect(rateFor('FR', null, at)).toBe(20)
    expect(rateFor('US', 'CA', at)).toBeNull()
    expect(rateFor('US', 'NY', at, [{ country: 'US', region: 'NY', rate: 8.875 }])).toBe(8.875)
    expect(rateFor('DE', null, at, [{ country: 'DE', rate: 7 }])).toBe(7)
  })

  test('tax IDs are checked by country (format and check digit)', () => {
    expect(validTaxId('DE', 'DE136695976')).toBe(true)
    expect(validTaxId('DE', 'DE136695975')).toBe(false)
    expect(validTaxId('FR', 'FR40303265045')).toBe(true)
    expect(validTaxId('AU', '51 824 753 556')).toBe(true)
    expect(validTaxId('AU', '51 824 753 557')).toBe(false)
  })
})

describe('the tax of a sale', () => {
  const at = new Date('2026-11-28T12:00:00Z')
  const berlin = { registered: true, pricesIncludeTax: false, country: 'DE' }

  test('a team not registered charges none', () => {
    const d = decideTax({ ...berlin, registered: false }, { mode: 'ONLINE' }, { country: 'FR' }, at)
    expect(d.kind).toBe('none')
    expect(taxAmounts(10000, d)).toEqual({ net: 10000, tax: 0, gross: 10000 })
  })

  test('online to a consumer in France: the French rate (One-Stop Shop)', () => {
    const d = decideTax(berlin, { mode: 'ONLINE' }, { country: 'FR' }, at)
    expect({ kind: d.kind, rate: d.rate, country: d.country }).toEqual({ kind: 'standard', rate: 20, country: 'FR' })
    expect(taxAmounts(10000, d)).toEqual({ net: 10000, tax: 2000, gross: 12000 })
  })

  test('online to a French company with a VAT ID: reverse charge, 0 %, the legal sentence', () => {
    const d = decideTax(berlin, { mode: 'ONLINE' }, { country: 'FR', vatId: 'FR40303265045' }, at)
    expect({ kind: d.kind, rate: d.rate, note: d.note }).toEqual({ kind: 'reverse_charge', rate: 0, note: REVERSE_CHARGE_EU })
    expect(taxAmounts(10000, d)).toEqual({ net: 10000, tax: 0, gross: 10000 })
    // Prices including tax: the company pays the price without the German VAT in it.
    expect(taxAmounts(11900, { ...d, included: true })).toEqual({ net: 10000, tax: 0, gross: 10000 })
  })

  test('in person in Berlin: the German rate, whoever buys', () => {
    for (const buyer of [{ country: 'FR' }, { country: 'FR', vatId: 'FR40303265045' }, {}]) {
      const d = decideTax(berlin, { mode: 'IN-PERSON', country: 'DE' }, buyer, at)
      expect({ buyer, kind: d.kind, rate: d.rate, country: d.country }).toEqual({ buyer, kind: 'standard', rate: 19, country: 'DE' })
    }
    const included = decideTax({ ...berlin, pricesIncludeTax: true }, { mode: 'IN-PERSON', country: 'DE' }, {}, at)
    expect(taxAmounts(11900, included)).toEqual({ net: 10000, tax: 1900, gross: 11900 })
  })

  test('a refund carries the sale’s rate, tax inside the refunded amount', () => {
    expect(refundSplit(5950, { kind: 'standard', rate: 19 })).toEqual({ net: 5000, tax: 950, gross: 5950 })
    expect(refundSplit(5000, { kind: 'reverse_charge', rate: 0 })).toEqual({ net: 5000, tax: 0, gross: 5000 })
  })
})
