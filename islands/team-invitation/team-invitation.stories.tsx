import type { Meta, StoryObj } from '@storybook/react-vite'
import TeamInvitation from './index'

const meta = { title: 'Islands/TeamInvitation', component: TeamInvitation } satisfies Meta<typeof TeamInvitation>
export default meta

const base = { token: 'demo-team-invitation', team: 'Acme Coaching', email: 'nina@summit.localhost', otherAccount: null }
export const SignedIn: StoryObj<typeof meta> = { args: { ...base, signedIn: true } }
export const SignedOut: StoryObj<typeof meta> = { args: { ...base, signedIn: false } }
/** Signed in with another address: accepting needs the invited one. */
export const OtherAccount: StoryObj<typeof meta> = { args: { ...base, signedIn: true, otherAccount: 'leo@acme.example' } }
