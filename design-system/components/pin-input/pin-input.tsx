import { PinInput as ArkPinInput } from '@ark-ui/react/pin-input'
import { forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { input } from 'styled-system/recipes/input'
import { type PinInputVariantProps, pinInput } from 'styled-system/recipes/pin-input'
import { OTP_LENGTH } from '../../constants'
import { createStyleContext, type StyledProps } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(pinInput)

export const PinInputRoot = withProvider(ArkPinInput.Root, 'root')
export const PinInputLabel = withContext(ArkPinInput.Label, 'label')
export const PinInputControl = withContext(ArkPinInput.Control, 'control')
export const PinInputInput = withContext(ArkPinInput.Input, 'input')

export type PinInputProps = StyledProps<typeof ArkPinInput.Root> &
  PinInputVariantProps & {
    label?: React.ReactNode
    /** number of cells; 6 for sign-in codes */
    length?: number
  }

/**
 * A one-time-code input: digits only, paste fills every cell, `onValueComplete` fires when
 * all cells are filled. Defaults to 6 cells and the `one-time-code` autocomplete.
 */
export const PinInput = forwardRef<HTMLDivElement, PinInputProps>(function PinInput({ label, length = OTP_LENGTH, size = 'md', ...rest }, ref) {
  return (
    <PinInputRoot ref={ref} otp type="numeric" placeholder="" size={size} {...(rest as object)}>
      {label ? <PinInputLabel>{label}</PinInputLabel> : null}
      <PinInputControl>
        {[...Array(length).keys()].map((index) => (
          <PinInputInput key={index} index={index} className={cx(input({ size }))} />
        ))}
      </PinInputControl>
      <ArkPinInput.HiddenInput />
    </PinInputRoot>
  )
})
