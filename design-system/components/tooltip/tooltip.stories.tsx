import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../button/button'
import { Tooltip } from './tooltip'

const meta: Meta<typeof Tooltip> = { title: 'Components/Tooltip', component: Tooltip }
export default meta

export const Default: StoryObj<typeof Tooltip> = {
  render: () => (
    <Tooltip content="Opens after 600 ms">
      <Button variant="outline">Hover me</Button>
    </Tooltip>
  ),
}
