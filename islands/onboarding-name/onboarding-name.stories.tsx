import type { Meta, StoryObj } from '@storybook/react-vite'
import OnboardingName from './index'

const meta = { title: 'Islands/OnboardingName', component: OnboardingName } satisfies Meta<typeof OnboardingName>
export default meta

export const Empty: StoryObj<typeof meta> = { args: { userId: 'u1', firstName: '', middleName: '', lastName: '', username: '' } }
export const Filled: StoryObj<typeof meta> = { args: { userId: 'u1', firstName: 'Maya', middleName: '', lastName: 'Okafor', username: 'maya' } }
