import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'

const root = fileURLToPath(new URL('..', import.meta.url))

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../design-system/**/*.stories.@(ts|tsx)', '../islands/**/*.stories.@(ts|tsx)'],
  addons: [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  async viteFinal(viteConfig) {
    viteConfig.resolve ??= {}
    viteConfig.resolve.alias = {
      ...(viteConfig.resolve.alias as Record<string, string>),
      'styled-system': `${root}styled-system`,
      'design-system': `${root}design-system`,
    }
    // Ark/Zag ship "use client" directives, meaningless in a client bundle.
    viteConfig.build ??= {}
    viteConfig.build.rollupOptions ??= {}
    viteConfig.build.rollupOptions.onwarn = (warning, warn) => {
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
      warn(warning)
    }
    return viteConfig
  },
}
export default config
