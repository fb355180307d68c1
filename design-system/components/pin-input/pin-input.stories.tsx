import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { styled } from 'styled-system/jsx/factory'
import { Stack } from 'styled-system/jsx/stack'
import { PinInput } from './pin-input'

const meta: Meta<typeof PinInput> = { title: 'Components/PinInput', component: PinInput }
export default meta

export const SixDigitCode: StoryObj<typeof PinInput> = {
  render: () => {
    const [code, setCode] = useState('')
    return (
      <Stack gap="3">
        <PinInput label="Code" onValueComplete={(details) => setCode(details.valueAsString)} />
        <styled.p color="fg.muted" textStyle="sm">
          {code ? `Entered: ${code}` : 'Type or paste the 6-digit code'}
        </styled.p>
      </Stack>
    )
  },
}

export const Invalid: StoryObj<typeof PinInput> = { args: { label: 'Code', invalid: true } }
