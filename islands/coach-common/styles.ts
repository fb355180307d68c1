/** Styles of the coach islands' controls (no validation code, so pages that only show buttons stay small). */
import { css, cx } from 'styled-system/css'

export const fieldBox = css({ display: 'flex', flexDir: 'column', gap: '1', minW: '0' })
export const labelCss = css({ fontSize: 'sm', fontWeight: 'medium' })
export const control = css({
  w: 'full',
  minH: '10',
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  fontSize: 'md',
  color: 'fg.default',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
  '&[aria-invalid=true]': { borderColor: 'red.9' },
})
export const errorCss = css({ fontSize: 'sm', color: 'red.11' })
export const hintCss = css({ fontSize: 'xs', color: 'fg.muted' })

export const btn = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minH: '10',
  px: '4',
  borderRadius: 'l2',
  fontWeight: 'semibold',
  fontSize: 'sm',
  bg: 'colorPalette.default',
  color: 'colorPalette.fg',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { opacity: 0.92 },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'fg.default', outlineOffset: '2px' },
})
export const btnOutline = cx(
  btn,
  css({ bg: 'bg.default', color: 'fg.default', borderWidth: '1px', borderColor: 'border.default', _hover: { bg: 'bg.subtle', opacity: 1 } }),
)
export const btnDanger = cx(btn, css({ bg: 'red.9', color: 'white' }))
export const btnSmall = css({ minH: '8', px: '2.5', fontSize: 'xs' })
