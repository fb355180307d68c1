import type { Meta, StoryObj } from '@storybook/react-vite'
import ClientSeats from './index'
import type { ClientSeatsProps } from './props'

type Row = ClientSeatsProps['rows'][number]
const row = (id: string, more: Partial<Row>): Row => ({
  id,
  status: 'ACCEPTED',
  userId: null,
  email: null,
  name: null,
  isBooker: false,
  isMe: false,
  invitationSentAt: null,
  invitationExpiresAt: null,
  respondedAt: null,
  attended: false,
  ...more,
})

const rows: Row[] = [
  row('s1', { userId: 'u1', name: 'Maya Okafor', email: 'maya@acme.example', isBooker: true, isMe: true }),
  row('s2', {
    status: 'INVITED',
    email: 'li@example.com',
    invitationSentAt: '2026-04-28T10:00:00.000Z',
    invitationExpiresAt: '2026-05-05T10:00:00.000Z',
  }),
  row('s3', { status: 'DECLINED', email: 'noah@example.com', invitationSentAt: '2026-04-20T10:00:00.000Z', respondedAt: '2026-04-21T08:00:00.000Z' }),
]

const meta = {
  title: 'Islands/ClientSeats',
  component: ClientSeats,
  args: { bookingId: 'b1', seats: 4, rows, canManage: true, people: [{ userId: 'u9', name: 'Ada Lovelace' }], tz: 'UTC' },
} satisfies Meta<typeof ClientSeats>
export default meta
type Story = StoryObj<typeof meta>

/** The booker: seats held, invited and declined, and the invite form (by email or someone booked with before). */
export const Filled: Story = {}
/** Only the booker's own seat so far; nobody booked with before. */
export const OnlyMine: Story = { args: { rows: rows.slice(0, 1), people: [] } }
/** Someone invited to the booking sees the seats, not the invite form. */
export const ReadOnly: Story = { args: { canManage: false, rows: rows.map((r) => ({ ...r, isMe: r.id === 's2' })) } }
/** Every seat is taken: no invite form. */
export const Full: Story = { args: { seats: 3 } }
