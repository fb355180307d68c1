import { defineRecipe } from '@pandacss/dev'
import { DEFAULTS } from '../../constants'

/** Park UI's button recipe, small by default (section 9). */
export const button = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton'],
  defaultVariants: { size: DEFAULTS.buttonSize },
})
