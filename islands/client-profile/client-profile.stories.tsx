import type { Meta, StoryObj } from '@storybook/react-vite'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import ClientProfile from './index'

const user = {
  id: 'u2',
  email: 'sam@example.com',
  username: 'sam',
  pendingEmail: null,
  avatar: null,
  avatarUrl: null,
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  roles: ['client'],
  profile: {
    firstName: 'Sam',
    middleName: null,
    lastName: 'Rivera',
    headline: null,
    country: 'US',
    phoneNumber: '+1 555 0100',
    socialAccounts: [{ platform: 'linkedin', url: 'https://linkedin.com/in/sam', order: 1 }],
  },
}

const meta = {
  title: 'Islands/ClientProfile',
  component: ClientProfile,
  decorators: [
    (Story) => (
      <QueryClientProvider client={new QueryClient()}>
        <Story />
      </QueryClientProvider>
    ),
  ],
} satisfies Meta<typeof ClientProfile>
export default meta
type Story = StoryObj<typeof meta>

export const Filled: Story = { args: { user, colorMode: 'auto' } }
/** A new account: no name, no country, no social accounts yet; a new email waiting for its code. */
export const Empty: Story = {
  args: {
    user: {
      ...user,
      pendingEmail: 'sam.rivera@example.com',
      profile: { firstName: null, middleName: null, lastName: null, headline: null, country: null, phoneNumber: null, socialAccounts: [] },
    },
    colorMode: 'auto',
  },
}
