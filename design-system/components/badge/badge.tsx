import { forwardRef } from 'react'
import { styled, type HTMLStyledProps } from 'styled-system/jsx'
import { badge, type BadgeVariantProps } from 'styled-system/recipes'
import { cx } from 'styled-system/css'

export type BadgeProps = HTMLStyledProps<'span'> & BadgeVariantProps

/** A short status label ('Verified', 'Primary', 'New'). */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(props, ref) {
  const [variantProps, { className, ...rest }] = badge.splitVariantProps(props)
  return <styled.span ref={ref} className={cx(badge(variantProps), className)} {...rest} />
})
