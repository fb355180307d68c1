import type { Meta, StoryObj } from '@storybook/react-vite'
import { Grid } from 'styled-system/jsx/grid'
import { Button } from '../button/button'
import { FormField } from '../field/form-field'
import { Input, Textarea } from '../input/input'
import { NativeSelect } from '../native-select/native-select'
import { FormDialog } from './form-dialog'

const meta: Meta<typeof FormDialog> = {
  title: 'Components/FormDialog',
  component: FormDialog,
  args: { onSubmit: () => {} },
}
export default meta
type Story = StoryObj<typeof FormDialog>

const resourceFields = (
  <>
    <FormField label="Title" required>
      <Input defaultValue="Workbook" />
    </FormField>
    <FormField label="Type">
      <NativeSelect
        options={[
          { value: 'LINK', label: 'Link' },
          { value: 'FILE', label: 'File' },
        ]}
        defaultValue="LINK"
      />
    </FormField>
    <FormField label="Description">
      <Textarea rows={3} />
    </FormField>
  </>
)

export const WithTrigger: Story = {
  args: { title: 'Add a resource', submitLabel: 'Add resource', trigger: <Button>Add resource</Button>, children: resourceFields },
}

export const Default: Story = {
  args: {
    defaultOpen: true,
    title: 'Add a resource',
    description: 'Attendees see it once they have booked.',
    submitLabel: 'Add resource',
    children: resourceFields,
  },
}

/** Two columns of fields (the schedule form). */
export const Wide: Story = {
  args: {
    defaultOpen: true,
    size: 'wide',
    title: 'New schedule',
    submitLabel: 'Create schedule',
    children: (
      <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <FormField label="Starts" required>
          <Input type="datetime-local" defaultValue="2030-05-14T09:30" />
        </FormField>
        <FormField label="Ends" required>
          <Input type="datetime-local" defaultValue="2030-05-14T17:00" />
        </FormField>
        <FormField label="Level">
          <NativeSelect placeholder="Choose a level" options={[{ value: 'BEGINNER', label: 'Beginner' }]} defaultValue="" />
        </FormField>
        <FormField label="Mode" error="Please choose a mode">
          <NativeSelect placeholder="Choose a mode" options={[{ value: 'ONLINE', label: 'Online' }]} defaultValue="" />
        </FormField>
      </Grid>
    ),
  },
}

export const BusyWithError: Story = {
  args: {
    defaultOpen: true,
    busy: true,
    busyLabel: 'Saving...',
    title: 'Edit schedule',
    error: 'The plan limit on published schedules is reached.',
    children: resourceFields,
  },
}
