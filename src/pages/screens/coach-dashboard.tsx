import type { PageContext, PageModule } from '../routes'
import { Dashboard } from './dashboard'

export default {
  title: 'Coach Dashboard',
  stream: true,
  Page: ({ ctx }: { data: unknown; ctx: PageContext }) => (
    <Dashboard
      ctx={ctx}
      title="Coach Dashboard"
      items={[
        ['Workshops', 'Your workshops and their upcoming schedules.'],
        ['Bookings', 'Who booked, how many seats, and attendance.'],
        ['Payouts', 'Revenue of confirmed bookings, minus the platform fee.'],
      ]}
    />
  ),
} satisfies PageModule
