import { forwardRef } from 'react'
import { Button, type ButtonProps } from '../button/button'

export type IconButtonProps = ButtonProps & { 'aria-label': string }

/** A square button holding only an icon; the accessible name is required. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(props, ref) {
  return <Button ref={ref} px="0" aspectRatio="square" {...props} />
})
