import type { Decorator, Preview } from '@storybook/react-vite'
import { useEffect } from 'react'
// The same static stylesheet the server serves (`npm run panda:css`).
import '../dist/styles.css'
import { applyColorMode } from '../design-system/color-mode'
import { Toaster } from '../design-system/components/toast/toast'

const withColorMode: Decorator = (Story, context) => {
  const mode = (context.globals.colorMode ?? 'light') as 'light' | 'dark'
  useEffect(() => applyColorMode(mode), [mode])
  return (
    <>
      <Story />
      <Toaster />
    </>
  )
}

const preview: Preview = {
  globalTypes: {
    colorMode: {
      description: 'Colour mode',
      toolbar: {
        title: 'Colour mode',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { colorMode: 'light' },
  decorators: [withColorMode],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
}
export default preview
