/**
 * `LinkButton`: an `<a>` that looks like a Button (same variants and sizes, `sm` by default),
 * for actions that navigate or download: "Pay", "Add to calendar", "Download invoice",
 * "Bookings". It stays a link for assistive technology and works without JavaScript.
 * `disabled` renders a link without `href` and with `aria-disabled="true"`.
 */
import { type AnchorHTMLAttributes, forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes/button'
import { linkButton } from 'styled-system/recipes/link-button'
import { DEFAULTS } from '../../constants'

export type LinkButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonVariantProps & { disabled?: boolean }

/** Both classes of a link dressed as a button, for an `<a>` rendered elsewhere (a server page). */
export const linkButtonClass = (variants: ButtonVariantProps = {}) => cx(button({ size: DEFAULTS.buttonSize, ...variants }), linkButton())

export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton({ variant, size, tone, className, disabled, href, ...rest }, ref) {
  return (
    <a
      ref={ref}
      href={disabled ? undefined : href}
      aria-disabled={disabled || undefined}
      className={cx(linkButtonClass({ variant, size, tone }), className)}
      {...rest}
    />
  )
})
