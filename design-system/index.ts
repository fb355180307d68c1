/**
 * Summit design system: components, colour-mode helpers and the constants of section 9.
 * Styles: the generated `styled-system/` (css, jsx patterns, recipes) and the static sheet
 * `dist/styles.css` (`npm run panda`).
 */

export * from './color-mode'
export * from './components/avatar/avatar'
export * from './components/badge/badge'
export * from './components/button/button'
export * from './components/card/card'
export * from './components/checkbox/checkbox'
export * from './components/choice/choice'
export * from './components/combobox/combobox'
export * from './components/combobox/country-combobox'
export * from './components/confirm-dialog/confirm-dialog'
export * from './components/cover/generated-cover'
export * from './components/dialog/dialog'
export * from './components/drag-handle/drag-handle'
export * from './components/field/field'
export * from './components/field/form-field'
export * from './components/file-upload/file-upload'
export * from './components/form-dialog/form-dialog'
export * from './components/icon-button/icon-button'
export * from './components/image/image'
export * from './components/image/image-src'
export * from './components/input/input'
export * from './components/link-button/link-button'
export * from './components/menu/menu'
export * from './components/native-select/native-select'
export * from './components/page-loading-bar/page-loading-bar'
export * from './components/pin-input/pin-input'
export * from './components/radio-group/color-mode-pictures'
export * from './components/radio-group/radio-picture-group'
export * from './components/scroll-area/scroll-area'
export * from './components/select/select'
export * from './components/sidebar/sidebar'
export * from './components/sidebar/use-sidebar-open'
export * from './components/skeleton/skeleton'
export * from './components/spinner/spinner'
export * from './components/switch/switch'
export * from './components/table/data-table'
export * from './components/table/paged-table'
export * from './components/table/table'
export {
  emptyTableState,
  formatSort,
  parseSort,
  readTableState,
  type SortItem,
  type TableState,
  toggleSort,
  writeTableState,
} from './components/table/table-state'
export * from './components/table/table-utils'
export * from './components/tabs/tab-links'
export * from './components/tabs/tabs'
export * from './components/toast/toast'
export * from './components/tooltip/tooltip'
export * from './constants'
export { HeadScript, headScript } from './head-script'
export { useColorMode } from './use-color-mode'
export { createStyleContext } from './utils/create-style-context'
