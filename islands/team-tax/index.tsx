/**
 * "Tax and invoices" (`PATCH /v1/t` `{ taxProfile }`, managers): who the team is on its invoices
 * (legal name, address, country, tax ID), whether it is registered for tax (not registered: no
 * tax is charged) and whether its prices include tax. Checked with the API's own schema
 * (TeamChangeSchema's TaxProfileSchema: the tax ID by its country's format and check digit); the
 * server's 422 lands on the same fields. The team's own rates are kept as they are.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input, Textarea } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { Switch } from '../../design-system/components/switch/switch'
import { CA_PROVINCES } from '../../src/modules/tax/tax.schema'
import { TeamChangeSchema } from '../../src/modules/teams/team.schema'
import { ApiError, patch } from '../lib/api'
import { check } from '../lib/form'
import { notify } from '../lib/toast'
import type { TeamTaxProps } from './props'
import { type RateRow, RatesFields, ratesBody } from './rates'

type Profile = TeamTaxProps['profile']
type Name = 'legalName' | 'address' | 'country' | 'region' | 'taxId'
const NAMES: Name[] = ['legalName', 'address', 'country', 'region', 'taxId']
interface Values {
  legalName: string
  address: string
  country: string
  region: string
  taxId: string
  registered: boolean
  pricesIncludeTax: boolean
  rates: RateRow[]
}

const valuesOf = (p: Profile): Values => ({
  legalName: p.legalName ?? '',
  address: p.address ?? '',
  country: p.country ?? '',
  region: p.region ?? '',
  taxId: p.taxId ?? '',
  registered: p.registered,
  pricesIncludeTax: p.pricesIncludeTax,
  rates: p.rates.map((r) => ({ country: r.country, region: r.region ?? '', rate: String(r.rate) })),
})
const bodyOf = (x: Values) => ({
  legalName: x.legalName.trim() || null,
  address: x.address.trim() || null,
  country: x.country,
  region: x.country === 'CA' ? x.region || null : null,
  taxId: x.taxId.trim() || null,
  registered: x.registered,
  pricesIncludeTax: x.pricesIncludeTax,
  rates: ratesBody(x.rates),
})
const errorsOf = (bag: Record<string, string[]> | null | undefined) =>
  Object.fromEntries(NAMES.map((n) => [n, bag?.[`taxProfile.${n}`]?.[0]])) as Partial<Record<Name, string>>
/** The rates' messages by `index.field` ("0.rate"), and the list's own ("" : at most 50). */
const rateErrorsOf = (bag: Record<string, string[]> | null | undefined) =>
  Object.fromEntries(
    Object.entries(bag ?? {})
      .filter(([k]) => k === 'taxProfile.rates' || k.startsWith('taxProfile.rates.'))
      .map(([k, m]) => [k.slice('taxProfile.rates.'.length), m[0]]),
  ) as Record<string, string | undefined>

const PROVINCES = CA_PROVINCES.map((p) => ({ value: p, label: p }))
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '3' })

export default function TeamTax(props: TeamTaxProps) {
  const [saved, setSaved] = useState<Profile>(props.profile)
  const [values, setValues] = useState<Values>(valuesOf(props.profile))
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({})
  const [server, setServer] = useState<Partial<Record<Name, string>>>({})
  const [busy, setBusy] = useState(false)
  const [ratesTouched, setRatesTouched] = useState(false)
  const [serverRates, setServerRates] = useState<Record<string, string | undefined>>({})
  const body = bodyOf(values)
  const bag = check(TeamChangeSchema, { taxProfile: body })
  const errors = errorsOf(bag)
  const rateErrors = rateErrorsOf(bag)
  const shown = (n: Name) => server[n] ?? (touched[n] ? errors[n] : undefined)
  const unchanged = JSON.stringify(body) === JSON.stringify(bodyOf(valuesOf(saved)))
  const set = <K extends keyof Values>(n: K, value: Values[K]) => {
    setValues((x) => ({ ...x, [n]: value }))
    if ((NAMES as string[]).includes(n)) setTouched((t) => ({ ...t, [n]: true }))
    setServer({})
    setServerRates({})
  }

  async function save() {
    setTouched(Object.fromEntries(NAMES.map((n) => [n, true])))
    setRatesTouched(true)
    if (NAMES.some((n) => errors[n]) || Object.values(rateErrors).some(Boolean)) return
    setBusy(true)
    try {
      const res = await patch<{ data: { taxProfile: Profile & { priceNote: string | null } } }>('/v1/t', { taxProfile: body }, { silent: true })
      const p = res.data.taxProfile
      setSaved({ ...p, rates: p.rates })
      setValues(valuesOf(p))
      notify({
        type: 'success',
        title: 'Tax and invoices saved',
        description: p.registered ? `Prices now show “${p.priceNote ?? ''}” beside them.` : 'No tax is charged on the team’s sales.',
      })
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setServer(errorsOf(err.errors))
        setServerRates(rateErrorsOf(err.errors))
      } else notify({ type: 'error', title: 'Something went wrong!', description: err instanceof Error ? err.message : undefined })
    } finally {
      setBusy(false)
    }
  }

  const text = (n: 'legalName' | 'taxId', label: string, hint?: string) => (
    <FormField label={label} error={shown(n)} hint={hint} required={values.registered}>
      {(control) => (
        <Input
          {...control}
          name={n}
          size="sm"
          value={values[n]}
          onChange={(e) => set(n, e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, [n]: true }))}
        />
      )}
    </FormField>
  )

  return (
    <form
      aria-label="Tax and invoices"
      className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (!busy) void save()
      }}
    >
      <Switch
        label="Registered for VAT or sales tax"
        checked={values.registered}
        onCheckedChange={(on) => set('registered', on)}
        data-testid="tax-registered"
      />
      <div className={grid}>
        {text('legalName', 'Legal name', 'As on your invoices: the company or your own name.')}
        <FormField label="Country" error={shown('country')} required>
          {(control) => (
            <NativeSelect
              {...control}
              name="country"
              size="sm"
              placeholder="Choose a country"
              options={props.countries}
              value={values.country}
              onChange={(e) => set('country', e.target.value)}
            />
          )}
        </FormField>
        {values.country === 'CA' ? (
          <FormField label="Province" error={shown('region')} required={values.registered}>
            {(control) => (
              <NativeSelect
                {...control}
                name="region"
                size="sm"
                placeholder="Choose a province"
                options={PROVINCES}
                value={values.region}
                onChange={(e) => set('region', e.target.value)}
              />
            )}
          </FormField>
        ) : null}
        {text('taxId', 'Tax ID', 'Your VAT number, ABN, GST or business number: checked for the country.')}
      </div>
      <FormField label="Address" error={shown('address')} required={values.registered}>
        {(control) => (
          <Textarea
            {...control}
            name="address"
            rows={3}
            value={values.address}
            onChange={(e) => set('address', e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, address: true }))}
          />
        )}
      </FormField>
      <Switch
        label="Prices include tax"
        checked={values.pricesIncludeTax}
        onCheckedChange={(on) => set('pricesIncludeTax', on)}
        disabled={!values.registered}
        data-testid="tax-prices-include"
      />
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })} aria-live="polite" data-testid="tax-preview">
        {values.registered
          ? values.pricesIncludeTax
            ? 'Prices you enter are what clients pay, tax included; every price says so.'
            : 'Tax is added at checkout to the prices you enter; every price says so.'
          : 'Not registered: no tax is charged. Your legal name and address still go on invoices.'}
      </p>
      <RatesFields
        rows={values.rates}
        countries={props.countries}
        provinces={PROVINCES}
        onChange={(rows) => set('rates', rows)}
        errorOf={(i, f) => serverRates[`${i}.${f}`] ?? (ratesTouched ? rateErrors[`${i}.${f}`] : undefined)}
      />
      <div>
        <Button type="submit" size="sm" loading={busy} disabled={unchanged}>
          Save tax and invoices
        </Button>
      </div>
    </form>
  )
}
