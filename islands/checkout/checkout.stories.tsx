import type { Meta, StoryObj } from '@storybook/react-vite'
import Checkout from './index'

const meta = { title: 'Islands/Checkout', component: Checkout } satisfies Meta<typeof Checkout>
export default meta

const base = {
  scheduleId: '0190c0de-0000-7000-8000-000000000001',
  userId: '0190c0de-0000-7000-8000-000000000002',
  billingName: 'Mia Client',
  email: 'mia@example.com',
  title: 'Storytelling for leaders',
  price: 149,
  currency: 'usd',
  bookingUrl: '/b/bookings/{id}',
}

export const Seats: StoryObj<typeof meta> = { args: { ...base, seatsLeft: 5 } }
export const LastSeat: StoryObj<typeof meta> = { args: { ...base, seatsLeft: 1 } }
export const Confirmed: StoryObj<typeof meta> = {
  args: {
    ...base,
    seatsLeft: 4,
    resume: {
      id: '0190c0de-0000-7000-8000-000000000003',
      status: 'CONFIRMED',
      seats: 2,
      amountTotal: 298,
      discount: 0,
      amountDue: 298,
      amountPaid: 298,
      currency: 'usd',
      voucherCode: null,
      holdExpiresAt: null,
    },
  },
}
