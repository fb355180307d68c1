import { defineSlotRecipe } from '@pandacss/dev'
import { TABLE } from '../../constants'

/**
 * Park UI's table plus: no row hover highlight while `data-hover-suppressed` is on the root
 * (set for 6000 ms after a drag), a drag handle, and the dragged row lifted above the others.
 */
export const table = defineSlotRecipe({
  className: 'table',
  slots: ['root', 'body', 'cell', 'footer', 'head', 'header', 'row', 'caption'],
  base: {
    root: { borderCollapse: 'collapse', tableLayout: 'fixed' },
    header: { position: 'relative', userSelect: 'none', '&[data-sortable]': { cursor: 'pointer' } },
    row: {
      '[data-hover-suppressed] &:not([data-selected]):hover': { bg: 'transparent' },
      '&[data-dragging]': {
        position: 'relative',
        zIndex: '1',
        bg: 'bg.default',
        boxShadow: 'md',
        transitionDuration: `${TABLE.dragAnimationMs}ms`,
      },
    },
    cell: { overflow: 'hidden', textOverflow: 'ellipsis' },
  },
})
