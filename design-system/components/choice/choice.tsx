/**
 * `Choice`: a choice card, the `<label>` around a native radio or checkbox and its text, with
 * the `choice` recipe's class (checked, focus and disabled states follow the input; no
 * JavaScript of its own). For a list of pictures use `RadioPictureGroup`; for plain option
 * lists, `RadioGroup` or `CheckboxGroup`.
 *
 *   <Choice><input type="radio" name="card" value={id} checked={...} onChange={...} /> Visa •••• 4242</Choice>
 */
import { forwardRef, type LabelHTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { type ChoiceVariantProps, choice } from 'styled-system/recipes/choice'

export type ChoiceProps = LabelHTMLAttributes<HTMLLabelElement> & ChoiceVariantProps

export const Choice = forwardRef<HTMLLabelElement, ChoiceProps>(function Choice({ size, className, ...rest }, ref) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the caller puts the input inside
  return <label ref={ref} className={cx(choice({ size }), className)} {...rest} />
})
