import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack } from 'styled-system/jsx/stack'
import { Field } from './field'
import { FormField } from './form-field'

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

/** The wrapper every form uses: label, required mark, hint and error wired to the control. */
export const Wrapper: StoryObj = {
  render: () => (
    <Stack gap="6" maxW="sm">
      <FormField label="First Name" required>
        {(control) => <Field.Input {...control} placeholder="Ada" />}
      </FormField>
      <FormField label="Middle Name" hint="Optional">
        <Field.Input />
      </FormField>
      <FormField label="Email" required error="Please enter a valid email address">
        <Field.Input defaultValue="ada@" />
      </FormField>
      <FormField label="Bio" hint="Between 1 and 1000 characters" aside={<span>12 / 1000</span>}>
        <Field.Textarea rows={3} defaultValue="Coach for new managers" />
      </FormField>
      <FormField label="Rating" group error="Please choose a rating">
        <Stack direction="row">
          {[1, 2, 3].map((n) => (
            <label key={n}>
              <input type="radio" name="rating" value={n} /> {n}
            </label>
          ))}
        </Stack>
      </FormField>
    </Stack>
  ),
}
