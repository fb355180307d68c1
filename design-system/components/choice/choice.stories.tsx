import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx/hstack'
import { Stack } from 'styled-system/jsx/stack'
import { Choice } from './choice'

const meta: Meta<typeof Choice> = { title: 'Components/Choice', component: Choice }
export default meta
type Story = StoryObj<typeof Choice>

/** Radios: one checked, one disabled (an expired card). */
export const Radios: Story = {
  render: () => (
    <Stack gap="2" maxW="sm">
      <Choice size="lg">
        <input type="radio" name="card" defaultChecked /> Visa •••• 4242
      </Choice>
      <Choice size="lg">
        <input type="radio" name="card" /> Mastercard •••• 4444
      </Choice>
      <Choice size="lg">
        <input type="radio" name="card" disabled /> Amex •••• 0005 (expired)
      </Choice>
    </Stack>
  ),
}
/** Small chips (a rating) and a checkbox card (attendance). */
export const SizesAndCheckbox: Story = {
  render: () => (
    <Stack gap="3">
      <HStack gap="1">
        {[1, 2, 3, 4, 5].map((n) => (
          <Choice key={n} size="sm">
            <input type="radio" name="rating" defaultChecked={n === 4} /> {n} ★
          </Choice>
        ))}
      </HStack>
      <HStack gap="2">
        <Choice>
          <input type="checkbox" defaultChecked /> Attended
        </Choice>
        <Choice>
          <input type="checkbox" /> Attended
        </Choice>
      </HStack>
    </Stack>
  ),
}
