import { defineRecipe } from '@pandacss/dev'

/**
 * A choice card: a `<label>` holding a native radio or checkbox and its text (a saved card to
 * pay with, a rating, "Attended"). The whole card is the hit area; it shows the input's state:
 * checked (accent border), keyboard focus (outline), disabled (muted).
 */
export const choice = defineRecipe({
  className: 'choice',
  jsx: ['Choice'],
  base: {
    display: 'flex',
    alignItems: 'center',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    color: 'fg.default',
    cursor: 'pointer',
    fontSize: 'sm',
    transitionDuration: 'normal',
    transitionProperty: 'border-color, box-shadow, background',
    _hover: { bg: 'bg.subtle' },
    '&:has(input:checked)': { borderColor: 'colorPalette.default', boxShadow: '0 0 0 1px var(--colors-color-palette-default)' },
    '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
    '&:has(input:disabled)': { cursor: 'not-allowed', bg: 'bg.subtle', color: 'fg.muted', _hover: { bg: 'bg.subtle' } },
    '& input:is([type=radio], [type=checkbox])': { w: '4', h: '4', flexShrink: '0', m: '0', accentColor: 'var(--colors-color-palette-default)' },
  },
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      sm: { minH: '8', px: '2', gap: '1.5' },
      md: { minH: '11', px: '3', py: '2', gap: '2' },
      lg: { minH: '12', px: '3', py: '2.5', gap: '3' },
    },
  },
})
