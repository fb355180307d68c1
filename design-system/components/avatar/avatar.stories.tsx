import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx/hstack'
import { Avatar } from './avatar'

const meta: Meta<typeof Avatar> = { title: 'Components/Avatar', component: Avatar }
export default meta
type Story = StoryObj<typeof Avatar>

const picture =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#facc15"/><circle cx="32" cy="26" r="12" fill="#1c1917"/><rect x="14" y="42" width="36" height="22" rx="11" fill="#1c1917"/></svg>',
  )

export const Initials: Story = { args: { alt: 'Ada Lovelace' } }
export const WithImage: Story = { args: { alt: 'Ada Lovelace', src: picture } }
export const NoName: Story = { args: {} }
export const Sizes: Story = {
  render: () => (
    <HStack gap="3">
      {(['xs', 'sm', 'md', 'lg', 'xl', '2xl'] as const).map((size) => (
        <Avatar key={size} size={size} alt="Grace Brewster Hopper" />
      ))}
    </HStack>
  ),
}
