/**
 * Stone gray (warm neutral) as a 12-step scale with alpha steps, in the shape Park UI expects.
 * Values follow the Tailwind stone ramp spread over Radix-style steps.
 */
import type { ColorPalette } from '@park-ui/panda-preset'

const light: Record<string, string> = {
  '1': '#fdfdfc',
  '2': '#fafaf9',
  '3': '#f5f5f4',
  '4': '#eeedec',
  '5': '#e7e5e4',
  '6': '#dedbd9',
  '7': '#d6d3d1',
  '8': '#bfbab7',
  '9': '#78716c',
  '10': '#6b645f',
  '11': '#57534e',
  '12': '#1c1917',
  a1: '#55550003',
  a2: '#2b2b0006',
  a3: '#1717000b',
  a4: '#1b0d0013',
  a5: '#1c09001b',
  a6: '#220d0026',
  a7: '#1c0b002e',
  a8: '#1c0b0048',
  a9: '#15090093',
  a10: '#130800a0',
  a11: '#0d0700b1',
  a12: '#050200e8',
}
const dark: Record<string, string> = {
  '1': '#0c0a09',
  '2': '#151311',
  '3': '#1c1917',
  '4': '#23201e',
  '5': '#292524',
  '6': '#34302d',
  '7': '#44403c',
  '8': '#57534e',
  '9': '#78716c',
  '10': '#8a837e',
  '11': '#a8a29e',
  '12': '#f5f5f4',
  a1: '#ffd5bf0c',
  a2: '#ffe7ce15',
  a3: '#ffe4d11c',
  a4: '#ffe9db23',
  a5: '#ffe6e029',
  a6: '#ffebdd34',
  a7: '#fff0e144',
  a8: '#fff3e557',
  a9: '#fff0e678',
  a10: '#fff2e98a',
  a11: '#fff6f0a8',
  a12: '#fffffef5',
}

const wrap = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, value]) => [k, { value }]))
const steps = Object.keys(light)

export const stone: ColorPalette = {
  name: 'stone',
  tokens: { light: wrap(light), dark: wrap(dark) },
  semanticTokens: {
    ...Object.fromEntries(steps.map((k) => [k, { value: { _light: `{colors.stone.light.${k}}`, _dark: `{colors.stone.dark.${k}}` } }])),
    default: { value: { _light: '{colors.stone.light.9}', _dark: '{colors.stone.dark.9}' } },
    emphasized: { value: { _light: '{colors.stone.light.10}', _dark: '{colors.stone.dark.10}' } },
    fg: { value: { _light: 'white', _dark: 'white' } },
    text: { value: { _light: '{colors.stone.light.a11}', _dark: '{colors.stone.dark.a11}' } },
  },
}
