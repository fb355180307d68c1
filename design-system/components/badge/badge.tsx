import { forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx/factory'
import { type BadgeVariantProps, badge } from 'styled-system/recipes/badge'
import type { HTMLStyledProps } from 'styled-system/types/jsx'

export type BadgeProps = HTMLStyledProps<'span'> & BadgeVariantProps

/** A short status label ('Verified', 'Primary', 'New'). */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(props, ref) {
  const [variantProps, { className, ...rest }] = badge.splitVariantProps(props)
  return <styled.span ref={ref} className={cx(badge(variantProps), className)} {...rest} />
})
