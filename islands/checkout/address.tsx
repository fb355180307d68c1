/**
 * The optional billing address of the checkout (its own chunk, with the country list: loaded
 * when "Add a billing address" is ticked). Values and errors live in the checkout form; the
 * rules are the booking schema's (on blur and on change).
 */
import { useId } from 'react'
import { css } from 'styled-system/css'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { COUNTRIES } from '../../src/shared/countries'

export const ADDRESS_FIELDS = [
  { name: 'addressLine1', label: 'Address line 1', autoComplete: 'address-line1', span: true },
  { name: 'addressLine2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', span: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State / region', autoComplete: 'address-level1' },
  { name: 'zip', label: 'ZIP / postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country' },
] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]['name']
export type Address = Record<AddressField, string>

const control = css({ bg: 'bg.default' })
const wide = css({ gridColumn: { sm: '1 / -1' } })
const box = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '4',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l2',
  p: '4',
})

export default function AddressFields({
  value,
  errorOf,
  onChange,
  onBlur,
}: {
  value: Address
  errorOf: (name: AddressField) => string | undefined
  onChange: (name: AddressField, value: string) => void
  onBlur: (name: AddressField) => void
}) {
  const id = useId()
  return (
    <fieldset className={box}>
      <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', px: '1' })}>Billing address</legend>
      {ADDRESS_FIELDS.map((a) => {
        const error = errorOf(a.name)
        const common = {
          name: `address.${a.name}`,
          autoComplete: a.autoComplete,
          className: control,
          value: value[a.name],
          onBlur: () => onBlur(a.name),
          'data-invalid': error ? '' : undefined,
        }
        return (
          <FormField key={a.name} label={a.label} error={error} id={`${id}-${a.name}`} className={'span' in a && a.span ? wide : undefined}>
            {a.name === 'country' ? (
              <NativeSelect
                {...common}
                placeholder="Select a country"
                options={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
                onChange={(e) => onChange(a.name, e.target.value)}
              />
            ) : (
              <Input size="md" {...common} onChange={(e) => onChange(a.name, e.target.value)} />
            )}
          </FormField>
        )
      })}
    </fieldset>
  )
}
