import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack } from 'styled-system/jsx/stack'
import { Button } from '../button/button'
import { Field } from '../field/field'
import { Card } from './card'

const meta: Meta = { title: 'Components/Card' }
export default meta

const Example = ({ variant }: { variant?: 'solid-gray' | 'outline' | 'elevated' }) => (
  <Card.Root variant={variant} maxW="md">
    <Card.Header>
      <Card.Title>Username</Card.Title>
      <Card.Description>This is your public handle on Summit.</Card.Description>
    </Card.Header>
    <Card.Body>
      <Field.Root>
        <Field.Label>Username</Field.Label>
        <Field.Input defaultValue="ada" />
      </Field.Root>
    </Card.Body>
    <Card.Footer>
      <Button disabled>Save</Button>
    </Card.Footer>
  </Card.Root>
)

export const SolidGray: StoryObj = { render: () => <Example /> }
export const Variants: StoryObj = {
  render: () => (
    <Stack gap="6">
      <Example variant="outline" />
      <Example variant="elevated" />
    </Stack>
  ),
}
