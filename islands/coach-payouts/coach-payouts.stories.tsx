import type { Meta, StoryObj } from '@storybook/react-vite'
import CoachPayouts from './index'

const meta = { title: 'Islands/CoachPayouts', component: CoachPayouts } satisfies Meta<typeof CoachPayouts>
export default meta

export const NotSetUp: StoryObj<typeof meta> = { args: { status: 'none' } }
export const Pending: StoryObj<typeof meta> = { args: { status: 'pending' } }
export const Restricted: StoryObj<typeof meta> = { args: { status: 'restricted' } }
export const Enabled: StoryObj<typeof meta> = { args: { status: 'enabled' } }
