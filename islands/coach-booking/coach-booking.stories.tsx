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
}
export const Overview: StoryObj<typeof meta> = { args }
export const Attendance: StoryObj<typeof meta> = { args: { ...args, view: 'seats' } }
export const Resources: StoryObj<typeof meta> = { args: { ...args, view: 'resources' } }
