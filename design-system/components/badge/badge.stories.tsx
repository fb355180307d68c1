import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx/hstack'
import { Badge } from './badge'

const meta: Meta<typeof Badge> = { title: 'Components/Badge', component: Badge, args: { children: 'Verified' } }
export default meta

export const Default: StoryObj<typeof Badge> = {}
export const Variants: StoryObj<typeof Badge> = {
  render: () => (
    <HStack gap="2">
      <Badge variant="solid">New</Badge>
      <Badge variant="subtle">Primary</Badge>
      <Badge variant="outline">Verified</Badge>
    </HStack>
  ),
}
/** The status pills: `soft` in each tone. */
export const Tones: StoryObj<typeof Badge> = {
  render: () => (
    <HStack gap="2">
      <Badge variant="soft" tone="neutral">
        Draft
      </Badge>
      <Badge variant="soft" tone="accent">
        Default
      </Badge>
      <Badge variant="soft" tone="success">
        Paid
      </Badge>
      <Badge variant="soft" tone="warning">
        Pending
      </Badge>
      <Badge variant="soft" tone="danger">
        Expired
      </Badge>
      <Badge variant="solid" tone="danger">
        Cancelled
      </Badge>
    </HStack>
  ),
}
