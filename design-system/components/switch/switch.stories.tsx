import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Stack } from 'styled-system/jsx/stack'
import { Switch } from './switch'

const meta: Meta = { title: 'Components/Switch' }
export default meta

function Demo({ initial, label, size, disabled }: { initial: boolean; label: string; size?: 'sm' | 'md' | 'lg'; disabled?: boolean }) {
  const [on, setOn] = useState(initial)
  return <Switch label={label} checked={on} onCheckedChange={setOn} size={size} disabled={disabled} />
}

export const Default: StoryObj = {
  render: () => (
    <Stack gap="4">
      <Demo initial label="Accept applications" />
      <Demo initial={false} label="Resume required" />
      <Demo initial={false} label="Small" size="sm" />
      <Demo initial label="Disabled" disabled />
    </Stack>
  ),
}
