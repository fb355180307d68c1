import type { Meta, StoryObj } from '@storybook/react-vite'
import Waitlist from './index'

const meta = { title: 'Islands/Waitlist', component: Waitlist } satisfies Meta<typeof Waitlist>
export default meta
type Story = StoryObj<typeof meta>

const soon = () => new Date(Date.now() + 42 * 60_000).toISOString()

export const JoinOnSoldOutCheckout: Story = {
  args: { mode: 'schedule', scheduleId: 's1', maxSeats: 4, seats: 2, offerMinutes: 60, entry: null },
}

export const WaitingOnCheckout: Story = {
  args: {
    mode: 'schedule',
    scheduleId: 's1',
    maxSeats: 4,
    seats: 2,
    offerMinutes: 60,
    entry: { id: 'e1', position: 3, seats: 2, status: 'WAITING', offerExpiresAt: null, workshopScheduleId: 's1' },
  },
}

export const MyEntriesAndOffers: Story = {
  args: {
    mode: 'mine',
    entries: [
      {
        id: 'e1',
        position: 1,
        seats: 2,
        status: 'OFFERED',
        offerExpiresAt: soon(),
        workshopScheduleId: 's1',
        workshopTitle: 'Negotiation for founders',
        when: 'Tue 12 May 2026, 09:00',
      },
      {
        id: 'e2',
        position: 4,
        seats: 1,
        status: 'WAITING',
        offerExpiresAt: null,
        workshopScheduleId: 's2',
        workshopTitle: 'Storytelling for leaders',
        when: 'Fri 22 May 2026, 14:00',
      },
    ],
  },
}
