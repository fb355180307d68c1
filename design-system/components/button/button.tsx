/**
 * `Button`: a plain `<button>` with the `button` recipe's classes (Park UI's variants and sizes,
 * `sm` by default; `tone="danger"` for a destructive action). No style props and no Panda runtime (`styled`), so an island that uses it
 * stays small; pass `className` for layout (`css({ mt: '2' })`), never to redraw the button.
 * `loading` disables it, marks it `aria-busy` and shows a spinner (and `loadingText`, if given).
 */
import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes/button'
import { spinner } from 'styled-system/recipes/spinner'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariantProps & {
    /** Shows a spinner and disables the button; `loadingText` replaces the label if given. */
    loading?: boolean
    loadingText?: ReactNode
  }

/** The spinner of a busy button: an arc in the text colour, one em wide. */
const busySpinner = cx(
  spinner(),
  css({ '--size': '1em', flexShrink: '0', borderColor: 'currentColor', borderBottomColor: 'transparent', borderInlineStartColor: 'transparent' }),
)

/** Park UI button; size `sm` unless told otherwise (section 9). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, tone, loading, loadingText, disabled, children, className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      className={cx(button({ variant, size, tone }), className)}
      {...rest}
    >
      {loading ? (
        <>
          <span className={busySpinner} aria-hidden="true" />
          {loadingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  )
})
