import type { Meta, StoryObj } from '@storybook/react-vite'
import AuthForm from './index'

const meta = { title: 'Islands/AuthForm', component: AuthForm, args: { redirect: null, token: null, providers: [] } } satisfies Meta<typeof AuthForm>
export default meta
type Story = StoryObj<typeof meta>

export const Login: Story = { args: { mode: 'login' } }
export const Register: Story = { args: { mode: 'register' } }
export const WithProvider: Story = {
  args: { mode: 'login', providers: [{ id: 'multiplai', name: 'multiplai', redirectUrl: '/v1/auth/connect/multiplai/redirect' }] },
}
