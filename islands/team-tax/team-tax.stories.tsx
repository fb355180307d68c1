import type { Meta, StoryObj } from '@storybook/react-vite'
import TeamTax from './index'

const countries = [
  { value: 'CA', label: 'Canada' },
  { value: 'FR', label: 'France' },
  { value: 'DE', label: 'Germany' },
  { value: 'US', label: 'United States' },
]
const none = { legalName: null, address: null, country: null, region: null, taxId: null, registered: false, pricesIncludeTax: false, rates: [] }

const meta = { title: 'Islands/TeamTax', component: TeamTax } satisfies Meta<typeof TeamTax>
export default meta

export const NotRegistered: StoryObj<typeof meta> = { args: { profile: none, countries } }
export const Registered: StoryObj<typeof meta> = {
  args: {
    profile: {
      ...none,
      legalName: 'Berlin Coaching GmbH',
      address: 'Torstraße 1\n10119 Berlin',
      country: 'DE',
      taxId: 'DE136695976',
      registered: true,
      pricesIncludeTax: true,
    },
    countries,
  },
}

/** Registered, with rates of the team's own: Germany's, and a Canadian province's (its province field). */
export const OwnRates: StoryObj<typeof meta> = {
  args: {
    profile: {
      ...none,
      legalName: 'Berlin Coaching GmbH',
      address: 'Torstraße 1\n10119 Berlin',
      country: 'DE',
      taxId: 'DE136695976',
      registered: true,
      rates: [
        { country: 'DE', region: null, rate: 7 },
        { country: 'CA', region: 'ON', rate: 13 },
      ],
    },
    countries,
  },
}
