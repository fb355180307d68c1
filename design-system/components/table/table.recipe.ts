import { defineRecipe, defineSlotRecipe } from '@pandacss/dev'
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

/**
 * On a phone (below `md`) every table is a list of cards: the head is hidden, each row is a card
 * and each cell a line with its column's name (`data-label`) before its value; the row's title
 * cell (`data-primary`) leads without a label, and its actions (`data-actions`) wrap on a line of
 * their own, all within the screen's width (no sideways scrolling). One class on the root, with
 * descendant selectors (nothing added to each cell's markup), outranking the table's size
 * variants' cell heights and paddings.
 */
export const tableCards = defineRecipe({
  className: 'table-cards',
  // A variant, not the base: a config recipe's variants sit in the `recipes` layer itself, after
  // every sub-layer (its own base, the slot recipes' size variants), so these rules win.
  defaultVariants: { layout: 'cards' },
  variants: {
    layout: {
      cards: {
        mdDown: {
          display: 'block',
          width: 'full',
          minWidth: '0 !important',
          tableLayout: 'auto',
          '& > thead': { display: 'none' },
          '& > tbody, & > tfoot': { display: 'block' },
          '& > tbody > tr, & > tfoot > tr': {
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            gap: '1.5',
            px: '4',
            py: '3',
            height: 'auto',
          },
          '& > tbody > tr > td': {
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: '4',
            width: 'auto !important',
            height: 'auto',
            minHeight: '0',
            p: '0',
            overflow: 'visible',
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
            textAlign: 'end',
          },
          '& > tbody > tr > td[data-label]::before': {
            // Alternative text "" (after the slash): the label is for the eye; a screen reader
            // still reads the table's own column header, so the cell's name stays its value.
            content: 'attr(data-label) / ""',
            color: 'fg.muted',
            textAlign: 'start',
            flexShrink: '0',
            maxWidth: '45%',
          },
          '& > tbody > tr > td[data-primary]': { justifyContent: 'flex-start', textAlign: 'start', fontWeight: 'medium' },
          '& > tbody > tr > td[data-actions]': { justifyContent: 'flex-start', flexWrap: 'wrap', textAlign: 'start', pt: '1.5' },
          '& > tbody > tr > td[data-actions] > *': { justifyContent: 'flex-start' },
          '& > tbody > tr > td[data-select]': { justifyContent: 'flex-start' },
          '& > tbody > tr > td[colspan]': { justifyContent: 'center', textAlign: 'center', py: '6' },
        },
      },
    },
  },
})
