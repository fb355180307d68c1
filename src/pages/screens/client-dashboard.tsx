import type { PageContext, PageModule } from '../routes'
import { Dashboard } from './dashboard'

export default {
  title: 'Dashboard',
  stream: true,
  Page: ({ ctx }: { data: unknown; ctx: PageContext }) => (
    <Dashboard
      ctx={ctx}
      title="Dashboard"
      items={[
        ['Bookings', 'Your booked workshops and their seats appear here.'],
        ['Payments', 'Receipts and invoices of your card payments.'],
        ['Groups', 'People you invited to your seats.'],
      ]}
    />
  ),
} satisfies PageModule
