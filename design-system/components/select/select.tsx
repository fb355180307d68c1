import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select'
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react'
import { useMemo } from 'react'
import { select } from 'styled-system/recipes/select'
import { createStyleContext } from '../../utils/create-style-context'
import { LayerPortal } from '../../utils/layer-portal'

const { withProvider, withContext } = createStyleContext(select)

export const SelectParts = {
  Root: withProvider(ArkSelect.Root, 'root'),
  Label: withContext(ArkSelect.Label, 'label'),
  Control: withContext(ArkSelect.Control, 'control'),
  Trigger: withContext(ArkSelect.Trigger, 'trigger'),
  ValueText: withContext(ArkSelect.ValueText, 'valueText'),
  Indicator: withContext(ArkSelect.Indicator, 'indicator'),
  Positioner: withContext(ArkSelect.Positioner, 'positioner'),
  Content: withContext(ArkSelect.Content, 'content'),
  Item: withContext(ArkSelect.Item, 'item'),
  ItemText: withContext(ArkSelect.ItemText, 'itemText'),
  ItemIndicator: withContext(ArkSelect.ItemIndicator, 'itemIndicator'),
}

export type SelectOption = { label: string; value: string; disabled?: boolean }

export type SelectProps = {
  options: SelectOption[]
  label?: React.ReactNode
  placeholder?: string
  value?: string | null
  defaultValue?: string
  onValueChange?: (value: string | null) => void
  name?: string
  disabled?: boolean
  invalid?: boolean
  size?: 'sm' | 'md' | 'lg'
}

/** A single-choice dropdown with a hidden native select for forms. */
export function Select({ options, label, placeholder = 'Select...', value, defaultValue, onValueChange, name, disabled, invalid, size = 'md' }: SelectProps) {
  const collection = useMemo(() => createListCollection({ items: options }), [options])
  return (
    <SelectParts.Root
      collection={collection as any}
      size={size}
      name={name}
      disabled={disabled}
      invalid={invalid}
      positioning={{ sameWidth: true }}
      // The list exists only while open (the hidden native select keeps every option for forms):
      // a page with a few dropdowns does not carry each one's options twice.
      lazyMount
      unmountOnExit
      value={value === undefined ? undefined : value ? [value] : []}
      defaultValue={defaultValue ? [defaultValue] : undefined}
      onValueChange={(details: { value: string[] }) => onValueChange?.(details.value[0] ?? null)}
    >
      {label ? <SelectParts.Label>{label}</SelectParts.Label> : null}
      <SelectParts.Control>
        <SelectParts.Trigger>
          <SelectParts.ValueText placeholder={placeholder} />
          <ChevronsUpDownIcon />
        </SelectParts.Trigger>
      </SelectParts.Control>
      <LayerPortal>
        <SelectParts.Positioner>
          <SelectParts.Content>
            {collection.items.map((item) => (
              <SelectParts.Item key={item.value} item={item}>
                <SelectParts.ItemText>{item.label}</SelectParts.ItemText>
                <SelectParts.ItemIndicator>
                  <CheckIcon />
                </SelectParts.ItemIndicator>
              </SelectParts.Item>
            ))}
          </SelectParts.Content>
        </SelectParts.Positioner>
      </LayerPortal>
      <ArkSelect.HiddenSelect />
    </SelectParts.Root>
  )
}
