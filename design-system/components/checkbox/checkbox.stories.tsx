import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Stack } from 'styled-system/jsx/stack'
import { Checkbox, CheckboxGroup } from './checkbox'

const meta: Meta = { title: 'Components/Checkbox' }
export default meta

export const Single: StoryObj = {
  render: function Render() {
    const [on, setOn] = useState(true)
    return (
      <Stack gap="3">
        <Checkbox label="Enabled" checked={on} onCheckedChange={setOn} />
        <Checkbox label="Disabled" checked={false} onCheckedChange={() => {}} disabled />
      </Stack>
    )
  },
}

export const GroupWithMaximum: StoryObj = {
  render: function Render() {
    const [value, setValue] = useState<string[]>(['IT'])
    return <CheckboxGroup label="Categories" options={['IT', 'FINANCE', 'MARKETING', 'SALES', 'HR']} value={value} onChange={setValue} max={3} />
  },
}
