import { forwardRef } from 'react'
import { css, cx } from 'styled-system/css'
import { Button, type ButtonProps } from '../button/button'

export type IconButtonProps = ButtonProps & { 'aria-label': string }

const square = css({ px: '0', aspectRatio: 'square' })

/** A square button holding only an icon; the accessible name is required. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ className, ...props }, ref) {
  return <Button ref={ref} className={cx(square, className)} {...props} />
})
