import type { Meta, StoryObj } from '@storybook/react-vite'
import ClientBooking from './index'

const booking = {
  id: 'b1',
  status: 'CONFIRMED',
  mine: true,
  scheduleId: 's1',
  startDate: '2026-05-12T09:00:00.000Z',
  endDate: '2026-05-12T12:00:00.000Z',
  amountDue: 0,
  amountPaid: 24000,
  currency: 'usd',
  workshopTitle: 'Negotiation for founders',
  seats: 2,
}

const meta = {
  title: 'Islands/ClientBooking',
  component: ClientBooking,
  args: {
    booking,
    hasInvoice: true,
    hasCreditNote: false,
    refunded: 0,
    canLeaveFeedback: false,
    feedback: null,
    now: '2026-05-01T09:00:00.000Z',
    tz: 'UTC',
    session: null,
  },
} satisfies Meta<typeof ClientBooking>
export default meta
type Story = StoryObj<typeof meta>

/** Paid and upcoming: calendar, invoice, reschedule, cancel. */
export const Confirmed: Story = {}
/** Held but not paid yet: pay resumes the checkout. */
export const PendingPayment: Story = { args: { booking: { ...booking, status: 'PENDING', amountDue: 24000, amountPaid: 0 }, hasInvoice: false } }
/** Cancelled and refunded: the credit note and the refunded amount. */
export const CancelledRefunded: Story = { args: { booking: { ...booking, status: 'CANCELLED' }, hasCreditNote: true, refunded: 24000 } }
/** A seat someone else booked for me: no money actions. */
export const InvitedSeat: Story = { args: { booking: { ...booking, mine: false }, hasInvoice: false } }
/** After the session: the feedback form. */
export const FeedbackOpen: Story = {
  args: { booking: { ...booking, status: 'COMPLETED', startDate: '2026-04-20T09:00:00.000Z', endDate: '2026-04-20T12:00:00.000Z' }, canLeaveFeedback: true },
}
/** Feedback given. */
export const FeedbackGiven: Story = {
  args: {
    booking: { ...booking, status: 'COMPLETED', startDate: '2026-04-20T09:00:00.000Z', endDate: '2026-04-20T12:00:00.000Z' },
    feedback: { rating: 4, comment: 'Practical and well paced.' },
  },
}
