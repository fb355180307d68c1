/**
 * Who the invoice is made out to: "I'm buying for a company" (the company's name, address,
 * country and VAT ID, islands/lib/company-billing.tsx, loaded when turned on) or, for a person,
 * an optional billing address (./address, loaded when ticked). Values and errors live in the
 * checkout form; the rules are the booking schema's and BillingSchema's.
 */
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { Switch } from '../../design-system/components/switch/switch'
import type { BillingField, CompanyBilling } from '../lib/company-billing'
import type { Address, AddressField } from './address'

type BillingModule = typeof import('../lib/company-billing')
/** The company module once loaded (its rules run synchronously from then on). */
export let billingModule: BillingModule | null = null
/** The company's fields and their rules (BillingSchema, with the VAT ID checks): loaded when "I'm buying for a company" is turned on. */
export const loadBilling = () => import('../lib/company-billing').then((m) => (billingModule = m))
const BillingFields = lazy(loadBilling)
const AddressFields = lazy(() => import('./address'))

const loading = (
  <p className={css({ color: 'fg.muted', fontSize: 'sm' })} aria-busy="true">
    Loading…
  </p>
)

export function InvoiceDetails({
  forCompany,
  onCompany,
  billing,
  onBilling,
  withAddress,
  onWithAddress,
  address,
  onAddress,
  errorOf,
  blur,
}: {
  forCompany: boolean
  onCompany: (on: boolean) => void
  billing: CompanyBilling
  onBilling: (name: BillingField, next: CompanyBilling) => void
  withAddress: boolean
  onWithAddress: (on: boolean) => void
  address: Address
  onAddress: (name: AddressField, value: string) => void
  errorOf: (key: string) => string | undefined
  blur: (key: string, value: unknown) => void
}) {
  return (
    <>
      <Switch name="forCompany" label="I’m buying for a company" checked={forCompany} onCheckedChange={onCompany} />
      {forCompany && (
        <Suspense fallback={loading}>
          <BillingFields
            value={billing}
            errorOf={(name: BillingField) => errorOf(`billing.${name}`)}
            onChange={(name: BillingField, value: string) => onBilling(name, { ...billing, [name]: value })}
            onBlur={(name: BillingField) => blur(`billing.${name}`, billing)}
          />
        </Suspense>
      )}

      {!forCompany && (
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm', cursor: 'pointer' })}>
          <input
            type="checkbox"
            checked={withAddress}
            onChange={(e) => onWithAddress(e.target.checked)}
            className={css({ w: '4', h: '4', accentColor: 'var(--colors-color-palette-default)' })}
          />
          Add a billing address to the invoice
        </label>
      )}

      {withAddress && !forCompany && (
        <Suspense fallback={loading}>
          <AddressFields
            value={address}
            errorOf={(name: AddressField) => errorOf(`address.${name}`)}
            onChange={onAddress}
            onBlur={(name: AddressField) => blur(`address.${name}`, address[name])}
          />
        </Suspense>
      )}
    </>
  )
}
