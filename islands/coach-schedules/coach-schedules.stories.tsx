import type { Meta, StoryObj } from '@storybook/react-vite'
import CoachSchedules from './index'

const meta = { title: 'Islands/CoachSchedules', component: CoachSchedules } satisfies Meta<typeof CoachSchedules>
export default meta

const base = {
  timezone: 'Europe/London',
  country: 'GB',
  level: 'BEGINNER',
  visibility: 'PUBLIC',
  venueName: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  zip: null,
  meetingUrl: 'https://meet.example.com/x',
  deleted: false,
}
export const Default: StoryObj<typeof meta> = {
  args: {
    workshopId: 'w1',
    coachId: 'c1',
    minSeats: 2,
    maxSeats: 8,
    defaultTimezone: 'Europe/London',
    plan: { plan: 'free', published: 2, max: 3 },
    schedules: [
      {
        ...base,
        id: 's1',
        when: 'Sun, Nov 15, 2026, 5:00 PM GMT',
        startDate: '2026-11-15T17:00:00Z',
        endDate: '2026-11-15T19:00:00Z',
        status: 'PUBLISHED',
        mode: 'ONLINE',
        waiting: 0,
        waitingSeats: 0,
        seatsTaken: 4,
        confirmed: 4,
        bookings: 3,
        ended: true,
      },
      {
        ...base,
        id: 's2',
        when: 'Sun, Dec 6, 2026, 5:00 PM GMT',
        startDate: '2026-12-06T17:00:00Z',
        endDate: '2026-12-06T19:00:00Z',
        status: 'PUBLISHED',
        mode: 'ONLINE',
        waiting: 0,
        waitingSeats: 0,
        seatsTaken: 1,
        confirmed: 1,
        bookings: 1,
        ended: false,
      },
      {
        ...base,
        id: 's3',
        when: 'Fri, Jan 22, 2027, 5:00 PM GMT',
        startDate: '2027-01-22T17:00:00Z',
        endDate: '2027-01-22T19:00:00Z',
        status: 'DRAFT',
        mode: 'ONLINE',
        waiting: 3,
        waitingSeats: 5,
        seatsTaken: 0,
        confirmed: 0,
        bookings: 0,
        ended: false,
      },
    ],
  },
}
export const LimitReached: StoryObj<typeof meta> = { args: { ...Default.args!, plan: { plan: 'free', published: 3, max: 3 } } }
