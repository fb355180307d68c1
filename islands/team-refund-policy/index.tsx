/**
 * The team's default refund policy (`PATCH /v1/t` `{ refundPolicy }`, managers): a full refund
 * at any time, or deadlines (full refund until X hours before the start, a percentage until Y
 * hours, none after). Checked with the API's own schema (TeamChangeSchema: the rules and
 * messages of RefundPolicySchema), and the sentence clients will read is shown as it is typed.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { Switch } from '../../design-system/components/switch/switch'
import { TeamChangeSchema } from '../../src/modules/teams/team.schema'
import { describeRefundPolicy, type RefundPolicy } from '../../src/shared/refund-policy'
import { ApiError, patch } from '../lib/api'
import { check } from '../lib/form'
import { notify } from '../lib/toast'
import type { TeamRefundPolicyProps } from './props'

type Name = keyof RefundPolicy
interface Values {
  deadlines: boolean
  fullRefundHours: string
  partialRefundHours: string
  partialRefundPercent: string
}

const valuesOf = (p: RefundPolicy | null): Values =>
  p
    ? {
        deadlines: true,
        fullRefundHours: String(p.fullRefundHours),
        partialRefundHours: String(p.partialRefundHours),
        partialRefundPercent: String(p.partialRefundPercent),
      }
    : { deadlines: false, fullRefundHours: '48', partialRefundHours: '24', partialRefundPercent: '50' }
/** A typed number (NaN for anything else, which the schema refuses with its message); undefined when empty. */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s))
/** The body's `refundPolicy`: null for a full refund at any time. */
const policyOf = (x: Values) =>
  x.deadlines
    ? { fullRefundHours: num(x.fullRefundHours), partialRefundHours: num(x.partialRefundHours), partialRefundPercent: num(x.partialRefundPercent) }
    : null
const errorsOf = (x: Values) => {
  const bag = check(TeamChangeSchema, { refundPolicy: policyOf(x) }) ?? {}
  const at = (n: Name) => bag[`refundPolicy.${n}`]?.[0]
  return { fullRefundHours: at('fullRefundHours'), partialRefundHours: at('partialRefundHours'), partialRefundPercent: at('partialRefundPercent') }
}

const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: '3' })

export default function TeamRefundPolicy(props: TeamRefundPolicyProps) {
  const [saved, setSaved] = useState<RefundPolicy | null>(props.policy)
  const [values, setValues] = useState<Values>(valuesOf(props.policy))
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({})
  const [server, setServer] = useState<Partial<Record<Name, string>>>({})
  const [busy, setBusy] = useState(false)
  const errors = errorsOf(values)
  const shown = (n: Name) => server[n] ?? (touched[n] ? errors[n] : undefined)
  const body = policyOf(values)
  const valid = !errors.fullRefundHours && !errors.partialRefundHours && !errors.partialRefundPercent
  const unchanged = JSON.stringify(body) === JSON.stringify(saved)
  const set = (n: Name, value: string) => {
    setValues((x) => ({ ...x, [n]: value }))
    setTouched((t) => ({ ...t, [n]: true }))
    setServer((s) => ({ ...s, [n]: undefined }))
  }

  async function save() {
    setTouched({ fullRefundHours: true, partialRefundHours: true, partialRefundPercent: true })
    if (!valid) return
    setBusy(true)
    try {
      const res = await patch<{ data: { refundPolicy: RefundPolicy | null } }>('/v1/t', { refundPolicy: body }, { silent: true })
      setSaved(res.data.refundPolicy)
      setValues(valuesOf(res.data.refundPolicy))
      notify({ type: 'success', title: 'Refund policy saved', description: describeRefundPolicy(res.data.refundPolicy) })
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        const at = (n: Name) => err.errors?.[`refundPolicy.${n}`]?.[0]
        setServer({ fullRefundHours: at('fullRefundHours'), partialRefundHours: at('partialRefundHours'), partialRefundPercent: at('partialRefundPercent') })
      } else notify({ type: 'error', title: 'Something went wrong!', description: err instanceof Error ? err.message : undefined })
    } finally {
      setBusy(false)
    }
  }

  const field = (n: Name, label: string, suffix: string) => (
    <FormField label={label} error={shown(n)} hint={suffix}>
      {(control) => <Input {...control} name={n} inputMode="numeric" size="sm" value={values[n]} onChange={(e) => set(n, e.target.value)} />}
    </FormField>
  )

  return (
    <form
      aria-label="Default refund policy"
      className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (!busy) void save()
      }}
    >
      <Switch
        label="Refund deadlines"
        checked={values.deadlines}
        onCheckedChange={(on) => {
          setValues((x) => ({ ...x, deadlines: on }))
          setServer({})
        }}
        data-testid="refund-deadlines"
      />
      {values.deadlines ? (
        <div className={row}>
          {field('fullRefundHours', 'Full refund until', 'hours before the start')}
          {field('partialRefundPercent', 'Then refund', 'percent of what was paid')}
          {field('partialRefundHours', 'Until', 'hours before the start')}
        </div>
      ) : null}
      <p className={css({ fontSize: 'sm', fontWeight: 'medium' })} data-testid="team-refund-preview" aria-live="polite">
        {valid ? `Clients read: ${describeRefundPolicy(body as RefundPolicy | null)}` : 'Fill in the hours and the percentage to see what clients will read.'}
      </p>
      <div>
        <Button type="submit" size="sm" loading={busy} disabled={unchanged}>
          Save refund policy
        </Button>
      </div>
    </form>
  )
}
