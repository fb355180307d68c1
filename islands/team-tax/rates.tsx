/**
 * The team's own rates (`taxProfile.rates`): each replaces the table's rate for its country (and
 * Canadian province), e.g. a reduced rate the team is entitled to. Rows of country, province
 * (Canada) and rate in percent, checked with the API's RateOverrideSchema (0 to 100, at most three
 * decimals) through the form's TeamChangeSchema; at most 50.
 */
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'

export interface RateRow {
  country: string
  region: string
  /** As typed ("8.1"); a number once sent. */
  rate: string
}
export const MAX_RATES = 50

/** The rows as the API takes them: an empty rate is not a number (the schema's message). */
export const ratesBody = (rows: RateRow[]) =>
  rows.map((r) => ({ country: r.country, region: r.country === 'CA' ? r.region || null : null, rate: r.rate.trim() === '' ? Number.NaN : Number(r.rate) }))

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr 1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto' },
  gap: '3',
  alignItems: 'start',
  // On a phone each rate is a block of its own: the country across, then province and rate, then Remove.
  '& + &': { borderTopWidth: { base: '1px', sm: '0' }, borderColor: 'border.subtle', pt: { base: '3', sm: '0' } },
})
const wide = css({ gridColumn: { base: '1 / -1', sm: 'auto' } })

export function RatesFields({
  rows,
  onChange,
  errorOf,
  countries,
  provinces,
  disabled,
}: {
  rows: RateRow[]
  onChange: (rows: RateRow[]) => void
  errorOf: (index: number, field: 'country' | 'region' | 'rate') => string | undefined
  countries: { value: string; label: string }[]
  provinces: { value: string; label: string }[]
  disabled?: boolean
}) {
  const edit = (i: number, patch: Partial<RateRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '3' })} data-testid="tax-rates">
      <legend className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Your own rates</legend>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {rows.length
          ? 'Each replaces the standard rate of its country (or province) on your sales there.'
          : 'None: the standard rate of each country applies. Add one where your service has another rate.'}
      </p>
      {rows.map((r, i) => (
        // Rows have no id of their own: a row is its place in the list, as the API's errors name it.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className={row} data-testid="tax-rate">
          <FormField label={`Country of rate ${i + 1}`} error={errorOf(i, 'country')} className={wide}>
            {(control) => (
              <NativeSelect
                {...control}
                name={`rates.${i}.country`}
                size="sm"
                placeholder="Choose a country"
                options={countries}
                value={r.country}
                disabled={disabled}
                onChange={(e) => edit(i, { country: e.target.value })}
              />
            )}
          </FormField>
          {r.country === 'CA' ? (
            <FormField label="Province" error={errorOf(i, 'region')}>
              {(control) => (
                <NativeSelect
                  {...control}
                  name={`rates.${i}.region`}
                  size="sm"
                  placeholder="All"
                  options={provinces}
                  value={r.region}
                  disabled={disabled}
                  onChange={(e) => edit(i, { region: e.target.value })}
                />
              )}
            </FormField>
          ) : (
            <span aria-hidden className={css({ display: { base: 'none', sm: 'block' } })} />
          )}
          <FormField label="Rate (%)" error={errorOf(i, 'rate')}>
            {(control) => (
              <Input
                {...control}
                name={`rates.${i}.rate`}
                size="sm"
                inputMode="decimal"
                value={r.rate}
                disabled={disabled}
                onChange={(e) => edit(i, { rate: e.target.value })}
              />
            )}
          </FormField>
          <Button
            size="sm"
            variant="ghost"
            className={css({ mt: '6', justifySelf: 'start' })}
            disabled={disabled}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            Remove<span className={css({ srOnly: true })}> rate {i + 1}</span>
          </Button>
        </div>
      ))}
      <div>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || rows.length >= MAX_RATES}
          onClick={() => onChange([...rows, { country: '', region: '', rate: '' }])}
        >
          Add a rate
        </Button>
      </div>
    </fieldset>
  )
}
