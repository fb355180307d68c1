import { defineSlotRecipe } from '@pandacss/dev'

/**
 * Park UI's toast plus a coloured edge per type (error, success, warning, info). A dismissed
 * toast stays mounted for the spec's remove delay (1,000,000 ms); once its exit transition ends
 * it is hidden, so neither it nor its hover "ghost" (Ark renders one that takes pointer events
 * while the toast is closed) covers what lies beneath.
 */
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
      transitionProperty: 'translate, scale, opacity, height, visibility',
      '&[data-state=closed]': { visibility: 'hidden' },
      '&[data-type=error]': { borderInlineStartColor: 'red.9' },
      '&[data-type=success]': { borderInlineStartColor: 'green.9' },
      '&[data-type=warning]': { borderInlineStartColor: 'yellow.9' },
      '&[data-type=info]': { borderInlineStartColor: 'gray.9' },
    },
  },
})
