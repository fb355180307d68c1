import { forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx/factory'
import { type ButtonVariantProps, button } from 'styled-system/recipes/button'
import type { HTMLStyledProps } from 'styled-system/types/jsx'
import { Spinner } from '../spinner/spinner'

export type ButtonProps = HTMLStyledProps<'button'> &
  ButtonVariantProps & {
    /** Shows a spinner and disables the button; `loadingText` replaces the label if given. */
    loading?: boolean
    loadingText?: React.ReactNode
  }

/** Park UI button; size `sm` unless told otherwise (section 9). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  const [variantProps, { loading, loadingText, disabled, children, className, type = 'button', ...rest }] = button.splitVariantProps(props)
  return (
    <styled.button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      className={cx(button(variantProps), className)}
      {...rest}
    >
      {loading ? (
        <>
          <Spinner
            size="sm"
            width="1em"
            height="1em"
            borderColor="currentColor"
            borderBottomColor="transparent"
            borderInlineStartColor="transparent"
            label=""
            aria-hidden
          />
          {loadingText ?? children}
        </>
      ) : (
        children
      )}
    </styled.button>
  )
})
