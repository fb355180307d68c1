import { styled } from 'styled-system/jsx/factory'
import { HStack } from 'styled-system/jsx/hstack'
import { Combobox, type ComboboxProps } from './combobox'

/** A country as the combobox shows it; the app passes its list (src/shared/countries.ts). */
export interface Country {
  name: string
  /** International calling code with a plus, e.g. "+44". */
  dialCode: string
  /** ISO 3166-1 alpha-2, the value. */
  code: string
  flag: string
}

export type CountryComboboxProps = Omit<ComboboxProps<Country>, 'items' | 'itemToValue' | 'itemToString' | 'renderItem'> & {
  /** show the international dial code beside each country (phone number fields) */
  showDialCode?: boolean
  countries: readonly Country[]
}

export const countryToString = (c: Country) => `${c.flag} ${c.name}`

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Matches by name (accent-insensitive), ISO code or dial code: "united", "gb", "+44", "44". */
export function countryMatches(c: Country, query: string): boolean {
  const q = fold(query.trim())
  if (!q) return true
  if (fold(c.name).includes(q) || c.code.toLowerCase() === q) return true
  const digits = q.replace(/^\+/, '')
  return /^\d+$/.test(digits) && c.dialCode.slice(1).startsWith(digits)
}

/** Countries with flags (and optionally dial codes); value is the ISO code. */
export function CountryCombobox({ showDialCode, countries, placeholder = 'Select a country', ...rest }: CountryComboboxProps) {
  return (
    <Combobox<Country>
      items={countries}
      itemToValue={(c) => c.code}
      itemToString={countryToString}
      filter={countryMatches}
      placeholder={placeholder}
      renderItem={(c) => (
        <HStack gap="2" width="full">
          <span aria-hidden>{c.flag}</span>
          <styled.span flex="1">{c.name}</styled.span>
          {showDialCode ? (
            <styled.span color="fg.muted" fontVariantNumeric="tabular-nums">
              {c.dialCode}
            </styled.span>
          ) : null}
        </HStack>
      )}
      emptyText="No country found"
      {...rest}
    />
  )
}
