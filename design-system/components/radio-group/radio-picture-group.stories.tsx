import type { Meta, StoryObj } from '@storybook/react-vite'
import { useColorMode } from '../../use-color-mode'
import { colorModeChoices } from './color-mode-pictures'
import { RadioPictureGroup } from './radio-picture-group'

const meta: Meta<typeof RadioPictureGroup> = { title: 'Components/RadioGroup', component: RadioPictureGroup }
export default meta

export const Appearance: StoryObj<typeof RadioPictureGroup> = {
  render: () => <RadioPictureGroup label="Appearance" choices={colorModeChoices} defaultValue="auto" />,
}

/** Wired to the real colour-mode helpers: choosing one switches this preview. */
export const LiveColorMode: StoryObj<typeof RadioPictureGroup> = {
  render: () => {
    const { preference, setPreference } = useColorMode()
    return (
      <RadioPictureGroup
        label="Appearance"
        choices={colorModeChoices}
        value={preference}
        onValueChange={(value) => setPreference(value as 'auto' | 'light' | 'dark')}
      />
    )
  },
}
