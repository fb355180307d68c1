import type { Meta, StoryObj } from '@storybook/react-vite'
import { until } from '../../.storybook/play'
import TeamTaxReport from './index'

const meta = { title: 'Islands/TeamTaxReport', component: TeamTaxReport } satisfies Meta<typeof TeamTaxReport>
export default meta

export const LastMonth: StoryObj<typeof meta> = { args: { from: '2026-10-01', to: '2026-10-31' } }

/** A period that ends before it starts: the schema's message under "To", nothing downloaded. */
export const EndBeforeStart: StoryObj<typeof meta> = {
  args: { from: '2026-10-31', to: '2026-10-01' },
  play: async ({ canvasElement }) => {
    ;(await until(canvasElement, 'button[type=submit]')).click()
    await until(canvasElement, '[aria-invalid=true]')
  },
}
