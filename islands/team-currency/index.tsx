/**
 * The team's currency (`PATCH /v1/t` `{ currency }`, managers): every price, voucher, invoice and
 * payout of the team is in it. Fixed once the team has a paid or held booking (the select is
 * disabled and says why; the server refuses it too). Changing it keeps the amounts typed on the
 * team's workshops, sessions and vouchers, in the new currency.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { TEAM_MESSAGES, TeamChangeSchema } from '../../src/modules/teams/team.schema'
import { ApiError, patch } from '../lib/api'
import { check } from '../lib/form'
import { notify } from '../lib/toast'
import type { TeamCurrencyProps } from './props'

export default function TeamCurrency(props: TeamCurrencyProps) {
  const [saved, setSaved] = useState(props.currency)
  const [currency, setCurrency] = useState(props.currency)
  const [locked, setLocked] = useState(props.locked)
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const label = (code: string) => props.options.find((o) => o.value === code)?.label ?? code.toUpperCase()

  async function save() {
    const problem = check(TeamChangeSchema, { currency })?.currency?.[0]
    if (problem) return setError(problem)
    setBusy(true)
    try {
      const res = await patch<{ data: { currency: string; currencyLocked: boolean } }>('/v1/t', { currency }, { silent: true })
      setSaved(res.data.currency)
      setCurrency(res.data.currency)
      setLocked(res.data.currencyLocked)
      notify({ type: 'success', title: 'Currency changed', description: `The team sells in ${label(res.data.currency)} from now on.` })
    } catch (err) {
      if (err instanceof ApiError) {
        const message = err.errors?.currency?.[0] ?? err.message
        setError(message)
        if (message === TEAM_MESSAGES.currencyLocked) setLocked(true)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      aria-label="Team currency"
      className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (!busy && !locked) void save()
      }}
    >
      <FormField
        label="Currency"
        id="team-currency"
        error={error}
        hint={
          locked
            ? 'Fixed: the team has paid or held bookings, so its prices, invoices and payouts stay in this currency.'
            : 'Prices, vouchers, invoices and payouts are in this currency. Changing it keeps the amounts you typed, in the new currency.'
        }
        className={css({ flex: '1', minW: '48' })}
      >
        {(control) => (
          <NativeSelect
            {...control}
            size="sm"
            name="currency"
            data-testid="team-currency"
            options={props.options}
            value={currency}
            disabled={locked}
            onChange={(e) => (setCurrency(e.target.value), setError(undefined))}
          />
        )}
      </FormField>
      {locked ? null : (
        <Button type="submit" size="sm" loading={busy} disabled={currency === saved}>
          Change currency
        </Button>
      )}
    </form>
  )
}
