/**
 * Layout and text styles of the coach islands' forms (no validation code, so pages that only
 * show buttons stay small). The controls themselves are the design system's: Button,
 * LinkButton, Input, Textarea, NativeSelect (`design-system/components/`).
 */
import { css } from 'styled-system/css'

export const fieldBox = css({ display: 'flex', flexDir: 'column', gap: '1', minW: '0' })
export const labelCss = css({ fontSize: 'sm', fontWeight: 'medium' })
export const errorCss = css({ fontSize: 'sm', color: 'red.11' })
export const hintCss = css({ fontSize: 'xs', color: 'fg.muted' })
