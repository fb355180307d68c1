/** Country of residence: a dropdown of countries with flags. */
import { useEffect, useRef, useState } from 'react'
import { CountryCombobox } from '../../../design-system/components/combobox/country-combobox'
import { Field } from '../../../design-system/components/field/field'
import { COUNTRIES } from '../../../src/shared/countries'
import { ApiError } from '../../lib/api'
import { focusFirstInvalid } from '../../lib/form'
import { SettingsCard } from './settings-card'

export function CountryCard({ country, save }: { country: string | null; save: (body: Record<string, unknown>) => Promise<unknown> }) {
  const root = useRef<HTMLFormElement>(null)
  const [value, setValue] = useState<string | null>(country)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setValue(country), [country])
  return (
    <SettingsCard
      id="country"
      title="Country"
      description="Your country of residence."
      note="Used to show workshops near you and the right dial code."
      dirty={value !== country}
      saving={saving}
      rootRef={root}
      onSave={async () => {
        setSaving(true)
        try {
          await save({ profile: { country: value } })
        } catch (err) {
          if (err instanceof ApiError && err.status === 422) {
            setError(err.errors?.['profile.country']?.[0] ?? err.message)
            focusFirstInvalid(root.current)
          }
        } finally {
          setSaving(false)
        }
      }}
    >
      <Field.Root invalid={!!error}>
        <CountryCombobox
          countries={COUNTRIES}
          label="Country"
          name="country"
          value={value}
          invalid={!!error}
          onValueChange={(v) => {
            setError(null)
            setValue(v)
          }}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </SettingsCard>
  )
}
