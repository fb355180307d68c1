import { forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { type HTMLStyledProps, styled } from 'styled-system/jsx'
import { type BadgeVariantProps, badge } from 'styled-system/recipes'

export type BadgeProps = HTMLStyledProps<'span'> & BadgeVariantProps

/** A short status label ('Verified', 'Primary', 'New'). */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(props, ref) {
  const [variantProps, { className, ...rest }] = badge.splitVariantProps(props)
  return <styled.span ref={ref} className={cx(badge(variantProps), className)} {...rest} />
})
