/** Summit design system: import components, helpers and constants from here. */
export * from './constants'
export * from './color-mode'
export { useColorMode } from './use-color-mode'
export { createStyleContext } from './utils/create-style-context'
export * from './components/button/button'
export * from './components/icon-button/icon-button'
export * from './components/spinner/spinner'
export * from './components/toast/toast'
