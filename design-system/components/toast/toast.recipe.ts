import { defineSlotRecipe } from '@pandacss/dev'

/** Park UI's toast plus a coloured edge per type (error, success, warning, info). */
export const toast = defineSlotRecipe({
  className: 'toast',
  slots: ['group', 'root', 'title', 'description', 'actionTrigger', 'closeTrigger'],
  base: {
    root: {
      borderWidth: '1px',
      borderColor: 'border.subtle',
      borderInlineStartWidth: '4px',
      pe: '10',
      maxWidth: 'sm',
      touchAction: 'pan-y',
      '&[data-type=error]': { borderInlineStartColor: 'red.9' },
      '&[data-type=success]': { borderInlineStartColor: 'green.9' },
      '&[data-type=warning]': { borderInlineStartColor: 'yellow.9' },
      '&[data-type=info]': { borderInlineStartColor: 'gray.9' },
    },
  },
})
