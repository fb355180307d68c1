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
/** The workshop asks each seat holder two questions before the accept; accepting without the required one says so. */
export const WithQuestions: Story = {
  args: {
    questions: [
      { id: 'q1', kind: 'single_choice', label: 'Your role?', required: true, scope: 'seat', options: ['Manager', 'Engineer', 'Other'], consentUrl: null },
      { id: 'q2', kind: 'long_text', label: 'Anything the coach should know?', required: false, scope: 'seat', options: [], consentUrl: null },
    ],
  },
  play: async ({ canvasElement }) => {
    ;[...canvasElement.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Accept seat')?.click()
    for (let i = 0; i < 50 && !canvasElement.querySelector('[aria-invalid=true]'); i++) await new Promise((r) => setTimeout(r, 20))
  },
}
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
