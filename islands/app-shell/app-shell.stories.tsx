import type { Meta, StoryObj } from '@storybook/react-vite'
import AppShell from './index'

const meta = { title: 'Islands/AppShell', component: AppShell } satisfies Meta<typeof AppShell>
export default meta

const user = { id: 'u1', email: 'maya@acme.example', username: 'maya', avatarUrl: null, name: 'Maya Okafor' }
export const Client: StoryObj<typeof meta> = { args: { area: 'client', path: '/b', canCoach: false, user, counts: { '/b/bookings': 2 }, entries: [] } }
export const Coach: StoryObj<typeof meta> = { args: { area: 'coach', path: '/c', canCoach: true, user, counts: {}, entries: [] } }
