import { defineRecipe } from '@pandacss/dev'

/** Park UI's spinner with an open arc so the rotation is visible. */
export const spinner = defineRecipe({
  className: 'spinner',
  base: {
    borderColor: 'colorPalette.default',
    borderBottomColor: 'transparent',
    borderInlineStartColor: 'transparent',
  },
})
