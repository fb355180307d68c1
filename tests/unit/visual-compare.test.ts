/**
 * The visual tests' comparison (scripts/visual.ts): the same image passes, a few pixels of
 * anti-aliasing noise pass, a changed area or a changed size fails with the reason; snapshot
 * names and the committed baselines line up (four per story: light and dark at 1280 and 390 px).
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { PNG } from 'pngjs'
import { BASELINES, comparePng, MAX_DIFF_RATIO, MODES, shotName, WIDTHS } from '../../scripts/visual'

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

  test('a faint difference under the colour threshold passes; a few stray pixels under the ratio pass', () => {
    const faint = image(200, 100, (x, y) => (x > 20 && x < 120 && y > 30 && y < 60 ? [34, 34, 34] : null))
    expect(comparePng(faint, base).equal).toBe(true)
    const allowed = Math.floor(200 * 100 * MAX_DIFF_RATIO)
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

  test('another size fails', () => {
    expect(comparePng(image(200, 101), base)).toEqual({ equal: false, reason: 'size 200x101, baseline 200x100' })
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
