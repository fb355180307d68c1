import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack } from 'styled-system/jsx/stack'
import { Field } from './field'

const meta: Meta = { title: 'Components/Field' }
export default meta

export const Input: StoryObj = {
  render: () => (
    <Stack gap="6" maxW="sm">
      <Field.Root>
        <Field.Label>First Name</Field.Label>
        <Field.Input placeholder="Ada" />
      </Field.Root>
      <Field.Root>
        <Field.Label>Middle Name</Field.Label>
        <Field.Input />
        <Field.HelperText>Optional</Field.HelperText>
      </Field.Root>
      <Field.Root invalid>
        <Field.Label>Email</Field.Label>
        <Field.Input defaultValue="ada@" />
        <Field.ErrorText>Please enter a valid email address</Field.ErrorText>
      </Field.Root>
      <Field.Root disabled>
        <Field.Label>Username</Field.Label>
        <Field.Input defaultValue="ada" />
      </Field.Root>
    </Stack>
  ),
}

export const Textarea: StoryObj = {
  render: () => (
    <Field.Root maxW="md">
      <Field.Label>Headline</Field.Label>
      <Field.Textarea rows={3} placeholder="Leadership coach helping engineers become managers" />
      <Field.HelperText>Mention your professional background and expertise.</Field.HelperText>
    </Field.Root>
  ),
}
