import { RadioGroup as ArkRadioGroup } from '@ark-ui/react/radio-group'
import { radioPictureGroup } from 'styled-system/recipes/radio-picture-group'
import { createStyleContext } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(radioPictureGroup)

const Root = withProvider(ArkRadioGroup.Root, 'root')
const Label = withContext(ArkRadioGroup.Label, 'label')
const Item = withContext(ArkRadioGroup.Item, 'item')
const ItemControl = withContext(ArkRadioGroup.ItemControl, 'itemControl')
const ItemText = withContext(ArkRadioGroup.ItemText, 'itemText')
const Picture = withContext('span', 'picture')

export type PictureChoice = { value: string; label: string; picture: React.ReactNode; disabled?: boolean }

export type RadioPictureGroupProps = {
  choices: PictureChoice[]
  label?: React.ReactNode
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  name?: string
  disabled?: boolean
}

/** A radio group whose choices are preview pictures with a caption. */
export function RadioPictureGroup({ choices, label, value, defaultValue, onValueChange, name, disabled }: RadioPictureGroupProps) {
  return (
    <Root
      value={value}
      defaultValue={defaultValue}
      name={name}
      disabled={disabled}
      orientation="horizontal"
      onValueChange={(details: { value: string | null }) => details.value && onValueChange?.(details.value)}
    >
      {label ? <Label>{label}</Label> : null}
      {choices.map((choice) => (
        <Item key={choice.value} value={choice.value} disabled={choice.disabled}>
          <Picture aria-hidden>{choice.picture}</Picture>
          <ItemControl />
          <ItemText>{choice.label}</ItemText>
          <ArkRadioGroup.ItemHiddenInput />
        </Item>
      ))}
    </Root>
  )
}
