import type { Meta, StoryObj } from '@storybook/react-vite'
import CoachBooking from './index'

const meta = { title: 'Islands/CoachBooking', component: CoachBooking } satisfies Meta<typeof CoachBooking>
export default meta

const args = {
  view: 'overview' as const,
  bookingId: 'b1',
  status: 'CONFIRMED',
  ended: true,
  coachNotes: 'Prefers email.',
  paid: true,
  seats: [
    { id: 's1', holder: 'Chris Client', status: 'ACCEPTED', attended: true, attendanceNotes: 'Arrived early.' },
    { id: 's2', holder: 'guest@example.com', status: 'PENDING', attended: false, attendanceNotes: '' },
  ],
  resources: [
    { id: 'r1', title: 'Slides', type: 'link', defaultVisible: true, isVisible: true },
    { id: 'r2', title: 'Coach notes', type: 'file', defaultVisible: false, isVisible: false },
  ],
  session: null,
  tz: 'Europe/London',
  now: '2026-12-01T09:00:00Z',
}
export const Overview: StoryObj<typeof meta> = { args }
export const Attendance: StoryObj<typeof meta> = { args: { ...args, view: 'seats' } }
export const Resources: StoryObj<typeof meta> = { args: { ...args, view: 'resources' } }
/** A one-to-one session still ahead: it may move to another free time. */
export const Session: StoryObj<typeof meta> = {
  args: {
    ...args,
    ended: false,
    seats: [],
    resources: [],
    session: { title: 'Career strategy call', startDate: '2026-12-03T10:00:00Z', endDate: '2026-12-03T11:00:00Z', timeZone: 'Europe/London' },
  },
}
