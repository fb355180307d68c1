import type { Meta, StoryObj } from '@storybook/react-vite'
import TeamCurrency from './index'

const options = [
  { value: 'eur', label: 'EUR · Euro' },
  { value: 'gbp', label: 'GBP · British Pound' },
  { value: 'jpy', label: 'JPY · Japanese Yen' },
  { value: 'usd', label: 'USD · US Dollar' },
]

const meta = { title: 'Islands/TeamCurrency', component: TeamCurrency } satisfies Meta<typeof TeamCurrency>
export default meta

export const Open: StoryObj<typeof meta> = { args: { currency: 'usd', locked: false, options } }
export const Locked: StoryObj<typeof meta> = { args: { currency: 'eur', locked: true, options } }
