import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx/hstack'
import { Button } from '../button/button'
import { toaster } from './toast'

const meta: Meta = { title: 'Components/Toast' }
export default meta

/** The <Toaster/> is mounted by the Storybook preview, as the page shell does. */
export const Types: StoryObj = {
  render: () => (
    <HStack gap="3" flexWrap="wrap">
      <Button onClick={() => toaster.create({ title: 'User Updated', description: 'Successfully updated.', type: 'success' })}>Success</Button>
      <Button variant="outline" onClick={() => toaster.create({ title: 'Upload failed', description: 'Please try again', type: 'error' })}>
        Error
      </Button>
      <Button variant="outline" onClick={() => toaster.create({ title: 'Something went wrong!', type: 'error' })}>
        Error without text
      </Button>
      <Button variant="ghost" onClick={() => toaster.create({ title: 'Heads up', description: 'Press F8 to reach the toasts.', type: 'info' })}>
        Info
      </Button>
    </HStack>
  ),
}
