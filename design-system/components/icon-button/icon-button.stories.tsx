import type { Meta, StoryObj } from '@storybook/react-vite'
import { PlusIcon, SettingsIcon, Trash2Icon } from 'lucide-react'
import { HStack } from 'styled-system/jsx/hstack'
import { IconButton } from './icon-button'

const meta: Meta<typeof IconButton> = { title: 'Components/IconButton', component: IconButton }
export default meta

export const Default: StoryObj<typeof IconButton> = {
  render: () => (
    <HStack gap="3">
      <IconButton aria-label="Add">
        <PlusIcon />
      </IconButton>
      <IconButton aria-label="Settings" variant="outline">
        <SettingsIcon />
      </IconButton>
      <IconButton aria-label="Delete" variant="ghost">
        <Trash2Icon />
      </IconButton>
    </HStack>
  ),
}
