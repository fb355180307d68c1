import type { Meta, StoryObj } from '@storybook/react-vite'
import AppShell from './index'

const meta = { title: 'Islands/AppShell', component: AppShell } satisfies Meta<typeof AppShell>
export default meta

const user = { id: 'u1', email: 'maya@acme.example', username: 'maya', avatarUrl: null, name: 'Maya Okafor' }
export const Client: StoryObj<typeof meta> = {
  args: { area: 'client', path: '/b', canCoach: false, user, counts: { '/b/bookings': 2 }, entries: [], allowed: [] },
}
export const Coach: StoryObj<typeof meta> = { args: { area: 'coach', path: '/c', canCoach: true, user, counts: {}, entries: [], allowed: ['/c/settings'] } }
/** A manager of two teams: the team switcher and the team's pages in the sidebar. */
export const CoachOfTwoTeams: StoryObj<typeof meta> = {
  args: {
    area: 'coach',
    path: '/c/team',
    canCoach: true,
    user,
    counts: {},
    entries: [],
    team: {
      current: { slug: 'acme', name: 'Acme Coaching' },
      teams: [
        { slug: 'acme', name: 'Acme Coaching' },
        { slug: 'northwind', name: 'Northwind Consulting' },
      ],
    },
    allowed: ['/c/team', '/c/vouchers', '/c/settings'],
  },
}
