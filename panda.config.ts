import { defineConfig } from '@pandacss/dev'
import { summitPreset } from './design-system/preset'

export default defineConfig({
  preflight: true,
  presets: ['@pandacss/preset-base', summitPreset],
  include: [
    './design-system/**/*.{ts,tsx}',
    './islands/**/*.{ts,tsx}',
    './src/pages/**/*.{ts,tsx}',
    './.storybook/**/*.{ts,tsx}',
  ],
  exclude: ['./design-system/**/*.test.{ts,tsx}'],
  jsxFramework: 'react',
  outdir: 'styled-system',
  // Every recipe variant is emitted so pages and islands can pick variants at run time.
  staticCss: { recipes: '*' },
  strictTokens: false,
})
