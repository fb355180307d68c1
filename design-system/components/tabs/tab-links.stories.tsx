import type { Meta, StoryObj } from '@storybook/react-vite'
import { TabLinks } from './tab-links'

const meta: Meta<typeof TabLinks> = { title: 'Components/TabLinks', component: TabLinks }
export default meta

const WORKSHOP = ['Overview', 'History', 'Payouts', 'Calendar', 'Invoices', 'Resources'].map((label) => ({
  href: `/c/workshops/1${label === 'Overview' ? '' : `/${label.toLowerCase()}`}`,
  label,
}))

/** A workshop's six sections: at 390 px all six show (two rows of segments), none scrolls away. */
export const Workshop: StoryObj<typeof TabLinks> = { args: { label: 'Workshop sections', tabs: WORKSHOP, current: '/c/workshops/1/resources' } }
/** Two tabs. */
export const Team: StoryObj<typeof TabLinks> = {
  args: {
    label: 'Team sections',
    tabs: [
      { href: '/c/team', label: 'Members' },
      { href: '/c/settings', label: 'Settings' },
    ],
    current: '/c/team',
  },
}
