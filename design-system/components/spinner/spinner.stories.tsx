import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx/hstack'
import { Spinner } from './spinner'

const meta: Meta<typeof Spinner> = { title: 'Components/Spinner', component: Spinner }
export default meta

export const Sizes: StoryObj<typeof Spinner> = {
  render: () => (
    <HStack gap="4">
      <Spinner size="sm" />
      <Spinner size="md" />
      <Spinner size="lg" />
    </HStack>
  ),
}
