/** Pure helpers of the design system: colour mode, images, table, sidebar, loading bar, toast, dialog. */
import { describe, expect, test } from 'bun:test'
import {
  breakpointWidths,
  COLOR_MODE_COOKIE,
  colorModeFromCookieHeader,
  colorModeScript,
  countryMatches,
  dismissProps,
  htmlColorModeAttributeString,
  htmlColorModeAttributes,
  IMAGE,
  imageProviderUrl,
  imageSizes,
  imageSrcSet,
  isSwipeDismiss,
  loadingProgress,
  moveItem,
  PAGE_LOADING,
  pageCount,
  parseColorMode,
  parseSidebarOpen,
  resolveColorMode,
  SCROLL_AREA_HIDE_DELAY,
  THEME,
  TOOLTIP_DELAY,
} from '../../design-system'

describe('colour mode', () => {
  test('cookie name and values', () => {
    expect(COLOR_MODE_COOKIE).toBe('color-mode')
    expect(parseColorMode('dark')).toBe('dark')
    expect(parseColorMode('light')).toBe('light')
    expect(parseColorMode('auto')).toBe('auto')
    expect(parseColorMode('purple')).toBe('auto')
    expect(parseColorMode(undefined)).toBe('auto')
  })

  test('reads the preference from a Cookie header', () => {
    expect(colorModeFromCookieHeader('a=1; color-mode=dark; b=2')).toBe('dark')
    expect(colorModeFromCookieHeader('color-mode=nope')).toBe('auto')
    expect(colorModeFromCookieHeader(null)).toBe('auto')
    expect(colorModeFromCookieHeader('xcolor-mode=dark')).toBe('auto')
  })

  test('resolves auto with the system preference', () => {
    expect(resolveColorMode('auto', true)).toBe('dark')
    expect(resolveColorMode('auto', false)).toBe('light')
    expect(resolveColorMode('light', true)).toBe('light')
    expect(resolveColorMode('dark', false)).toBe('dark')
  })

  test('html attributes: explicit modes get the class, auto is left to the script; pages can force a mode', () => {
    expect(htmlColorModeAttributes('dark')).toEqual({ 'data-color-mode': 'dark', className: 'dark', style: { colorScheme: 'dark' } })
    expect(htmlColorModeAttributes('auto')).toEqual({ 'data-color-mode': 'auto', className: undefined, style: undefined })
    expect(htmlColorModeAttributes('dark', 'light')['data-color-mode']).toBe('light')
    expect(htmlColorModeAttributeString('auto')).toBe('data-color-mode="auto"')
    expect(htmlColorModeAttributeString('dark')).toContain('class="dark"')
  })

  test('the inline script is small, self-contained and valid JavaScript', () => {
    expect(colorModeScript.length).toBeLessThan(600)
    expect(() => new Function(colorModeScript)).not.toThrow()
    expect(colorModeScript).toContain('prefers-color-scheme: dark')
  })
})

describe('images', () => {
  test('provider paths for stored keys; absolute URLs and root paths unchanged', () => {
    expect(imageProviderUrl('avatars/a b.png')).toBe(`${IMAGE.providerBase}avatars/a%20b.png`)
    expect(imageProviderUrl('https://x.test/a.png')).toBe('https://x.test/a.png')
    expect(imageProviderUrl('http://x.test/a.png')).toBe('http://x.test/a.png')
    expect(imageProviderUrl('/static/a.png')).toBe('/static/a.png')
    expect(imageProviderUrl('')).toBeUndefined()
    expect(imageProviderUrl(null)).toBeUndefined()
  })

  test('breakpoints, densities and webp of section 9', () => {
    expect(IMAGE.breakpoints).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536, '2xl': 1536 })
    expect(breakpointWidths()).toEqual([320, 640, 768, 1024, 1280, 1536])
    expect(imageSrcSet('a.png', { width: 100 })).toBe(`${IMAGE.providerBase}a.png?w=100&format=webp 1x, ${IMAGE.providerBase}a.png?w=200&format=webp 2x`)
    const widths = imageSrcSet('a.png')!.split(', ')
    expect(widths).toHaveLength(6)
    expect(widths[0]).toBe(`${IMAGE.providerBase}a.png?w=320&format=webp 320w`)
    expect(imageSrcSet('https://x.test/a.png')).toBeUndefined()
    expect(imageSizes({ base: '100vw', md: '50vw', lg: '400px' })).toBe('(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw')
  })
})

describe('table helpers', () => {
  test('moveItem moves without mutating', () => {
    const items = ['a', 'b', 'c', 'd']
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd'])
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c'])
    expect(moveItem(items, 1, 9)).toEqual(items)
    expect(items).toEqual(['a', 'b', 'c', 'd'])
  })

  test('pageCount with the default page size 10', () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(10)).toBe(1)
    expect(pageCount(11)).toBe(2)
    expect(pageCount(25, 5)).toBe(5)
  })
})

describe('other constants and behaviour', () => {
  test('theme, delays, loading bar', () => {
    expect(THEME).toEqual({ primary: 'yellow', gray: 'stone', radius: 0.625, fontSize: 16 })
    expect(TOOLTIP_DELAY).toBe(600)
    expect(SCROLL_AREA_HIDE_DELAY).toBe(600)
    expect(PAGE_LOADING).toEqual({ throttle: 200, duration: 2000 })
  })

  test('sidebar flag defaults to open', () => {
    expect(parseSidebarOpen(null)).toBe(true)
    expect(parseSidebarOpen('garbage')).toBe(true)
    expect(parseSidebarOpen('false')).toBe(false)
    expect(parseSidebarOpen('true')).toBe(true)
  })

  test('loading progress creeps towards 90% over the duration', () => {
    expect(loadingProgress(0)).toBe(0)
    expect(loadingProgress(PAGE_LOADING.duration)).toBeGreaterThan(0.8)
    expect(loadingProgress(1e9)).toBeLessThanOrEqual(0.9)
    expect(loadingProgress(500)).toBeLessThan(loadingProgress(1000))
  })

  test('toast swipe threshold 50 px', () => {
    expect(isSwipeDismiss(49)).toBe(false)
    expect(isSwipeDismiss(50)).toBe(true)
    expect(isSwipeDismiss(-80)).toBe(true)
  })

  test('a non-dismissible dialog ignores Escape and outside clicks', () => {
    expect(dismissProps(false)).toEqual({ closeOnEscape: false, closeOnInteractOutside: false })
    expect(dismissProps(true)).toEqual({ closeOnEscape: true, closeOnInteractOutside: true })
  })
})

describe('country combobox matching', () => {
  const gb = { name: 'United Kingdom', dialCode: '+44', code: 'GB', flag: '🇬🇧' }
  const ci = { name: "Côte d'Ivoire", dialCode: '+225', code: 'CI', flag: '🇨🇮' }
  test('by name, code or dial code', () => {
    expect(countryMatches(gb, 'united')).toBe(true)
    expect(countryMatches(gb, 'gb')).toBe(true)
    expect(countryMatches(gb, '+44')).toBe(true)
    expect(countryMatches(gb, '44')).toBe(true)
    expect(countryMatches(gb, '+4')).toBe(true)
    expect(countryMatches(gb, 'france')).toBe(false)
    expect(countryMatches(gb, '+1')).toBe(false)
    expect(countryMatches(ci, 'cote')).toBe(true)
    expect(countryMatches(ci, '')).toBe(true)
  })
})
