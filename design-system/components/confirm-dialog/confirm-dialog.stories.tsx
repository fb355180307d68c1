import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../button/button'
import { FormField } from '../field/form-field'
import { Textarea } from '../input/input'
import { ConfirmDialog } from './confirm-dialog'

const meta: Meta<typeof ConfirmDialog> = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: { onConfirm: () => new Promise((resolve) => setTimeout(resolve, 1500)) },
}
export default meta
type Story = StoryObj<typeof ConfirmDialog>

/** Closed: the trigger opens it; the confirm button spins while the action runs. */
export const WithTrigger: Story = {
  args: {
    title: 'Publish this schedule?',
    description: 'It appears in the marketplace at once.',
    confirmLabel: 'Publish',
    trigger: <Button>Publish</Button>,
  },
}

export const Default: Story = {
  args: { defaultOpen: true, title: 'Publish this schedule?', description: 'It appears in the marketplace at once.', confirmLabel: 'Publish' },
}

/** Red confirm button; Cancel has the focus. */
export const Danger: Story = {
  args: {
    defaultOpen: true,
    tone: 'danger',
    title: 'Delete this schedule?',
    description: 'It has no bookings. You can restore it later from the deleted schedules.',
    confirmLabel: 'Delete',
  },
}

export const Busy: Story = {
  args: { defaultOpen: true, busy: true, tone: 'danger', title: 'Remove this resource?', confirmLabel: 'Remove', busyLabel: 'Removing...' },
}

/** More than a sentence: a reason that goes to the attendees. */
export const WithContent: Story = {
  args: {
    defaultOpen: true,
    tone: 'danger',
    title: 'Cancel schedule',
    description: '3 bookings are cancelled and refunded in full.',
    confirmLabel: 'Cancel schedule',
    cancelLabel: 'Keep schedule',
    children: (
      <FormField label="Reason">
        <Textarea rows={3} defaultValue="The venue is closed that week." />
      </FormField>
    ),
  },
}
