import { useListCollection } from '@ark-ui/react/collection'
import { Combobox as ArkCombobox } from '@ark-ui/react/combobox'
import { useFilter } from '@ark-ui/react/locale'
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { styled } from 'styled-system/jsx/factory'
import { combobox } from 'styled-system/recipes/combobox'
import { input } from 'styled-system/recipes/input'
import { createStyleContext } from '../../utils/create-style-context'
import { LayerPortal } from '../../utils/layer-portal'

const { withProvider, withContext } = createStyleContext(combobox)

export const ComboboxParts = {
  Root: withProvider(ArkCombobox.Root, 'root'),
  Label: withContext(ArkCombobox.Label, 'label'),
  Control: withContext(ArkCombobox.Control, 'control'),
  Input: withContext(ArkCombobox.Input, 'input'),
  Trigger: withContext(ArkCombobox.Trigger, 'trigger'),
  Positioner: withContext(ArkCombobox.Positioner, 'positioner'),
  Content: withContext(ArkCombobox.Content, 'content'),
  Item: withContext(ArkCombobox.Item, 'item'),
  ItemText: withContext(ArkCombobox.ItemText, 'itemText'),
  ItemIndicator: withContext(ArkCombobox.ItemIndicator, 'itemIndicator'),
}

export type ComboboxProps<T> = {
  items: readonly T[]
  itemToValue: (item: T) => string
  itemToString: (item: T) => string
  /** Custom row content; defaults to itemToString. */
  renderItem?: (item: T) => React.ReactNode
  label?: React.ReactNode
  placeholder?: string
  value?: string | null
  defaultValue?: string
  onValueChange?: (value: string | null, item: T | undefined) => void
  name?: string
  disabled?: boolean
  invalid?: boolean
  emptyText?: React.ReactNode
  /** at most this many matches are listed at once (keeps long lists fast) */
  limit?: number
  /** Custom match; defaults to a case- and accent-insensitive "contains" on itemToString. */
  filter?: (item: T, query: string) => boolean
  /**
   * The list is searched elsewhere (a server): called with the text as the person types; the
   * `items` given next replace the list (the field keeps filtering what it has meanwhile).
   */
  onInputChange?: (text: string) => void
}

function initialText<T>(items: readonly T[], value: string | null | undefined, toValue: (i: T) => string, toText: (i: T) => string) {
  const item = value ? items.find((i) => toValue(i) === value) : undefined
  return item ? toText(item) : undefined
}

/** A type-to-filter single choice (e.g. countries). */
export function Combobox<T>({
  items,
  itemToValue,
  itemToString,
  renderItem,
  label,
  placeholder,
  value,
  defaultValue,
  onValueChange,
  name,
  disabled,
  invalid,
  emptyText = 'No matches',
  limit,
  filter: match,
  onInputChange,
}: ComboboxProps<T>) {
  const { contains } = useFilter({ sensitivity: 'base' })
  const { collection, filter, set } = useListCollection<T>({
    initialItems: items as T[],
    itemToValue,
    itemToString,
    filter: match ? (_text: string, query: string, item: T) => match(item, query) : contains,
    limit,
  })
  // New items (a search's answer) replace the list; the first ones are already in it.
  const shown = useRef(items)
  useEffect(() => {
    if (shown.current === items) return
    shown.current = items
    set(items as T[])
  }, [items, set])
  return (
    <ComboboxParts.Root
      collection={collection as any}
      name={name}
      disabled={disabled}
      invalid={invalid}
      openOnClick
      // The options exist only while the list is open: a long list (countries) costs the page nothing.
      lazyMount
      unmountOnExit
      positioning={{ sameWidth: true }}
      value={value === undefined ? undefined : value ? [value] : []}
      defaultValue={defaultValue ? [defaultValue] : undefined}
      defaultInputValue={initialText(items, value ?? defaultValue, itemToValue, itemToString)}
      // Typing filters; a selection writing the item's text into the input shows the full list again.
      onInputValueChange={(details: { inputValue: string; reason?: string }) => {
        filter(details.reason === 'input-change' ? details.inputValue : '')
        if (details.reason === 'input-change') onInputChange?.(details.inputValue)
      }}
      onValueChange={(details: any) => onValueChange?.(details.value[0] ?? null, details.items[0])}
    >
      {label ? <ComboboxParts.Label>{label}</ComboboxParts.Label> : null}
      <ComboboxParts.Control>
        <ComboboxParts.Input placeholder={placeholder} className={input()} />
        <ComboboxParts.Trigger aria-label="Show options">
          <ChevronsUpDownIcon />
        </ComboboxParts.Trigger>
      </ComboboxParts.Control>
      <LayerPortal>
        <ComboboxParts.Positioner>
          <ComboboxParts.Content maxH="72" overflowY="auto">
            {collection.items.length === 0 ? (
              <styled.div px="2" py="1.5" color="fg.muted" textStyle="sm">
                {emptyText}
              </styled.div>
            ) : null}
            {collection.items.map((item) => (
              <ComboboxParts.Item key={itemToValue(item)} item={item}>
                <ComboboxParts.ItemText>{renderItem ? renderItem(item) : itemToString(item)}</ComboboxParts.ItemText>
                <ComboboxParts.ItemIndicator>
                  <CheckIcon />
                </ComboboxParts.ItemIndicator>
              </ComboboxParts.Item>
            ))}
          </ComboboxParts.Content>
        </ComboboxParts.Positioner>
      </LayerPortal>
    </ComboboxParts.Root>
  )
}
