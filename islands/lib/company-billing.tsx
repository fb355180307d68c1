/**
 * "I'm buying for a company": the company's name, address, country and VAT ID that go on the
 * invoice (`POST /v1/bookings` `{ billing }`). Checked with the API's own BillingSchema (the VAT
 * ID by its country's format and check digit, its prefix the country chosen); the server's 422
 * (`billing.vatId`...) lands under the same fields. Shared by the workshop checkout and the
 * session booking. Values and errors live in the form that sends them.
 */
import { useId } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { FormField } from '../../design-system/components/field/form-field'
import { Input, Textarea } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { BillingSchema, TAX_MESSAGES } from '../../src/modules/tax/tax.schema'
import { COUNTRIES } from '../../src/shared/countries'

export const BILLING_FIELDS = ['company', 'address', 'country', 'vatId'] as const
export type BillingField = (typeof BILLING_FIELDS)[number]
export type CompanyBilling = Record<BillingField, string>
export const EMPTY_BILLING: CompanyBilling = { company: '', address: '', country: '', vatId: '' }

/** The body's `billing`: trimmed, the VAT ID left out when empty (a company without one is a consumer for tax). */
export const billingBody = (b: CompanyBilling) => ({
  company: b.company.trim(),
  address: b.address.trim(),
  country: b.country,
  vatId: b.vatId.trim() || null,
})

/** Each field's first message under BillingSchema (its rules cross fields: the VAT ID needs its country). */
export function billingErrors(b: CompanyBilling): Partial<Record<BillingField, string>> {
  const body = billingBody(b)
  const r = v.safeParse(BillingSchema, body)
  const errors: Partial<Record<BillingField, string>> = {}
  if (!r.success)
    for (const issue of r.issues) {
      const key = v.getDotPath(issue) as BillingField | null
      if (key && (BILLING_FIELDS as readonly string[]).includes(key)) errors[key] ??= issue.message
    }
  // A company is named and has an address (the schema asks the address of a named company).
  if (!body.company) errors.company ??= TAX_MESSAGES.company
  if (!body.address) errors.address ??= TAX_MESSAGES.billingAddress
  return errors
}

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }))
const box = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '4',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l2',
  p: '4',
})
const wide = css({ gridColumn: { sm: '1 / -1' } })
const control = css({ bg: 'bg.default' })

export default function CompanyBillingFields({
  value,
  errorOf,
  onChange,
  onBlur,
}: {
  value: CompanyBilling
  errorOf: (name: BillingField) => string | undefined
  onChange: (name: BillingField, value: string) => void
  onBlur: (name: BillingField) => void
}) {
  const id = useId()
  const common = (name: BillingField) => ({
    name: `billing.${name}`,
    className: control,
    value: value[name],
    onBlur: () => onBlur(name),
    'data-invalid': errorOf(name) ? '' : undefined,
  })
  return (
    <fieldset className={box} data-testid="company-billing">
      <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', px: '1' })}>Company details for the invoice</legend>
      <FormField label="Company name" id={`${id}-company`} error={errorOf('company')} required className={wide}>
        <Input size="md" autoComplete="organization" {...common('company')} onChange={(e) => onChange('company', e.target.value)} />
      </FormField>
      <FormField label="Address" id={`${id}-address`} error={errorOf('address')} required className={wide}>
        <Textarea rows={3} autoComplete="street-address" {...common('address')} onChange={(e) => onChange('address', e.target.value)} />
      </FormField>
      <FormField label="Country" id={`${id}-country`} error={errorOf('country')} required>
        <NativeSelect
          autoComplete="country"
          placeholder="Select a country"
          options={COUNTRY_OPTIONS}
          {...common('country')}
          onChange={(e) => onChange('country', e.target.value)}
        />
      </FormField>
      <FormField label="VAT ID (optional)" id={`${id}-vatId`} error={errorOf('vatId')} hint="Checked for the country chosen; it goes on the invoice.">
        <Input
          size="md"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...common('vatId')}
          onChange={(e) => onChange('vatId', e.target.value)}
        />
      </FormField>
    </fieldset>
  )
}
