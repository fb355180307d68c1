import { defineSlotRecipe } from '@pandacss/dev'

/** Park UI's dialog plus sizes; `wide` holds a two-column form, `lg` is the large scrollable one (Settings). */
export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: ['trigger', 'backdrop', 'positioner', 'content', 'title', 'description', 'closeTrigger'],
  base: {
    positioner: { p: { base: '2', md: '6' }, overflow: 'hidden' },
    content: { maxHeight: 'calc(100dvh - token(spacing.4))', display: 'flex', flexDirection: 'column', width: 'full' },
    closeTrigger: { position: 'absolute', top: '3', insetEnd: '3' },
  },
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      sm: { content: { maxWidth: 'sm' } },
      md: { content: { maxWidth: 'lg' } },
      wide: { content: { maxWidth: '3xl' } },
      lg: { content: { maxWidth: '4xl', height: { md: 'min(85dvh, 56rem)' } } },
    },
  },
})
