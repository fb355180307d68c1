import type { Meta, StoryObj } from '@storybook/react-vite'
import ClientApps from './index'

const meta = { title: 'Islands/ClientApps', component: ClientApps, args: { returnTo: '/b/account/apps' } } satisfies Meta<typeof ClientApps>
export default meta
type Story = StoryObj<typeof meta>

export const NotLinked: Story = { args: { linked: false, configured: true } }
export const Linked: Story = { args: { linked: true, configured: true } }
/** The provider is not set up on this site: nothing to press. */
export const NotConfigured: Story = { args: { linked: false, configured: false } }
