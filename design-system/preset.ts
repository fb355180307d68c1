/**
 * Summit's Panda preset: Park UI (yellow accent, stone gray) with the theme of docs/product-rules.md
 * section 9 (radius 0.625rem, 16px base font), light/dark colour modes keyed on <html>
 * (`class="dark"` or `data-color-mode="dark"`; `data-color-mode="auto"` follows the system
 * through a media query even before any script runs), and Summit's own recipes.
 */
import { definePreset } from '@pandacss/dev'
import { createPreset } from '@park-ui/panda-preset'
import green from '@park-ui/panda-preset/colors/green'
import red from '@park-ui/panda-preset/colors/red'
import yellow from '@park-ui/panda-preset/colors/yellow'
import { THEME } from './constants'
import { recipes, slotRecipes } from './recipes'
import { stone } from './theme/stone'

/**
 * The `danger` palette of destructive buttons: Park UI's red with a darker fill, so white text on it
 * keeps 4.5:1 (red 9, Park UI's fill, gives 3.9:1): red 11 in light (5.2:1), red 8 in dark (5.4:1),
 * one step darker on hover.
 */
const danger = {
  ...red.semanticTokens,
  default: { value: { _light: '{colors.red.light.11}', _dark: '{colors.red.dark.8}' } },
  emphasized: { value: { _light: '{colors.red.light.12}', _dark: '{colors.red.dark.7}' } },
}

const park = createPreset({ accentColor: yellow, grayColor: stone, radius: 'md' })

/** Every `{ _dark: x }` colour also applies under `_osDark._auto` (dark system + auto preference). */
function withAutoDark<T>(node: T): T {
  if (Array.isArray(node) || node === null || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) out[key] = withAutoDark(value)
  if ('_dark' in out && !('_osDark' in out)) out._osDark = { _auto: out._dark }
  return out as T
}

const parkTheme = park.theme?.extend ?? {}

export const summitPreset = definePreset({
  name: 'summit',
  presets: [
    {
      ...park,
      theme: {
        ...park.theme,
        extend: {
          ...parkTheme,
          semanticTokens: withAutoDark(parkTheme.semanticTokens),
        },
      },
    },
  ],
  conditions: {
    extend: {
      dark: ':is(.dark, [data-color-mode=dark]) &',
      light: ':root &, :is(.light, [data-color-mode=light]) &',
      osDark: '@media (prefers-color-scheme: dark)',
      auto: ':is([data-color-mode=auto]):not(.light) &',
    },
  },
  globalCss: {
    html: {
      fontSize: `${THEME.fontSize}px`,
      colorPalette: 'yellow',
      colorScheme: 'light',
      '&:is(.dark, [data-color-mode=dark])': { colorScheme: 'dark' },
      '@media (prefers-color-scheme: dark)': {
        '&[data-color-mode=auto]:not(.light)': { colorScheme: 'dark' },
      },
    },
    body: {
      fontFamily: 'sans',
      lineHeight: '1.5',
      WebkitFontSmoothing: 'antialiased',
      minHeight: '100dvh',
    },
  },
  theme: {
    extend: {
      // green for success toasts and badges (Park UI ships red for errors already)
      tokens: { colors: { green: green.tokens } },
      semanticTokens: {
        colors: withAutoDark({ green: green.semanticTokens, danger }),
        radii: {
          l1: { value: `calc(${THEME.radius}rem - 4px)` },
          l2: { value: `calc(${THEME.radius}rem - 2px)` },
          l3: { value: `${THEME.radius}rem` },
        },
      },
      recipes,
      slotRecipes,
    },
  },
})

export default summitPreset
