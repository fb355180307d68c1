import { defineSlotRecipe } from '@pandacss/dev'

/**
 * Dropdown lists (Select, Combobox, Menu) open above dialogs: Park UI puts them at
 * z-index `dropdown` (1000), under `modal` (1400), so a list opened inside the Settings dialog
 * would hide behind it. Zag copies the content's z-index to the positioner.
 */
const above = (className: string, slots: string[]) => defineSlotRecipe({ className, slots, base: { content: { zIndex: 'popover' } } })

export const select = above('select', [
  'root',
  'label',
  'control',
  'trigger',
  'valueText',
  'indicator',
  'positioner',
  'content',
  'item',
  'itemText',
  'itemIndicator',
  'itemGroup',
  'itemGroupLabel',
  'list',
  'clearTrigger',
])
export const combobox = above('combobox', [
  'root',
  'label',
  'control',
  'input',
  'trigger',
  'clearTrigger',
  'positioner',
  'content',
  'item',
  'itemText',
  'itemIndicator',
  'itemGroup',
  'itemGroupLabel',
  'list',
])
export const menu = above('menu', [
  'arrow',
  'arrowTip',
  'content',
  'contextTrigger',
  'indicator',
  'item',
  'itemGroup',
  'itemGroupLabel',
  'itemIndicator',
  'itemText',
  'positioner',
  'separator',
  'trigger',
  'triggerItem',
])
