import type { Meta, StoryObj } from '@storybook/react-vite'
import { LogOutIcon, SettingsIcon, UserIcon } from 'lucide-react'
import { Button } from '../button/button'
import { Menu } from './menu'

const meta: Meta = { title: 'Components/Menu' }
export default meta

export const Account: StoryObj = {
  render: () => (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline">Ada Lovelace</Button>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>My account</Menu.ItemGroupLabel>
          <Menu.Item value="profile">
            <UserIcon /> Profile
          </Menu.Item>
          <Menu.Item value="settings">
            <SettingsIcon /> Settings
          </Menu.Item>
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.Item value="logout">
          <LogOutIcon /> Log out
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  ),
}
