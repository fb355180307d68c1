/**
 * The two-letter codes of the country list (src/shared/countries.ts) and the rule that checks
 * them, without the names and flags: schemas that islands import (bookings, users) validate a
 * country with this small file, so their bundles do not carry the whole list.
 * tests/unit/countries.test.ts checks that these codes are exactly the list's.
 */
import * as v from 'valibot'

/** Every code of COUNTRIES, sorted, two letters each. */
export const COUNTRY_CODES_PACKED =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSXKYEYTZAZMZW'

const CODES = new Set(COUNTRY_CODES_PACKED.match(/../g))

export const COUNTRY_MESSAGE = 'Please select a valid country'

/** A two-letter code from the list, normalised to upper case. */
export const countryRule = v.pipe(
  v.string(COUNTRY_MESSAGE),
  v.trim(),
  v.toUpperCase(),
  v.check((code) => CODES.has(code), COUNTRY_MESSAGE),
)
