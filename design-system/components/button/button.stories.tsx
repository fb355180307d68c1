import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx/hstack'
import { Stack } from 'styled-system/jsx/stack'
import { Button } from './button'

const meta: Meta<typeof Button> = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Save' },
}
export default meta
type Story = StoryObj<typeof Button>

export const Default: Story = {}

export const Variants: Story = {
  render: (args) => (
    <HStack gap="3">
      {(['solid', 'outline', 'ghost', 'subtle', 'link'] as const).map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </HStack>
  ),
}

export const Sizes: Story = {
  render: (args) => (
    <Stack gap="3" alignItems="flex-start">
      {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Button key={size} {...args} size={size}>
          Size {size}
        </Button>
      ))}
    </Stack>
  ),
}

/** `tone="danger"`: red, in each variant (cancel a booking, delete a resource). */
export const Danger: Story = {
  render: (args) => (
    <HStack gap="3">
      {(['solid', 'outline', 'ghost', 'subtle'] as const).map((variant) => (
        <Button key={variant} {...args} variant={variant} tone="danger">
          Cancel booking
        </Button>
      ))}
    </HStack>
  ),
}

export const Loading: Story = { args: { loading: true, loadingText: 'Saving...' } }
export const Disabled: Story = { args: { disabled: true } }
