import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox'
import type { ReactNode } from 'react'
import { checkbox } from 'styled-system/recipes/checkbox'
import { createStyleContext } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(checkbox)

const Root = withProvider(ArkCheckbox.Root, 'root')
const Control = withContext(ArkCheckbox.Control, 'control')
const Indicator = withContext(ArkCheckbox.Indicator, 'indicator')
const Label = withContext(ArkCheckbox.Label, 'label')

const Check = () => (
  <svg viewBox="0 0 14 14" fill="none" aria-hidden="true" width="100%" height="100%">
    <path d="M3 7.5 6 10l5-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

/** A labelled checkbox (Ark UI Checkbox + the checkbox recipe). */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  disabled,
  value,
  size,
  ...rest
}: {
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
  value?: string
  size?: 'sm' | 'md' | 'lg'
  'data-testid'?: string
}) {
  return (
    <Root
      checked={checked}
      onCheckedChange={(d: { checked: boolean | 'indeterminate' }) => onCheckedChange(d.checked === true)}
      disabled={disabled}
      value={value}
      size={size}
      {...rest}
    >
      <Control>
        <Indicator>
          <Check />
        </Indicator>
      </Control>
      <Label>{label}</Label>
      <ArkCheckbox.HiddenInput />
    </Root>
  )
}

/** Several checkboxes for a list value; `max` disables the unchecked ones once reached. */
export function CheckboxGroup<T extends string>({
  options,
  value,
  onChange,
  max,
  labels,
  label,
  ...rest
}: {
  options: readonly T[]
  value: readonly T[]
  onChange: (next: T[]) => void
  max?: number
  labels?: Record<string, string>
  label: string
  'data-testid'?: string
}) {
  const full = max != null && value.length >= max
  return (
    <div role="group" aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem 1.25rem' }} {...rest}>
      {options.map((o) => (
        <Checkbox
          key={o}
          value={o}
          label={labels?.[o] ?? o}
          checked={value.includes(o)}
          disabled={full && !value.includes(o)}
          onCheckedChange={(on) => onChange(on ? [...value, o] : value.filter((x) => x !== o))}
        />
      ))}
    </div>
  )
}
