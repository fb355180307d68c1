import type { Meta, StoryObj } from '@storybook/react-vite'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { setSettingsOpen } from '../lib/settings-store'
import SettingsDialog from './dialog'

const user = {
  id: 'u1',
  email: 'maya@acme.example',
  username: 'maya',
  pendingEmail: null,
  avatar: null,
  avatarUrl: null,
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  roles: ['coach'],
  profile: {
    firstName: 'Maya',
    middleName: null,
    lastName: 'Okafor',
    headline: 'Leadership coach',
    country: 'GB',
    phoneNumber: null,
    socialAccounts: [{ platform: 'linkedin', url: 'https://linkedin.com/in/maya', order: 1 }],
  },
}

const meta = {
  title: 'Islands/SettingsDialog',
  component: SettingsDialog,
  decorators: [
    (Story) => {
      useEffect(() => setSettingsOpen(true), [])
      return (
        <QueryClientProvider client={new QueryClient()}>
          <Story />
        </QueryClientProvider>
      )
    },
  ],
} satisfies Meta<typeof SettingsDialog>
export default meta

export const Account: StoryObj<typeof meta> = { args: { user, colorMode: 'auto' } }
export const NoSocialAccounts: StoryObj<typeof meta> = { args: { user: { ...user, profile: { ...user.profile, socialAccounts: [] } }, colorMode: 'dark' } }
