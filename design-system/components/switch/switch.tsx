import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import type { ReactNode } from 'react'
import { switchRecipe } from 'styled-system/recipes/switch-recipe'
import { createStyleContext } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(switchRecipe)

const Root = withProvider(ArkSwitch.Root, 'root')
const Control = withContext(ArkSwitch.Control, 'control')
const Thumb = withContext(ArkSwitch.Thumb, 'thumb')
const Label = withContext(ArkSwitch.Label, 'label')

/**
 * A labelled on/off switch (Ark UI Switch + the switch recipe): a real checkbox input inside,
 * so it is keyboard- and form-friendly.
 */
export function Switch({
  label,
  checked,
  onCheckedChange,
  name,
  disabled,
  size,
  id,
  ...rest
}: {
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  name?: string
  disabled?: boolean
  size?: 'sm' | 'md' | 'lg'
  id?: string
  'data-testid'?: string
}) {
  return (
    <Root
      checked={checked}
      onCheckedChange={(d: { checked: boolean }) => onCheckedChange(d.checked)}
      name={name}
      disabled={disabled}
      size={size}
      id={id}
      {...rest}
    >
      <Control>
        <Thumb />
      </Control>
      <Label>{label}</Label>
      <ArkSwitch.HiddenInput />
    </Root>
  )
}
