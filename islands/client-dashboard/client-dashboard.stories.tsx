import type { Meta, StoryObj } from '@storybook/react-vite'
import ClientDashboard from './index'

const meta = { title: 'Islands/ClientDashboard', component: ClientDashboard } satisfies Meta<typeof ClientDashboard>
export default meta
type Story = StoryObj<typeof meta>

/** The next workshop, counting down (the clock is fixed in the visual tests). */
export const Countdown: Story = { args: { part: 'countdown', startsAt: '2026-05-03T14:30:00.000Z', currency: 'usd' } }
export const Metrics: Story = {
  args: {
    part: 'metrics',
    currency: 'usd',
    metrics: { upcomingBookings: 2, upcomingSeats: 3, nextWorkshopAt: '2026-05-03T14:30:00.000Z', bookings: 5, seats: 7, spent: 86000 },
  },
}
/** A new client: nothing booked in the range. */
export const MetricsEmpty: Story = {
  args: { part: 'metrics', currency: 'eur', metrics: { upcomingBookings: 0, upcomingSeats: 0, nextWorkshopAt: null, bookings: 0, seats: 0, spent: 0 } },
}
