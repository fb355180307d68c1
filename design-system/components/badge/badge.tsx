/**
 * `Badge`: a short status label ('Verified', 'Paid', 'Expired'): a plain `<span>` with the
 * `badge` recipe's classes (no style props, no Panda runtime). `variant="soft"` with a `tone`
 * is the status pill; `solid`, `subtle` and `outline` are Park UI's.
 */
import { forwardRef, type HTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { type BadgeVariantProps, badge } from 'styled-system/recipes/badge'

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & BadgeVariantProps

export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge({ variant, size, tone, className, ...rest }, ref) {
  return <span ref={ref} className={cx(badge({ variant, size, tone }), className)} {...rest} />
})
