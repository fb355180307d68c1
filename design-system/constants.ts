/**
 * Every design-system constant of docs/product-rules.md section 9, in one place.
 * Components and their tests read these; never repeat the numbers elsewhere.
 */

export const THEME = {
  primary: 'yellow',
  gray: 'stone',
  /** rem */
  radius: 0.625,
  /** px */
  fontSize: 16,
} as const

export const COLOR_MODES = ['auto', 'light', 'dark'] as const
export type ColorModePreference = (typeof COLOR_MODES)[number]
export type ResolvedColorMode = Exclude<ColorModePreference, 'auto'>
export const DEFAULT_COLOR_MODE: ColorModePreference = 'auto'
export const COLOR_MODE_COOKIE = 'color-mode'

export const TOAST = {
  max: 10,
  duration: 5000,
  removeDelay: 1_000_000,
  hotkey: ['F8'] as string[],
  swipeThreshold: 50,
} as const

export const TABLE = {
  pageIndex: 0,
  pageSize: 10,
  columnSize: 150,
  columnMinSize: 20,
  filterDepthLimit: 100,
  /** multi-sort is triggered by shift-click */
  multiSortKey: 'shift',
  dragAnimationMs: 300,
  hoverSuppressMs: 6000,
} as const

export const TOOLTIP_DELAY = 600
export const SCROLL_AREA_HIDE_DELAY = 600

export const PAGE_LOADING = {
  throttle: 200,
  duration: 2000,
} as const

export const IMAGE = {
  breakpoints: { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536, '2xl': 1536 },
  densities: [1, 2],
  format: 'webp',
  /** where avatar/file sources that are neither absolute URLs nor root paths are served from */
  providerBase: '/v1/files/',
} as const

export const DEFAULTS = {
  buttonSize: 'sm',
  cardVariant: 'solid-gray',
} as const

export const SIDEBAR_STORAGE_KEY = 'sidebar-open'
export const SIDEBAR_DEFAULT_OPEN = true

export const OTP_LENGTH = 6

export const AVATAR_ACCEPT = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp']
