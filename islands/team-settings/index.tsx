/** The team's name, changed by its managers (`PATCH /v1/t`, section 5: 'Tenant name is required'). */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { TeamRenameSchema } from '../../src/modules/teams/team.schema'
import { ApiError, patch } from '../lib/api'
import { check } from '../lib/form'
import { notify } from '../lib/toast'
import type { TeamSettingsProps } from './props'

export default function TeamSettings(props: TeamSettingsProps) {
  const [saved, setSaved] = useState(props.name)
  const [name, setName] = useState(props.name)
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const validate = (value: string) => check(TeamRenameSchema, { name: value })?.name?.[0]
  async function save() {
    const problem = validate(name)
    if (problem) return setError(problem)
    setBusy(true)
    try {
      const res = await patch<{ data: { name: string } }>('/v1/t', { name }, { silent: true })
      setSaved(res.data.name)
      setName(res.data.name)
      notify({ type: 'success', title: 'Team renamed', description: res.data.name })
    } catch (err) {
      if (err instanceof ApiError) setError(err.errors?.name?.[0] ?? err.message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      aria-label="Team name"
      className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <FormField label="Name" error={error} id="team-name" className={css({ flex: '1', minW: '48' })}>
        <Input size="sm" value={name} onChange={(e) => (setName(e.target.value), setError(validate(e.target.value)))} onBlur={() => setError(validate(name))} />
      </FormField>
      <Button type="submit" size="sm" loading={busy} disabled={name.trim() === saved}>
        Save name
      </Button>
    </form>
  )
}
