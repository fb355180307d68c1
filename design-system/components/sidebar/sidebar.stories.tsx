import type { Meta, StoryObj } from '@storybook/react-vite'
import { BookOpenIcon, CalendarIcon, HomeIcon, MessageSquareIcon, WalletIcon } from 'lucide-react'
import { Box } from 'styled-system/jsx/box'
import { styled } from 'styled-system/jsx/factory'
import { Flex } from 'styled-system/jsx/flex'
import { Sidebar } from './sidebar'

const meta: Meta<typeof Sidebar> = { title: 'Components/Sidebar', component: Sidebar, parameters: { layout: 'fullscreen' } }
export default meta

const items = [
  { href: '/c', label: 'Dashboard', icon: <HomeIcon /> },
  { href: '/c/workshops', label: 'Workshops', icon: <CalendarIcon /> },
  { href: '/c/bookings', label: 'Bookings', icon: <BookOpenIcon /> },
  { href: '/c/feedbacks', label: 'Feedbacks', icon: <MessageSquareIcon />, badge: 'New' },
  { href: '/c/account/payouts', label: 'Payouts', icon: <WalletIcon /> },
]

export const CoachArea: StoryObj<typeof Sidebar> = {
  render: () => (
    <Flex height="100dvh">
      <Sidebar items={items} currentPath="/c/workshops" header={<styled.span color="fg.default">Summit</styled.span>} />
      <Box p="8" flex="1">
        The toggle collapses the sidebar; the choice is kept in localStorage.
      </Box>
    </Flex>
  ),
}
