import type { Meta, StoryObj } from '@storybook/react-vite'
import { Select } from './select'

const meta: Meta<typeof Select> = { title: 'Components/Select', component: Select }
export default meta

const platforms = ['LinkedIn', 'X', 'Instagram', 'YouTube', 'Website'].map((label) => ({ label, value: label.toLowerCase() }))

export const Default: StoryObj<typeof Select> = {
  render: () => (
    <div style={{ maxWidth: 320 }}>
      <Select label="Platform" options={platforms} placeholder="Choose a platform" />
    </div>
  ),
}
export const Invalid: StoryObj<typeof Select> = {
  render: () => (
    <div style={{ maxWidth: 320 }}>
      <Select label="Platform" options={platforms} invalid />
    </div>
  ),
}
