import type { Decorator, Loader, Preview } from '@storybook/react-vite'
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

/**
 * An island's `prepare(props)` (its split parts, a resumed step) runs before the story renders,
 * as the island runtime runs it before hydrating: a story shows the island as a page does, not
 * a Suspense fallback that fills in later (which also keeps the visual tests deterministic).
 */
const prepareIsland: Loader = async ({ component, args }) => {
  await (component as { prepare?: (props: unknown) => unknown } | undefined)?.prepare?.(args)
  return {}
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
  loaders: [prepareIsland],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
}
export default preview
