import type { Meta, StoryObj } from '@storybook/react-vite'
import TeamSettings from './index'

const meta = { title: 'Islands/TeamSettings', component: TeamSettings } satisfies Meta<typeof TeamSettings>
export default meta

export const Default: StoryObj<typeof meta> = { args: { name: 'Acme Coaching' } }
