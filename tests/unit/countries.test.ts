import { describe, expect, test } from 'bun:test'
import * as v from 'valibot'
import { COUNTRIES, COUNTRY_CODES, countryByCode, countryRule } from '../../src/shared/countries'
import { COUNTRY_CODES_PACKED } from '../../src/shared/country-codes'

describe('country list', () => {
  test('about 240 entries, each with name, dialCode, two-letter code and flag', () => {
    expect(COUNTRIES.length).toBeGreaterThan(230)
    expect(COUNTRIES.length).toBeLessThan(260)
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/)
      expect(c.dialCode).toMatch(/^\+\d{1,4}$/)
      expect(c.name.length).toBeGreaterThan(1)
      expect([...c.flag]).toHaveLength(2)
    }
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRIES.length)
  })

  test('the packed codes (what the schemas check without the list) are exactly the list codes', () => {
    expect(COUNTRY_CODES_PACKED).toBe([...COUNTRY_CODES].sort().join(''))
  })

  test('lookup by code in any case', () => {
    expect(countryByCode('gb')).toEqual({ name: 'United Kingdom', dialCode: '+44', code: 'GB', flag: '🇬🇧' })
    expect(countryByCode('US')?.dialCode).toBe('+1')
    expect(countryByCode('ZZ')).toBeUndefined()
    expect(countryByCode(null)).toBeUndefined()
  })

  test('the rule normalises to upper case and answers the spec message', () => {
    expect(v.parse(countryRule, ' pt ')).toBe('PT')
    const r = v.safeParse(countryRule, 'Narnia')
    expect(r.success).toBe(false)
    expect(r.issues?.[0].message).toBe('Please select a valid country')
  })
})
