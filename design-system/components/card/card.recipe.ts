import { defineSlotRecipe } from '@pandacss/dev'
import { DEFAULTS } from '../../constants'

/** Park UI's card with Summit's variants; `solid-gray` is the default (section 9). */
export const card = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'body', 'footer', 'title', 'description'],
  defaultVariants: { variant: DEFAULTS.cardVariant },
  variants: {
    variant: {
      'solid-gray': {
        root: { bg: 'bg.default', borderWidth: '1px', borderColor: 'border.subtle', boxShadow: 'xs' },
        footer: { borderTopWidth: '1px', borderColor: 'border.subtle', bg: 'bg.subtle', pt: '4', pb: '4' },
      },
      outline: {
        root: { bg: 'transparent', borderWidth: '1px', borderColor: 'border.default', boxShadow: 'none' },
      },
      elevated: {
        root: { bg: 'bg.default', boxShadow: 'lg' },
      },
    },
  },
})
