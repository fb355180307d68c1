import type { Meta, StoryObj } from '@storybook/react-vite'
import { mockApi } from '../../.storybook/mock-api'
import ClientInvitation from './index'

const meta = {
  title: 'Islands/ClientInvitation',
  component: ClientInvitation,
  args: { mode: 'token', token: 'tok_demo', bookingId: 'b1', signedIn: true, workshopTitle: 'Negotiation for founders' },
} satisfies Meta<typeof ClientInvitation>
export default meta
type Story = StoryObj<typeof meta>

export const SignedIn: Story = {}
/** A visitor signs in or registers first, then comes back to the invitation. */
export const SignedOut: Story = { args: { signedIn: false } }
/** On the dashboard: an invitation addressed to my account, answered by seat. */
export const OnDashboard: Story = { args: { mode: 'seat', token: undefined, seatId: 's1' } }
/** The answer is on its way (the accept button spins). */
export const Accepting: Story = {
  decorators: [mockApi({ '/api/sanctum/csrf-cookie': { status: 204 }, 'POST /v1/invitations/accept': 'pending' })],
  play: async ({ canvasElement }) => canvasElement.querySelector<HTMLButtonElement>('button')?.click(),
}
/** The server's message (section 8), e.g. an expired invitation. */
export const Expired: Story = {
  decorators: [
    mockApi({ '/api/sanctum/csrf-cookie': { status: 204 }, 'POST /v1/invitations/accept': { status: 422, body: { message: 'This invitation has expired.' } } }),
  ],
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('button')?.click()
    for (let i = 0; i < 50 && !canvasElement.querySelector('[role=alert]'); i++) await new Promise((r) => setTimeout(r, 20))
  },
}
