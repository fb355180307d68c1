import { defineSlotRecipe } from '@pandacss/dev'
import { SCROLL_AREA_HIDE_DELAY } from '../../constants'

/** Overlay scrollbars that fade out 600 ms after the pointer leaves or scrolling stops. */
export const scrollArea = defineSlotRecipe({
  className: 'scrollArea',
  slots: ['root', 'viewport', 'content', 'scrollbar', 'thumb', 'corner'],
  base: {
    root: { position: 'relative', overflow: 'hidden', display: 'flex', flexDirection: 'column' },
    viewport: {
      flex: '1',
      minHeight: '0',
      overflow: 'auto',
      scrollbarWidth: 'none',
      '&::-webkit-scrollbar': { display: 'none' },
      _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '-2px' },
    },
    scrollbar: {
      display: 'flex',
      p: '0.5',
      userSelect: 'none',
      opacity: '0',
      transition: `opacity 160ms ease ${SCROLL_AREA_HIDE_DELAY}ms`,
      '&[data-orientation=vertical]': { width: '2.5' },
      '&[data-orientation=horizontal]': { height: '2.5', flexDirection: 'column' },
      '&:is([data-hover], [data-scrolling], [data-dragging])': { opacity: '1', transitionDelay: '0ms' },
    },
    thumb: { flex: '1', borderRadius: 'full', bg: 'gray.a8', _hover: { bg: 'gray.a9' } },
  },
})
