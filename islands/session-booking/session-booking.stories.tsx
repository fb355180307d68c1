import type { Meta, StoryObj } from '@storybook/react-vite'
import SessionBooking from './index'

const meta = { title: 'Islands/SessionBooking', component: SessionBooking } satisfies Meta<typeof SessionBooking>
export default meta

const base = {
  sessionTypeId: '0190c0de-0000-7000-8000-000000000011',
  title: 'Career session',
  durationMinutes: 60,
  price: 90,
  priceNote: null,
  currency: 'eur',
  coachName: 'Maya Coach',
  coachTimeZone: 'Europe/Berlin',
  place: 'Online',
  refundText: 'Full refund until 2 days before the start, 50% until 1 day before the start, no refund after that.',
  refundPolicy: { fullRefundHours: 48, partialRefundHours: 24, partialRefundPercent: 50 },
  pagePath: '/maya/sessions/0190c0de-0000-7000-8000-000000000011',
  coachUrl: '/maya',
  viewer: { id: '0190c0de-0000-7000-8000-000000000002', billingName: 'Mia Client', email: 'mia@example.com' },
  start: null,
  today: '2026-05-01',
}
const booked = {
  id: '0190c0de-0000-7000-8000-000000000013',
  status: 'CONFIRMED',
  seats: 1,
  amountTotal: 90,
  discount: 0,
  amountDue: 90,
  amountPaid: 90,
  currency: 'eur',
  voucherCode: null,
  holdExpiresAt: null,
  startsAt: '2026-05-13T08:00:00.000Z',
}

/** Booked and paid: the time, the calendar links, and until when a cancellation is refunded (the session's policy). */
export const Confirmed: StoryObj<typeof meta> = { args: { ...base, resume: booked } }
/** A free intro call with no refund policy: cancelling is free whenever before the start. */
export const ConfirmedFreeCall: StoryObj<typeof meta> = {
  args: {
    ...base,
    price: 0,
    refundPolicy: null,
    refundText: 'Full refund whenever the booking is cancelled.',
    resume: { ...booked, amountTotal: 0, amountDue: 0, amountPaid: 0 },
  },
}
