/** The Preferences tab: Appearance (System, Light, Dark), stored in the cookie the server reads. */
import { css } from 'styled-system/css'
import { colorModeChoices } from '../../design-system/components/radio-group/color-mode-pictures'
import { RadioPictureGroup } from '../../design-system/components/radio-group/radio-picture-group'
import type { ColorModePreference } from '../../design-system/constants'
import { useColorMode } from '../../design-system/use-color-mode'

export function PreferencesTab({ serverColorMode }: { serverColorMode: ColorModePreference }) {
  const { preference, setPreference } = useColorMode(serverColorMode)
  return (
    <section
      aria-labelledby="appearance-title"
      className={css({
        display: 'flex',
        flexDir: 'column',
        gap: '4',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'l3',
        p: '5',
        bg: 'bg.default',
      })}
    >
      <div>
        <h3 id="appearance-title" className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
          Appearance
        </h3>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Manage your display settings</p>
      </div>
      <RadioPictureGroup
        name="color-mode"
        label={<span className={css({ srOnly: true })}>Colour mode</span>}
        choices={colorModeChoices}
        value={preference}
        onValueChange={(v) => setPreference(v as ColorModePreference)}
      />
    </section>
  )
}
