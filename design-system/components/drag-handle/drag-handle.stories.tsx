import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx/hstack'
import { DragHandle } from './drag-handle'

const meta: Meta<typeof DragHandle> = { title: 'Components/DragHandle', component: DragHandle, args: { 'aria-label': 'Reorder question 1' } }
export default meta

export const Default: StoryObj<typeof DragHandle> = {}
/** At rest and while a row is being dragged (the grabbing cursor). */
export const States: StoryObj<typeof DragHandle> = {
  render: () => (
    <HStack gap="3">
      <DragHandle aria-label="Reorder question 1" />
      <DragHandle aria-label="Reorder question 2" dragging />
      <DragHandle aria-label="Reorder question 3" disabled />
    </HStack>
  ),
}
