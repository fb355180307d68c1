import { Field as ArkField } from '@ark-ui/react/field'
import { forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx/factory'
import { field } from 'styled-system/recipes/field'
import { type InputVariantProps, input } from 'styled-system/recipes/input'
import { textarea } from 'styled-system/recipes/textarea'
import { createStyleContext, type StyledProps } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(field)

const StyledInput = styled(ArkField.Input)
const StyledTextarea = styled(ArkField.Textarea)

export type FieldInputProps = StyledProps<typeof ArkField.Input> & InputVariantProps
export type FieldTextareaProps = StyledProps<typeof ArkField.Textarea>

const Input = forwardRef<HTMLInputElement, FieldInputProps>(function Input(props, ref) {
  const [variantProps, { className, ...rest }] = input.splitVariantProps(props)
  return <StyledInput ref={ref} className={cx(input(variantProps), className)} {...(rest as object)} />
})

const Textarea = forwardRef<HTMLTextAreaElement, FieldTextareaProps>(function Textarea({ className, ...rest }, ref) {
  return <StyledTextarea ref={ref} className={cx(textarea(), className)} {...(rest as object)} />
})

/**
 * A labelled form field: `<Field.Root invalid={!!error}><Field.Label/>...<Field.ErrorText/>`.
 * Label, helper and error text are linked to the control by Ark (aria-describedby).
 */
export const Field = {
  Root: withProvider(ArkField.Root, 'root'),
  Label: withContext(ArkField.Label, 'label'),
  Input,
  Textarea,
  HelperText: withContext(ArkField.HelperText, 'helperText'),
  ErrorText: withContext(ArkField.ErrorText, 'errorText'),
  RequiredIndicator: ArkField.RequiredIndicator,
}
