import { defineRecipe } from '@pandacss/dev'

/** A tab that is a link (TabLinks): a bordered segment on a phone, an underlined tab from `md` up. */
export const tabLink = defineRecipe({
  className: 'tab-link',
  base: {
    display: 'block',
    px: '3',
    py: '2',
    fontSize: 'sm',
    fontWeight: 'medium',
    textAlign: { base: 'center', md: 'start' },
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    color: 'fg.muted',
    borderWidth: { base: '1px', md: '0' },
    borderBottomWidth: { md: '2px' },
    borderRadius: { base: 'l2', md: '0' },
    borderColor: { base: 'border.subtle', md: 'transparent' },
    mb: { md: '-1px' },
    _hover: { color: 'fg.default' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
    '&[aria-current=page]': {
      color: 'fg.default',
      borderColor: 'colorPalette.default',
      bg: { base: 'colorPalette.a3', md: 'transparent' },
    },
  },
})
