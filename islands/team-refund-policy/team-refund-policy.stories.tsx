import type { Meta, StoryObj } from '@storybook/react-vite'
import TeamRefundPolicy from './index'

const meta = { title: 'Islands/TeamRefundPolicy', component: TeamRefundPolicy } satisfies Meta<typeof TeamRefundPolicy>
export default meta

export const FullRefund: StoryObj<typeof meta> = { args: { policy: null } }
export const Deadlines: StoryObj<typeof meta> = { args: { policy: { fullRefundHours: 72, partialRefundHours: 24, partialRefundPercent: 50 } } }
