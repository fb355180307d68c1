import type { Meta, StoryObj } from '@storybook/react-vite'
import { mockApi } from '../../.storybook/mock-api'
import { fill, until } from '../../.storybook/play'
import TeamSettings from './index'

const meta = { title: 'Islands/TeamSettings', component: TeamSettings } satisfies Meta<typeof TeamSettings>
export default meta
type Story = StoryObj<typeof meta>

const CSRF = { '/api/sanctum/csrf-cookie': { status: 204 } } as const
const RENAME = 'PATCH /v1/t'

/** A new name typed and saved. */
const rename = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  fill(await until<HTMLInputElement>(canvasElement, 'input'), 'Acme Coaching Group')
  ;(await until(canvasElement, 'button[type=submit]:not([disabled])')).click()
}

export const Default: Story = { args: { name: 'Acme Coaching' } }
/** The rename is on its way (the button spins). */
export const Saving: Story = {
  args: { name: 'Acme Coaching' },
  decorators: [mockApi({ ...CSRF, [RENAME]: 'pending' })],
  play: async (ctx) => {
    await rename(ctx)
    await until(ctx.canvasElement, 'button[aria-busy=true]')
  },
}
/** The server refused (the manager role was taken away meanwhile): its message under the field. */
export const SaveFailed: Story = {
  args: { name: 'Acme Coaching' },
  decorators: [mockApi({ ...CSRF, [RENAME]: { status: 403, body: { message: 'This action is unauthorized.' } } })],
  play: async (ctx) => {
    await rename(ctx)
    await until(ctx.canvasElement, '[aria-invalid=true]')
    await until(ctx.canvasElement, 'button[type=submit]:not([aria-busy])')
  },
}
