import { defineRecipe } from '@pandacss/dev'

/**
 * Park UI's badge, plus the `soft` variant (a tinted pill: the status of a booking, a seat, a
 * payment) and `tone`, the colour palette a `solid` or `soft` badge takes: `neutral` (gray),
 * `accent` (the theme's yellow), `success` (green), `warning` (yellow), `danger` (red).
 */
export const badge = defineRecipe({
  className: 'badge',
  jsx: ['Badge'],
  variants: {
    variant: {
      soft: { bg: 'colorPalette.a3', color: 'colorPalette.12', fontWeight: 'semibold' },
    },
    tone: {
      neutral: { colorPalette: 'gray' },
      accent: { colorPalette: 'yellow' },
      success: { colorPalette: 'green' },
      warning: { colorPalette: 'yellow' },
      danger: { colorPalette: 'red' },
    },
  },
})
