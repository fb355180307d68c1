import { defineRecipe } from '@pandacss/dev'

/**
 * A native `<select>` in the look of the `input` recipe that keeps its arrow: `appearance: none`
 * (the only way to style it alike in every browser) removes the browser's arrow, so the recipe
 * draws one as two small gradient triangles in the muted foreground colour (it follows the
 * colour mode, no image, no wrapper element). Sizes match the input recipe's heights.
 */
export const nativeSelect = defineRecipe({
  className: 'native-select',
  jsx: ['NativeSelect'],
  base: {
    appearance: 'none',
    backgroundColor: 'bg.default',
    backgroundImage:
      'linear-gradient(45deg, transparent 50%, var(--colors-fg-muted) 50%), linear-gradient(135deg, var(--colors-fg-muted) 50%, transparent 50%)',
    backgroundPosition: 'calc(100% - var(--native-select-arrow) - 5px) 50%, calc(100% - var(--native-select-arrow)) 50%',
    backgroundSize: '5px 5px, 5px 5px',
    backgroundRepeat: 'no-repeat',
    borderColor: 'border.default',
    borderRadius: 'l2',
    borderWidth: '1px',
    color: 'fg.default',
    cursor: 'pointer',
    minWidth: '0',
    maxWidth: 'full',
    outline: '0',
    textOverflow: 'ellipsis',
    transitionDuration: 'normal',
    transitionProperty: 'box-shadow, border-color',
    transitionTimingFunction: 'default',
    width: 'full',
    _disabled: { opacity: 0.4, cursor: 'not-allowed' },
    _focus: { borderColor: 'colorPalette.default', boxShadow: '0 0 0 1px var(--colors-color-palette-default)' },
    _invalid: {
      borderColor: 'fg.error',
      _focus: { borderColor: 'fg.error', boxShadow: '0 0 0 1px var(--colors-border-error)' },
    },
    // A list box (multiple) shows its options: no arrow, its own height.
    '&[multiple]': { backgroundImage: 'none', height: 'auto', py: '1' },
  },
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      xs: { h: '8', ps: '2', pe: '6', fontSize: 'xs', '--native-select-arrow': '8px' },
      sm: { h: '9', ps: '2.5', pe: '7', fontSize: 'sm', '--native-select-arrow': '10px' },
      md: { h: '10', ps: '3', pe: '8', fontSize: 'md', '--native-select-arrow': '12px' },
      lg: { h: '11', ps: '3.5', pe: '9', fontSize: 'md', '--native-select-arrow': '14px' },
    },
  },
})
