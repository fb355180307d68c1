import { forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx/factory'
import { skeleton } from 'styled-system/recipes/skeleton'
import type { HTMLStyledProps } from 'styled-system/types/jsx'

export type SkeletonProps = HTMLStyledProps<'div'> & {
  /** When false, the children are shown instead of the placeholder. Default true. */
  loading?: boolean
}

/** A pulsing placeholder shaped like the content it stands for. */
export const Skeleton = forwardRef<HTMLDivElement, SkeletonProps>(function Skeleton({ loading = true, className, children, ...rest }, ref) {
  if (!loading) return <>{children}</>
  return (
    <styled.div ref={ref} aria-hidden="true" data-loading="" className={cx(skeleton(), className)} {...rest}>
      {children}
    </styled.div>
  )
})
