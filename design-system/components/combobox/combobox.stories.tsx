import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack } from 'styled-system/jsx/stack'
import { CountryCombobox } from './country-combobox'

const meta: Meta<typeof CountryCombobox> = { title: 'Components/Combobox', component: CountryCombobox }
export default meta

export const Countries: StoryObj<typeof CountryCombobox> = {
  render: () => (
    <Stack maxW="sm">
      <CountryCombobox label="Country" defaultValue="GB" />
    </Stack>
  ),
}

export const DialCodes: StoryObj<typeof CountryCombobox> = {
  render: () => (
    <Stack maxW="sm">
      <CountryCombobox label="Country code" showDialCode />
    </Stack>
  ),
}
