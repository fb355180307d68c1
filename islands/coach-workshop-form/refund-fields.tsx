/**
 * The refund policy part of the workshop form: the team's policy, or one for this workshop
 * (full refund until X hours before the start, a percentage until Y hours, none after). The
 * rules and messages are the API's (RefundPolicySchema in the workshop schema); a sentence
 * says what clients will get.
 */
import { css, cx } from 'styled-system/css'
import * as v from 'valibot'
import { Input } from '../../design-system/components/input/input'
import { describeRefundPolicy, type RefundPolicy, RefundPolicySchema } from '../../src/shared/refund-policy'
import { Field, hintCss } from '../coach-common/form'

export type RefundMode = 'team' | 'custom'
export interface RefundValues {
  refundMode: RefundMode
  fullRefundHours: string
  partialRefundHours: string
  partialRefundPercent: string
}

export const refundInitial = (policy: RefundPolicy | null | undefined): RefundValues =>
  policy
    ? {
        refundMode: 'custom',
        fullRefundHours: String(policy.fullRefundHours),
        partialRefundHours: String(policy.partialRefundHours),
        partialRefundPercent: String(policy.partialRefundPercent),
      }
    : { refundMode: 'team', fullRefundHours: '48', partialRefundHours: '24', partialRefundPercent: '50' }

const num = (s: string) => (s.trim() === '' ? undefined : Number(s))

/** The body's `refundPolicy`: null for the team's policy. */
export const refundBody = (x: RefundValues) =>
  x.refundMode === 'team'
    ? null
    : { fullRefundHours: num(x.fullRefundHours), partialRefundHours: num(x.partialRefundHours), partialRefundPercent: num(x.partialRefundPercent) }

const choice = css({ display: 'flex', gap: '2', alignItems: 'flex-start', fontSize: 'sm', cursor: 'pointer' })
const radio = css({ mt: '0.5', w: '4', h: '4', flexShrink: 0, accentColor: 'var(--colors-color-palette-default)' })

export function RefundFields({
  values,
  set,
  blur,
  error,
  teamPolicy,
}: {
  values: RefundValues
  set: <K extends keyof RefundValues>(name: K, value: RefundValues[K]) => void
  blur: (name: string) => void
  error: (name: string) => string | undefined
  teamPolicy: RefundPolicy | null
}) {
  const body = refundBody(values)
  const valid = body !== null && v.safeParse(RefundPolicySchema, body).success
  const input = (name: Exclude<keyof RefundValues, 'refundMode'>, label: string, suffix: string) => {
    const path = `refundPolicy.${name}`
    return (
      <Field label={label} error={error(path)}>
        {(a) => (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            <Input
              {...a}
              name={name}
              inputMode="numeric"
              className={css({ maxW: '24' })}
              value={values[name]}
              onChange={(e) => {
                set(name, e.target.value)
                blur(path)
              }}
              onBlur={() => blur(path)}
            />
            <span className={cx(hintCss, css({ whiteSpace: 'nowrap' }))}>{suffix}</span>
          </div>
        )}
      </Field>
    )
  }
  return (
    <fieldset className={css({ gridColumn: { md: 'span 2' }, display: 'flex', flexDir: 'column', gap: '3', borderWidth: '0', p: '0', m: '0', minW: '0' })}>
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })}>Refund policy</legend>
      <p className={hintCss}>What clients get back when they cancel. When you cancel a booking or a session, clients always get everything back.</p>
      <label className={choice}>
        <input type="radio" name="refundMode" className={radio} checked={values.refundMode === 'team'} onChange={() => set('refundMode', 'team')} />
        <span>
          The team's policy
          <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>{describeRefundPolicy(teamPolicy)}</span>
        </span>
      </label>
      <label className={choice}>
        <input type="radio" name="refundMode" className={radio} checked={values.refundMode === 'custom'} onChange={() => set('refundMode', 'custom')} />
        <span>A policy for this workshop</span>
      </label>
      {values.refundMode === 'custom' ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', pl: { base: '0', sm: '6' } })}>
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr 1fr' }, gap: '3' })}>
            {input('fullRefundHours', 'Full refund until', 'hours before')}
            {input('partialRefundPercent', 'Then refund', '%')}
            {input('partialRefundHours', 'Until', 'hours before')}
          </div>
          <p className={hintCss} data-testid="refund-policy-preview">
            {valid ? describeRefundPolicy(body as RefundPolicy) : 'Fill in the hours and the percentage to see what clients will get.'}
          </p>
        </div>
      ) : null}
    </fieldset>
  )
}
