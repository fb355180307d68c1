import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack } from 'styled-system/jsx/stack'
import { FormField } from '../field/form-field'
import { Input, Textarea } from './input'

const meta: Meta<typeof Input> = { title: 'Components/Input', component: Input }
export default meta
type Story = StoryObj<typeof Input>

export const Sizes: Story = {
  render: () => (
    <Stack gap="3" maxW="xs">
      {(['xs', 'sm', 'md', 'lg'] as const).map((size) => (
        <Input key={size} size={size} aria-label={`Name (${size})`} placeholder={`Size ${size}`} />
      ))}
    </Stack>
  ),
}

export const States: Story = {
  render: () => (
    <Stack gap="5" maxW="sm">
      <FormField label="Email" required>
        <Input type="email" placeholder="name@example.com" />
      </FormField>
      <FormField label="City" hint="As printed on the invoice">
        <Input defaultValue="Lisbon" />
      </FormField>
      <FormField label="Voucher code" error="This voucher code is not valid.">
        <Input defaultValue="SPRING" />
      </FormField>
      <FormField label="Starts">
        <Input type="datetime-local" defaultValue="2030-05-14T09:30" />
      </FormField>
      <FormField label="Search">
        <Input type="search" size="sm" placeholder="Workshop or coach" />
      </FormField>
      <FormField label="Username">
        <Input defaultValue="ada" disabled />
      </FormField>
    </Stack>
  ),
}

export const TextareaStates: StoryObj = {
  name: 'Textarea',
  render: () => (
    <Stack gap="5" maxW="md">
      <FormField label="Reason" hint="Sent to every attendee">
        <Textarea rows={3} placeholder="The venue is closed that week." />
      </FormField>
      <FormField label="Bio" error="The bio may not be greater than 1000 characters.">
        <Textarea rows={3} defaultValue="Coach for new managers." />
      </FormField>
      <FormField label="Notes">
        <Textarea rows={2} defaultValue="Read only" disabled />
      </FormField>
    </Stack>
  ),
}
