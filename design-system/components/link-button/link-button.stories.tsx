import type { Meta, StoryObj } from '@storybook/react-vite'
import { CalendarPlusIcon, DownloadIcon } from 'lucide-react'
import { HStack } from 'styled-system/jsx/hstack'
import { Stack } from 'styled-system/jsx/stack'
import { LinkButton } from './link-button'

const meta: Meta<typeof LinkButton> = {
  title: 'Components/LinkButton',
  component: LinkButton,
  args: { href: '#', children: 'Pay €120.00' },
}
export default meta
type Story = StoryObj<typeof LinkButton>

export const Variants: Story = {
  render: (args) => (
    <HStack gap="3" flexWrap="wrap">
      {(['solid', 'outline', 'ghost', 'subtle', 'link'] as const).map((variant) => (
        <LinkButton key={variant} {...args} variant={variant}>
          {variant}
        </LinkButton>
      ))}
    </HStack>
  ),
}

export const Sizes: Story = {
  render: (args) => (
    <Stack gap="3" alignItems="flex-start">
      {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <LinkButton key={size} {...args} size={size}>
          Size {size}
        </LinkButton>
      ))}
    </Stack>
  ),
}

/** The booking page's actions: a payment link and downloads beside a button. */
export const Actions: Story = {
  render: () => (
    <HStack gap="2" flexWrap="wrap">
      <LinkButton href="#pay">Pay €120.00</LinkButton>
      <LinkButton href="#ics" variant="outline" download>
        <CalendarPlusIcon /> Add to calendar
      </LinkButton>
      <LinkButton href="#invoice" variant="outline" download>
        <DownloadIcon /> Download invoice
      </LinkButton>
    </HStack>
  ),
}

export const Disabled: Story = {
  render: () => (
    <HStack gap="3">
      <LinkButton href="#" disabled>
        Bookings
      </LinkButton>
      <LinkButton href="#" variant="outline" disabled>
        Bookings
      </LinkButton>
    </HStack>
  ),
}
