import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack } from 'styled-system/jsx/stack'
import { FormField } from '../field/form-field'
import { NativeSelect } from './native-select'

const meta: Meta<typeof NativeSelect> = { title: 'Components/NativeSelect', component: NativeSelect }
export default meta
type Story = StoryObj<typeof NativeSelect>

const levels = [
  { value: 'BEGINNER', label: 'Beginner' },
  { value: 'INTERMEDIATE', label: 'Intermediate' },
  { value: 'ADVANCED', label: 'Advanced' },
]

export const Sizes: Story = {
  render: () => (
    <Stack gap="3" maxW="xs">
      {(['xs', 'sm', 'md', 'lg'] as const).map((size) => (
        <NativeSelect key={size} size={size} aria-label={`Level (${size})`} options={levels} defaultValue="INTERMEDIATE" />
      ))}
    </Stack>
  ),
}

export const States: Story = {
  render: () => (
    <Stack gap="5" maxW="sm">
      <FormField label="Level">
        <NativeSelect placeholder="Choose a level" options={levels} defaultValue="" />
      </FormField>
      <FormField label="Level" hint="Shown on the workshop page">
        <NativeSelect options={levels} defaultValue="ADVANCED" />
      </FormField>
      <FormField label="Mode" error="Please choose a mode" required>
        <NativeSelect placeholder="Choose a mode" options={[{ value: 'ONLINE', label: 'Online' }]} defaultValue="" />
      </FormField>
      <FormField label="Status">
        <NativeSelect
          options={[
            { value: 'DRAFT', label: 'Draft' },
            { value: 'PUBLISHED', label: 'Published (the plan limit is reached)', disabled: true },
          ]}
          defaultValue="DRAFT"
        />
      </FormField>
      <FormField label="Visibility">
        <NativeSelect options={[{ value: 'PUBLIC', label: 'Public' }]} disabled />
      </FormField>
    </Stack>
  ),
}

/** The filter bar's look: small, side by side, with `<option>` children. */
export const FilterBar: Story = {
  render: () => (
    <Stack direction="row" gap="2" flexWrap="wrap" alignItems="flex-end">
      <FormField label="Status">
        <NativeSelect size="sm" defaultValue="">
          <option value="">All statuses</option>
          <option value="CONFIRMED">Confirmed</option>
          <option value="CANCELLED">Cancelled</option>
        </NativeSelect>
      </FormField>
      <FormField label="Seats">
        <NativeSelect size="sm" defaultValue="2" options={[1, 2, 3].map((n) => ({ value: String(n), label: `${n} seats` }))} />
      </FormField>
    </Stack>
  ),
}
