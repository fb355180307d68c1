import type { Meta, StoryObj } from '@storybook/react-vite'
import { mockApi } from '../../.storybook/mock-api'
import { until } from '../../.storybook/play'
import OnboardingRole from './index'

const meta = {
  title: 'Islands/OnboardingRole',
  component: OnboardingRole,
  args: { firstName: 'Maya', businessName: '', bio: '', specializations: [] },
} satisfies Meta<typeof OnboardingRole>
export default meta
type Story = StoryObj<typeof meta>

const CSRF = { '/api/sanctum/csrf-cookie': { status: 204 } } as const
const COMPLETE = 'POST /v1/onboarding/complete'

/** "Book workshops" chosen, then Finish. */
const finishAsClient = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  ;(await until<HTMLInputElement>(canvasElement, 'input[value=client]')).click()
  ;(await until(canvasElement, 'button[type=submit]:not([disabled])')).click()
}

export const Default: Story = {}
/** Finish pressed: the answer is on its way (the button spins). */
export const Saving: Story = {
  decorators: [mockApi({ ...CSRF, [COMPLETE]: 'pending' })],
  play: async (ctx) => {
    await finishAsClient(ctx)
    await until(ctx.canvasElement, 'button[aria-busy=true]')
  },
}
/** The server's refusal (section 5: step one not finished), under the choice. */
export const StepOneMissing: Story = {
  decorators: [
    mockApi({
      ...CSRF,
      [COMPLETE]: {
        status: 422,
        body: { message: 'Please complete your name and username first', errors: { role: ['Please complete your name and username first'] } },
      },
    }),
  ],
  play: async (ctx) => {
    await finishAsClient(ctx)
    await until(ctx.canvasElement, '[role=alert]')
    await until(ctx.canvasElement, 'button[type=submit]:not([aria-busy])')
  },
}
