/**
 * `Input` and `Textarea`: plain `<input>` and `<textarea>` elements with the design system's
 * `input` and `textarea` recipes (Park UI), for forms that wire their own state (FormField
 * passes the id and the aria attributes). No Ark machine and no style props, so an island that
 * uses them stays small; `Field.Input` is the Ark-wired one for `Field.Root` compositions.
 * `invalid` (or `aria-invalid` from FormField) shows the error border.
 */
import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { type InputVariantProps, input } from 'styled-system/recipes/input'
import { type TextareaVariantProps, textarea } from 'styled-system/recipes/textarea'
import { ariaInvalid } from '../../utils/aria-invalid'

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & InputVariantProps & { invalid?: boolean }
export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & TextareaVariantProps & { invalid?: boolean }

/** A one-line text control (text, email, search, number, date, datetime-local, url, password...). */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ size, className, invalid, ...rest }, ref) {
  return <input ref={ref} className={cx(input({ size }), className)} {...rest} aria-invalid={ariaInvalid(invalid, rest['aria-invalid'])} />
})

/** A multi-line text control. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ size, className, invalid, ...rest }, ref) {
  return <textarea ref={ref} className={cx(textarea({ size }), className)} {...rest} aria-invalid={ariaInvalid(invalid, rest['aria-invalid'])} />
})
