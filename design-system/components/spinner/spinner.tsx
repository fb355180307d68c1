import { forwardRef } from 'react'
import { styled, type HTMLStyledProps } from 'styled-system/jsx'
import { spinner, type SpinnerVariantProps } from 'styled-system/recipes'
import { cx } from 'styled-system/css'

export type SpinnerProps = HTMLStyledProps<'div'> & SpinnerVariantProps & { label?: string }

/** An indeterminate loading ring; announced to screen readers through its label. */
export const Spinner = forwardRef<HTMLDivElement, SpinnerProps>(function Spinner(props, ref) {
  const [variantProps, { label = 'Loading...', className, ...rest }] = spinner.splitVariantProps(props)
  return (
    <styled.div
      ref={ref}
      role="status"
      aria-label={label}
      className={cx(spinner(variantProps), className)}
      {...rest}
    />
  )
})
