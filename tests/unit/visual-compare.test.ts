/**
 * The visual tests' comparison (scripts/visual.ts): the same image passes, a difference of a few
 * colour levels and a few stray pixels pass, a changed area or a changed size fails with the
 * reason; a 16 px icon swapped for another (real lucide icons, rasterized with anti-aliasing, on
 * a page as large as a desktop snapshot, light and dark) fails, and so does one step of a colour
 * scale; snapshot names and the committed baselines line up (four per story: light and dark at
 * 1280 and 390 px).
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import * as icons from 'lucide-react'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { BASELINES, comparePng, MAX_DIFF_PIXELS, MODES, shotName, WIDTHS } from '../../scripts/visual'

function image(width: number, height: number, paint?: (x: number, y: number) => [number, number, number] | null): Buffer {
  const png = new PNG({ width, height })
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const [r, g, b] = paint?.(x, y) ?? [255, 255, 255]
      png.data[i] = r
      png.data[i + 1] = g
      png.data[i + 2] = b
      png.data[i + 3] = 255
    }
  return PNG.sync.write(png)
}

describe('visual comparison', () => {
  const base = image(200, 100, (x, y) => (x > 20 && x < 120 && y > 30 && y < 60 ? [30, 30, 30] : null))

  test('the same image passes', () => {
    expect(comparePng(base, base)).toMatchObject({ equal: true })
  })

  test('a faint difference under the colour threshold passes; a few stray pixels under the limit pass', () => {
    const faint = image(200, 100, (x, y) => (x > 20 && x < 120 && y > 30 && y < 60 ? [33, 33, 33] : null))
    expect(comparePng(faint, base).equal).toBe(true)
    const allowed = MAX_DIFF_PIXELS
    const stray = image(200, 100, (x, y) => (y === 0 && x < allowed ? [0, 0, 0] : x > 20 && x < 120 && y > 30 && y < 60 ? [30, 30, 30] : null))
    expect(comparePng(stray, base).equal).toBe(true)
  })

  test('a changed colour or a moved block fails, with the share of pixels and a difference image', () => {
    const recoloured = image(200, 100, (x, y) => (x > 20 && x < 120 && y > 30 && y < 60 ? [200, 30, 30] : null))
    const result = comparePng(recoloured, base)
    expect(result.equal).toBe(false)
    expect(result.reason).toMatch(/^2871 pixels differ \(14\.355%, 4 allowed\)$/)
    expect(PNG.sync.read(result.diff!).width).toBe(200)
    const moved = image(200, 100, (x, y) => (x > 21 && x < 121 && y > 30 && y < 60 ? [30, 30, 30] : null))
    expect(comparePng(moved, base).equal).toBe(false)
  })

  test('one step of a colour scale fails (the red of a danger button, a gray background)', () => {
    const fill = (rgb: [number, number, number]) => image(200, 100, (x, y) => (x > 20 && x < 120 && y > 30 && y < 60 ? rgb : null))
    // red 9 to red 11 (Park UI light): the danger fill's change, which the former 0.1 let pass
    expect(comparePng(fill([0xce, 0x2c, 0x31]), fill([0xe5, 0x48, 0x4d])).equal).toBe(false)
    // stone 2 to stone 3
    expect(comparePng(fill([0xe7, 0xe5, 0xe4]), fill([0xf5, 0xf5, 0xf4])).equal).toBe(false)
  })

  test('another size fails', () => {
    expect(comparePng(image(200, 101), base)).toEqual({ equal: false, reason: 'size 200x101, baseline 200x100' })
  })

  test('a 16 px icon swapped for another fails, even on a full desktop page', async () => {
    /** A 1280x800 page of one colour with one 16 px lucide icon on it (rasterized with anti-aliasing, as a browser does). */
    const page = async (icon: string, bg: readonly [number, number, number], color: string) => {
      const svg = renderToStaticMarkup(createElement((icons as Record<string, any>)[icon], { size: 16, color }))
      return await sharp({ create: { width: 1280, height: 800, channels: 4, background: { r: bg[0], g: bg[1], b: bg[2], alpha: 1 } } })
        .composite([{ input: Buffer.from(svg), left: 640, top: 400 }])
        .png({ compressionLevel: 1 })
        .toBuffer()
    }
    const modes = [
      ['light', [255, 255, 255], '#1c1917'],
      ['dark', [17, 17, 17], '#e7e5e4'],
    ] as const
    // The smallest changes first: a chevron turned, a calendar with its dots, a cross for a plus.
    const swaps = [
      ['ChevronRightIcon', 'ChevronDownIcon'],
      ['CalendarIcon', 'CalendarDaysIcon'],
      ['XIcon', 'PlusIcon'],
    ] as const
    const failed: string[] = []
    const formerlyPassed: string[] = []
    for (const [mode, bg, color] of modes) {
      const before = await page('ChevronRightIcon', bg, color)
      // The icon drawn again gives the same pixels: an unchanged page passes.
      expect(comparePng(await page('ChevronRightIcon', bg, color), before).equal).toBe(true)
      for (const [from, to] of swaps) {
        const was = from === 'ChevronRightIcon' ? before : await page(from, bg, color)
        const now = await page(to, bg, color)
        if (!comparePng(now, was).equal) failed.push(`${from}>${to} ${mode}`)
        // The former settings: colour distance 0.1, anti-aliased pixels skipped, 0.02% of the pixels allowed.
        const changed = pixelmatch(PNG.sync.read(now).data, PNG.sync.read(was).data, undefined, 1280, 800, { threshold: 0.1 })
        if (changed <= Math.floor(1280 * 800 * 0.0002)) formerlyPassed.push(`${from}>${to} ${mode}`)
      }
    }
    const all = modes.flatMap(([mode]) => swaps.map(([from, to]) => `${from}>${to} ${mode}`))
    expect(failed).toEqual(all)
    expect(formerlyPassed).toEqual(all)
  })

  test('baselines come in fours per story: light and dark at 1280 and 390 px', () => {
    expect(shotName({ id: 'components-button--sizes', mode: 'dark', width: 390 })).toBe('components-button--sizes--dark-390')
    const files = readdirSync(BASELINES).filter((f) => f.endsWith('.png'))
    const stories = new Map<string, number>()
    for (const f of files) {
      const m = /^(.+)--(light|dark)-(1280|390)\.png$/.exec(f)
      expect(m).not.toBeNull()
      stories.set(m![1]!, (stories.get(m![1]!) ?? 0) + 1)
    }
    expect(stories.size).toBeGreaterThan(100)
    for (const [story, n] of stories) expect([story, n]).toEqual([story, MODES.length * WIDTHS.length])
  })
})
