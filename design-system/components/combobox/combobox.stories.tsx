import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack } from 'styled-system/jsx/stack'
import { SAMPLE_COUNTRIES } from '../../testing/sample-countries'
import { CountryCombobox } from './country-combobox'

const meta: Meta<typeof CountryCombobox> = { title: 'Components/Combobox', component: CountryCombobox }
export default meta

export const Countries: StoryObj<typeof CountryCombobox> = {
  render: () => (
    <Stack maxW="sm">
      <CountryCombobox countries={SAMPLE_COUNTRIES} label="Country" defaultValue="GB" />
    </Stack>
  ),
}

export const DialCodes: StoryObj<typeof CountryCombobox> = {
  render: () => (
    <Stack maxW="sm">
      <CountryCombobox countries={SAMPLE_COUNTRIES} label="Country code" showDialCode />
    </Stack>
  ),
}
