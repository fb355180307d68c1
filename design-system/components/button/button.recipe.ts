import { defineRecipe, type RecipeConfig } from '@pandacss/dev'
import { DEFAULTS } from '../../constants'

/**
 * Park UI's button recipe, small by default (section 9), plus `tone="danger"`: the `danger`
 * palette (red, dark enough for white text at 4.5:1) for what cannot be undone (cancel a booking,
 * delete), in any variant; `variant="link"` is an
 * underlined text action inside a sentence ("Try again", "Use another email"). (`size` is Park UI's
 * variant, merged by the preset, hence the widened config type.)
 */
export const button = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton', 'LinkButton'],
  variants: {
    variant: {
      link: { color: 'inherit', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { textDecorationThickness: '2px' } },
    },
    tone: {
      danger: { colorPalette: 'danger' },
    },
  },
  defaultVariants: { size: DEFAULTS.buttonSize },
} as RecipeConfig)
