import type { Meta, StoryObj } from '@storybook/react-vite'
import OnboardingRole from './index'

const meta = { title: 'Islands/OnboardingRole', component: OnboardingRole } satisfies Meta<typeof OnboardingRole>
export default meta

export const Default: StoryObj<typeof meta> = { args: { firstName: 'Maya', businessName: '', bio: '', specializations: [] } }
