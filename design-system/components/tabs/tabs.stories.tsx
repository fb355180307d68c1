import type { Meta, StoryObj } from '@storybook/react-vite'
import { Tabs } from './tabs'

const meta: Meta = { title: 'Components/Tabs' }
export default meta

export const WithBadge: StoryObj = {
  render: () => (
    <Tabs.Root defaultValue="account" maxW="lg">
      <Tabs.List>
        <Tabs.Trigger value="account">Account</Tabs.Trigger>
        <Tabs.Trigger value="preferences" badge="New">
          Preferences
        </Tabs.Trigger>
        <Tabs.Indicator />
      </Tabs.List>
      <Tabs.Content value="account">Avatar, names, username, email, phone, country, social accounts.</Tabs.Content>
      <Tabs.Content value="preferences">Appearance.</Tabs.Content>
    </Tabs.Root>
  ),
}
