import type { Meta, StoryObj } from '@storybook/react-vite'
import { mockApi } from '../../.storybook/mock-api'
import { until } from '../../.storybook/play'
import CoachPayouts from './index'

const meta = { title: 'Islands/CoachPayouts', component: CoachPayouts } satisfies Meta<typeof CoachPayouts>
export default meta

export const NotSetUp: StoryObj<typeof meta> = { args: { status: 'none' } }
export const Pending: StoryObj<typeof meta> = { args: { status: 'pending' } }
export const Restricted: StoryObj<typeof meta> = { args: { status: 'restricted' } }
export const Enabled: StoryObj<typeof meta> = { args: { status: 'enabled' } }

const CSRF = { '/api/sanctum/csrf-cookie': { status: 204 } } as const
const LINK = 'POST /v1/payouts/account/link'

/** Pressed: the link to Stripe is on its way (the button spins). */
export const Opening: StoryObj<typeof meta> = {
  args: { status: 'none' },
  decorators: [mockApi({ ...CSRF, [LINK]: 'pending' })],
  play: async ({ canvasElement }) => {
    ;(await until(canvasElement, 'button')).click()
    await until(canvasElement, 'button[aria-busy=true]')
  },
}
/** Stripe did not answer: the message under the button, which can be pressed again. */
export const StripeUnavailable: StoryObj<typeof meta> = {
  args: { status: 'pending' },
  decorators: [mockApi({ ...CSRF, [LINK]: { status: 502, body: {} } })],
  play: async ({ canvasElement }) => {
    ;(await until(canvasElement, 'button')).click()
    await until(canvasElement, '[role=alert]')
  },
}
