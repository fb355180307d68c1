import { forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx/factory'
import { type SpinnerVariantProps, spinner } from 'styled-system/recipes/spinner'
import type { HTMLStyledProps } from 'styled-system/types/jsx'

export type SpinnerProps = HTMLStyledProps<'div'> & SpinnerVariantProps & { label?: string }

/** An indeterminate loading ring; announced to screen readers through its label. */
export const Spinner = forwardRef<HTMLDivElement, SpinnerProps>(function Spinner(props, ref) {
  const [variantProps, { label = 'Loading...', className, ...rest }] = spinner.splitVariantProps(props)
  return <styled.div ref={ref} role="status" aria-label={label} className={cx(spinner(variantProps), className)} {...rest} />
})
