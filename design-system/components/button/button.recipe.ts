import { defineRecipe, type RecipeConfig } from '@pandacss/dev'
import { DEFAULTS } from '../../constants'

/**
 * Park UI's button recipe, small by default (section 9), plus `tone="danger"`: the red palette
 * for what cannot be undone (cancel a booking, delete), in any variant. (`size` is Park UI's
 * variant, merged by the preset, hence the widened config type.)
 */
export const button = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton', 'LinkButton'],
  variants: {
    tone: {
      danger: { colorPalette: 'red' },
    },
  },
  defaultVariants: { size: DEFAULTS.buttonSize },
} as RecipeConfig)
