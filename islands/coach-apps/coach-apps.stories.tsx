import type { Meta, StoryObj } from '@storybook/react-vite'
import CoachApps from './index'

const meta = { title: 'Islands/CoachApps', component: CoachApps } satisfies Meta<typeof CoachApps>
export default meta

export const NotLinked: StoryObj<typeof meta> = { args: { linked: false, configured: true, connectUrl: '#' } }
export const Linked: StoryObj<typeof meta> = { args: { linked: true, configured: true, connectUrl: '#' } }
export const NotConfigured: StoryObj<typeof meta> = { args: { linked: false, configured: false, connectUrl: '#' } }
